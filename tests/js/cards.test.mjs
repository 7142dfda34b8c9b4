import { test } from "node:test";
import assert from "node:assert/strict";
import { modules } from "./games.mjs";
import { parseCard, prettyCard, sortHand, suitOrder, fanLayout, cardImage } from "../../src/cardtable/web/static/js/cards.js";

const SHEEPSHEAD_TRUMPS = modules.sheepshead.TRUMPS;

test("cards are read as the records write them, tens either way", () => {
  assert.deepEqual(parseCard("10d"), { rank: "10", suit: "D" });
  assert.deepEqual(parseCard("TD"), { rank: "10", suit: "D" });
  assert.equal(parseCard("1D"), null);
  assert.equal(parseCard("QX"), null);
  assert.equal(prettyCard("10D"), "10♦");
});

test("suits alternate in colour and trump leads", () => {
  for (const first of ["C", "D", "H", "S"]) {
    const order = suitOrder(first, ["C", "D", "H", "S"]);
    assert.equal(order[0], first);
    for (let i = 1; i < order.length; i++) {
      const red = (s) => s === "H" || s === "D";
      assert.notEqual(red(order[i]), red(order[i - 1]), order.join());
    }
  }
});

test("Smear: trump together on the left, ace high, no jick", () => {
  const hand = ["7H", "JD", "AS", "JH", "KH", "9C"];
  const sorted = sortHand("smear", hand, { trump: "H" });
  assert.deepEqual(sorted.slice(0, 3), ["KH", "JH", "7H"]);
  assert.equal(sorted.indexOf("JD") > 2, true); // the other red jack is not trump
  assert.deepEqual([...sorted].sort(), [...hand].sort());
});

test("Sheepshead: the fourteen trumps in their order first, then the fail", () => {
  const hand = ["AD", "QD", "AC", "JC", "10H", "QC", "7S", "9C"];
  const sorted = sortHand("sheepshead", hand);
  assert.deepEqual(sorted.slice(0, 4), ["QC", "QD", "JC", "AD"]);
  assert.deepEqual(sorted.slice(4).sort(), ["10H", "7S", "9C", "AC"].sort());
  const fail = sorted.slice(4);
  assert.ok(fail.indexOf("AC") < fail.indexOf("9C"));
  assert.deepEqual(sortHand("sheepshead", [...SHEEPSHEAD_TRUMPS].reverse()), SHEEPSHEAD_TRUMPS);
});

test("Seep: low to high within a suit", () => {
  assert.deepEqual(sortHand("seep", ["KS", "AS", "10S", "2S"]), ["AS", "2S", "10S", "KS"]);
});

test("a fan fits the width and keeps every card tappable, wrapping when it must", () => {
  for (const [n, width] of [[4, 375], [12, 343], [13, 343], [8, 1000], [1, 200]]) {
    const fan = fanLayout(n, width, 72, 34);
    assert.equal(fan.positions.length, n);
    for (const p of fan.positions) assert.ok(p.left >= 0 && p.left + 72 <= width + 0.5, `${n} ${width} ${p.left}`);
    if (fan.perRow > 1) assert.ok(fan.step >= 34, `${n} cards in ${width}px: step ${fan.step}`);
  }
  assert.equal(fanLayout(13, 343, 72, 34).rows, 2);
  assert.equal(fanLayout(6, 1000, 72).rows, 1);
});

test("the four-colour deck changes only clubs and diamonds", () => {
  assert.equal(cardImage("10D", { fourColour: true }), "/static/cards/4/10D.svg");
  assert.equal(cardImage("10H", { fourColour: true }), "/static/cards/10H.svg");
  assert.equal(cardImage(null), "/static/cards/back.svg");
});
