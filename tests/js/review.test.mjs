import { test } from "node:test";
import assert from "node:assert/strict";
import { cardsOf, decisionLine, graph, graphWords, points, progressText, reviewSteps, summaryLine } from "../../src/cardtable/web/static/js/review.js";

/** A reviewed hand as the server gives it: three steps after the deal, two decisions of seat 0. */
const review = {
  game: "smear", seats: 4, seat: 0, hand: 0, level: "medium", complete: true, value: -2,
  steps: [
    { action: null, view: { seat: 0, hand: ["AS", "10S"] }, to_act: 0 },
    { action: "0 play AS", view: { seat: 0, hand: ["10S"] }, to_act: 1 },
    { action: "1 play KS", view: { seat: 0, hand: ["10S"] }, to_act: 0 },
    { action: "0 play 10S", view: { seat: 0, hand: [] }, to_act: null },
  ],
  decisions: [
    { hand: 0, index: 0, seat: 0, made: "play AS", forced: false, best: "play AS", made_value: 1, best_value: 1, loss: 0, grade: "best", why: "" },
    { hand: 0, index: 2, seat: 0, made: "play 10S", forced: false, best: "play JS", made_value: -1.5, best_value: 0.5, loss: 2, grade: "blunder", why: "the Jack was lost" },
  ],
};

test("a move's cards are read from its words", () => {
  assert.deepEqual(cardsOf("play 10D"), ["10D"]);
  assert.deepEqual(cardsOf("2 build 9 6S+3D"), ["6S", "3D"]);
  assert.deepEqual(cardsOf("capture QS QC"), ["QS", "QC"]);
  assert.deepEqual(cardsOf("bid 10"), []);
  assert.deepEqual(cardsOf(null), []);
});

test("each step carries the decision made from its view", () => {
  const steps = reviewSteps(review);
  assert.equal(steps.length, 4);
  assert.equal(steps[0].decision.made, "play AS");
  assert.equal(steps[0].next, "0 play AS");
  assert.equal(steps[1].decision, null);
  assert.equal(steps[2].decision.grade, "blunder");
  assert.equal(steps[3].next, null);
});

test("a decision and the review are told in words", () => {
  assert.equal(decisionLine(review.decisions[0]), "play AS: best (expected +1.00).");
  assert.equal(decisionLine(review.decisions[1]),
    "play 10S: a blunder, 2.00 points lost; better play JS (expected +0.50 against −1.50). The Jack was lost.");
  assert.equal(decisionLine({ made: "pass", forced: true }), "pass: the only legal move.");
  const said = (/** @type {string} */ a) => `You ${a.replace("play ", "play ")}`;
  assert.match(decisionLine(review.decisions[1], said), /^You play 10S: a blunder, 2\.00 points lost; better you play JS /);
  assert.equal(summaryLine(review), "2 decisions, 2 with a choice: accuracy 50%, 2.00 points lost (1 blunder).");
  assert.equal(summaryLine({ decisions: [] }), "0 decisions, 0 with a choice: no choice to make, 0.00 points lost.");
  assert.equal(points(-0.5), "−0.50");
  assert.equal(progressText({ state: "running", done: 3, total: 7 }), "Reviewing: 3 of 7 decisions");
  assert.equal(progressText({ state: "queued", done: 0, total: null }), "Waiting for the reviewer…");
  assert.match(graphWords(review), /largest loss was 2\.00 at step 2.*ended at −2\.00/);
});

test("the graph places each decision by its step and value, with the result last", () => {
  const g = graph(review, 200, 100, 10);
  assert.equal(g.points.length, 3);
  assert.deepEqual(g.points.map((p) => p.x), [10, 10 + 180 * 2 / 3, 190]);
  assert.equal(g.low, -2);
  assert.equal(g.high, 1);
  assert.equal(g.points[0].yMade, 10); // the highest value at the top
  assert.equal(g.points[2].yMade, 90); // the lowest at the bottom
  assert.equal(g.zero, 10 + 80 / 3);
  assert.match(g.made, /^M10\.0,10\.0 L130\.0,/);
  assert.notEqual(g.best, g.made);
  const flat = graph({ steps: [{}, {}], decisions: [] }, 100, 50);
  assert.equal(flat.points.length, 0);
  assert.equal(flat.made, "");
});
