import { test } from "node:test";
import assert from "node:assert/strict";
import { infoLines } from "../../src/cardtable/web/static/js/dom.js";

test("a finished hand's facts show the match after it, not as it stood at the deal", () => {
  const seep = { seat: 0, phase: "over", bid: 10, dealer: 3, piles: [[], []], sweeps: [0, 0], match: { difference: 0, baazis: [0, 0] } };
  const after = { difference: -24, baazis: [0, 0] };
  assert.equal(infoLines("seep", seep, [], after).at(-1), "Lead 24 to seats 1+3 · baazis 0–0");
  assert.equal(infoLines("seep", seep, []).at(-1), "Lead 0 · baazis 0–0");
  assert.equal(infoLines("seep", { ...seep, phase: "play" }, [], after).at(-1), "Lead 0 · baazis 0–0");
  const smear = { seat: 0, phase: "over", scores: [0, 0] };
  assert.equal(infoLines("smear", smear, [], { scores: [-3, 2] }).at(-1), "Match -3–2 (seats 0+2 / 1+3)");
  assert.equal(infoLines("smear", smear, []).at(-1), "Match 0–0 (seats 0+2 / 1+3)");
});
