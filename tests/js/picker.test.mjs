import { test } from "node:test";
import assert from "node:assert/strict";
import { tokensOf, matching, isLive, pickState, toggle } from "../../src/cardtable/web/static/js/picker.js";

test("the pieces of an action, as the terminal table reads them", () => {
  assert.deepEqual(tokensOf("capture jh H11 5C+6h"), ["JH", "H11", "5C", "6H"]);
  assert.deepEqual(tokensOf("bid 3"), []);
  assert.deepEqual(tokensOf("play TD"), ["10D"]);
});

const legal = ["throw 5C", "capture JH 5C+6H", "capture JH H11", "build 11 5C+6H", "throw JH"];

test("actions that use every picked piece, exact ones first", () => {
  assert.deepEqual(matching(legal, ["JH"]), ["throw JH", "capture JH 5C+6H", "capture JH H11"]);
  assert.deepEqual(matching(legal, ["JH", "H11"]), ["capture JH H11"]);
  assert.deepEqual(matching(legal, ["5C"]), ["throw 5C", "capture JH 5C+6H", "build 11 5C+6H"]);
});

test("floor items light up while they can still complete an action", () => {
  assert.equal(isLive(legal, ["JH"], "6H"), true);
  assert.equal(isLive(legal, ["JH", "H11"], "6H"), false);
  const st = pickState(legal, ["JH"], ["JH", "5C", "6H", "H11", "KD"]);
  assert.deepEqual([...st.live].sort(), ["5C", "6H", "H11", "JH"]);
  assert.deepEqual(st.complete, ["throw JH"]);
});

test("clicking a dead piece starts over with it; a piece no action uses is ignored", () => {
  assert.deepEqual(toggle(legal, ["JH", "H11"], "5C"), ["5C"]);
  assert.deepEqual(toggle(legal, ["JH"], "JH"), []);
  assert.deepEqual(toggle(legal, ["JH"], "KD"), ["JH"]);
});
