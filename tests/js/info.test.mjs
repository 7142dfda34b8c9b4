import { test } from "node:test";
import assert from "node:assert/strict";
import "./games.mjs";
import { infoLines } from "../../src/cardtable/web/static/js/dom.js";

test("a finished hand's facts show the match after it, not as it stood at the deal", () => {
  const seep = { seat: 0, phase: "over", bid: 10, dealer: 3, piles: [[], []], sweeps: [0, 0], match: { difference: 0, baazis: [0, 0] } };
  const after = { difference: -24, baazis: [0, 0] };
  assert.equal(infoLines("seep", seep, [], after).at(-1), "Lead 24 to them · baazis: you 0, them 0");
  assert.equal(infoLines("seep", seep, []).at(-1), "Lead 0 · baazis: you 0, them 0");
  assert.equal(infoLines("seep", { ...seep, phase: "play" }, [], after).at(-1), "Lead 0 · baazis: you 0, them 0");
  const smear = { seat: 0, phase: "over", scores: [0, 0] };
  assert.equal(infoLines("smear", smear, [], { scores: [-3, 2] }).at(-1), "Match: you −3, them 2");
  assert.equal(infoLines("smear", smear, []).at(-1), "Match: you 0, them 0");
});

test("a spectator reads the sides by the players' names; seat 1 reads its own side first", () => {
  const smear = { phase: "play", scores: [-4, 1] };
  assert.equal(infoLines("smear", smear, ["Ann", "Bo", "Cy", "Di"]).at(-1), "Match: Ann and Cy −4, Bo and Di 1");
  assert.equal(infoLines("smear", { ...smear, seat: 1 }, ["Ann", "Bo", "Cy", "Di"]).at(-1), "Match: you 1, them −4");
  const seep = { seat: 3, phase: "play", bid: 9, dealer: 0, piles: [["KC"], ["QH", "QS"]], sweeps: [0, 50], match: { difference: 5, baazis: [1, 0] } };
  const lines = infoLines("seep", seep, ["Ann", "Bo", "Cy", "Di"]);
  assert.ok(lines.includes("Captured: you 2 (sweep points 50), them 1"), lines.join(" | "));
  assert.equal(lines.at(-1), "Lead 5 to them · baazis: you 0, them 1");
});
