import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { modules } from "./games.mjs";
import { sortHand } from "../../src/cardtable/web/static/js/cards.js";
import { infoLines, seatFacts } from "../../src/cardtable/web/static/js/dom.js";
import { movePrompt, relation, seatCount, sides, summary, whoAmI } from "../../src/cardtable/web/static/js/format.js";
import { partsOf } from "../../src/cardtable/web/static/js/games.js";
import { game as generic } from "../../src/cardtable/web/static/js/gamedefault.js";

test("a game without a module of its own is drawn the generic way", () => {
  assert.deepEqual(generic(), {});
  assert.deepEqual(partsOf("toy"), {});
  // its hand by suit in alternating colours, trump first once known, ace high
  assert.deepEqual(sortHand("toy", ["10C", "AH", "KC", "QD", "AC"]), ["AH", "AC", "KC", "10C", "QD"]);
  assert.deepEqual(sortHand("toy", ["10C", "AH", "KC", "QD"], { trump: "D" }), ["QD", "KC", "10C", "AH"]);
  assert.equal(seatCount("toy"), 4);
  assert.deepEqual(sides("toy", 3), [[0], [1], [2]]);
  assert.equal(relation("toy", {}, 1, 0), "opponent");
  assert.equal(relation("toy", {}, 0, 0), "you");
  assert.equal(relation("toy", {}, 1, null), "");
  assert.equal(whoAmI("toy", {}, 2, ["", "", "Ann"]), "You are Ann, seat 2");
  assert.deepEqual(summary("toy", { result: "played", score: [1, 3, 1], details: {} }, 0), ["played: 1 3 1"]);
  assert.equal(movePrompt("toy", ["capture 5C 5H", "build 9 4C 5H"]), "Your move: choose a card.");
  const view = { dealer: 1, hand_sizes: [4, 4, 3], trick: { leader: 2, cards: ["AC"] }, tricks: [{ leader: 0, cards: ["KH", "AH", "10H"], winner: 1 }] };
  assert.deepEqual(seatFacts("toy", view, 3), [
    { held: 4, marks: [], taken: "tricks 0" },
    { held: 4, marks: ["dealer"], taken: "tricks 1" },
    { held: 3, marks: [], taken: "tricks 0" },
  ]);
  assert.deepEqual(infoLines("toy", view, []), []);
});

test("each game's module gives its own parts", () => {
  assert.deepEqual(Object.keys(modules).sort(), ["seep", "sheepshead", "smear"]);
  assert.deepEqual(sides("smear"), [[0, 2], [1, 3]]);
  assert.deepEqual(sides("sheepshead"), [[0], [1], [2], [3], [4]]);
  assert.equal(seatCount("sheepshead"), 5);
  assert.equal(relation("seep", {}, 2, 0), "your partner");
  assert.equal(typeof partsOf("seep").middle, "function");
  assert.equal(partsOf("seep").oneClickPlay, false);
  assert.equal(partsOf("smear").middle, undefined); // the trick, drawn the generic way
});

test("no generic page module names a game: what one game draws is in its package", () => {
  const dir = new URL("../../src/cardtable/web/static/js/", import.meta.url);
  const table = ["cards.js", "dom.js", "format.js", "table.js", "replay.js", "motion.js", "games.js", "gameload.js", "gamedefault.js"];
  for (const file of readdirSync(dir).filter((f) => table.includes(f))) {
    const code = readFileSync(new URL(file, dir), "utf8")
      .replace(/\/\*[\s\S]*?\*\//g, "") // prose in comments may name them
      .replace(/\/\/.*$/gm, "");
    const named = code.match(/["'`](seep|smear|sheepshead)["'`]/gi);
    assert.equal(named, null, `${file} names ${named}`);
  }
});
