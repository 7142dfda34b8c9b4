import { test } from "node:test";
import assert from "node:assert/strict";
import "./games.mjs";
import { gameTitle, hintView, movePrompt, plainWords } from "../../src/cardtable/web/static/js/format.js";

test("games by the names players know them by", () => {
  assert.equal(gameTitle("smear"), "Four-Point Smear");
  assert.equal(gameTitle("sheepshead"), "Sheepshead");
  assert.equal(gameTitle("seep"), "Seep");
});

test("house rules in people's words: no identifiers, no null, no section numbers", () => {
  assert.equal(plainWords("follow_or_trump"), "follow or trump");
  assert.equal(
    plainWords("the non-bidding team's score cannot rise above this in a hand (null: no cap) (§3.14)"),
    "the non-bidding team's score cannot rise above this in a hand (left blank: no cap)",
  );
  assert.equal(plainWords("the largest hand multiplier (doubler, crack, blitz together); null = no limit"),
    "the largest hand multiplier (doubler, crack, blitz together) (left blank: no limit)");
  assert.equal(plainWords("how the picker gets a partner: called_ace (call a fail ace, R17-R22), none"),
    "how the picker gets a partner: called ace (call a fail ace), none");
  assert.equal(plainWords("leaster (R41), doubler (R42)"), "leaster, doubler");
  assert.equal(plainWords("jack_of_diamonds (the holder of JD, R34)"), "jack of diamonds (the holder of J♦)");
});

test("the bury and the discard say how many cards", () => {
  const bury = ["bury AC 10C", "bury AC 7D", "bury 10C 7D"];
  assert.equal(movePrompt("sheepshead", bury, 0), "Bury 2 cards: pick them in your hand.");
  assert.equal(movePrompt("sheepshead", bury, 1), "Bury 2 cards: pick 1 more in your hand.");
  assert.equal(movePrompt("sheepshead", bury, 2), "Bury 2 cards: press bury.");
  assert.equal(movePrompt("smear", ["discard 7C 8C", "discard 7C 9H"], 0), "Discard 2 cards: pick them in your hand.");
  assert.equal(movePrompt("seep", ["throw 5C", "capture 5C 5H"], 0), "Your move: pick a card of your hand, then floor items.");
});

test("hints whose margins are wider than their differences get one note, not a label on every line", () => {
  const close = hintView([
    { action: "throw 5C", value: 0.4, stderr: 2.1, standing: "best" },
    { action: "throw 6H", value: 0.1, stderr: 2.3, standing: "about equal to the best" },
    { action: "capture 5C 5H", value: -0.2, stderr: 1.9, standing: "about equal to the best" },
  ]);
  assert.match(close.note, /Too close to call/);
  assert.deepEqual(close.rows.map((r) => r.text), ["+0.40 ± 2.10 (best)", "+0.10 ± 2.30", "−0.20 ± 1.90"]);
  const apart = hintView([
    { action: "play AC", value: 2, stderr: 0.1, standing: "best" },
    { action: "play 7C", value: 1.95, stderr: 0.1, standing: "about equal to the best" },
    { action: "play 9C", value: -1, stderr: 0.1, standing: "" },
  ]);
  assert.equal(apart.note, "");
  assert.equal(apart.rows[1].text, "+1.95 ± 0.10 (about equal to the best)");
});
