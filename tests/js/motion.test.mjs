import { test } from "node:test";
import assert from "node:assert/strict";
import { DURATION, moves } from "../../src/cardtable/web/static/js/motion.js";

test("a played card moves from its seat, or from my hand, to the trick", () => {
  assert.deepEqual(moves("2 play AH", 0), [{ from: "seat:2", to: "played:AH", what: "AH", ghost: false }]);
  assert.deepEqual(moves("0 play AH", 0), [{ from: "card:AH", to: "played:AH", what: "AH", ghost: false }]);
});

test("a Seep capture gathers the hand card and every item to the capturer", () => {
  assert.deepEqual(moves("1 capture 9C 4H 5S H9", 0).map((m) => [m.from, m.to, m.ghost]), [
    ["seat:1", "seat:1", true], ["piece:4H", "seat:1", true], ["piece:5S", "seat:1", true], ["piece:H9", "seat:1", true],
  ]);
  assert.deepEqual(moves("0 capture 9C 9H", 0).map((m) => m.to), ["me", "me"]);
  assert.deepEqual(moves("3 throw 7D", 0), [{ from: "seat:3", to: "piece:7D", what: "7D", ghost: false }]);
  assert.deepEqual(moves("3 build 11 5C 6H", 0)[0].to, "piece:H11");
});

test("bids, passes and hidden moves do not move; each move is quick", () => {
  assert.deepEqual(moves("1 bid 3", 0), []);
  assert.deepEqual(moves("1 play", 0), []);
  assert.deepEqual(moves("deal", 0), []);
  assert.ok(DURATION <= 300);
});
