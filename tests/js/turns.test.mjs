// The words of a turn-based table's clock (js/turns.js): its settings, and a deadline's time left.
import { test } from "node:test";
import assert from "node:assert/strict";
import { dueWords, duration, turnsWords } from "../../src/cardtable/web/static/js/turns.js";

test("a length of time is said in the largest unit it fills", () => {
  assert.equal(duration(86400), "1 day");
  assert.equal(duration(3 * 86400), "3 days");
  assert.equal(duration(36 * 3600), "36 hours");
  assert.equal(duration(3600), "1 hour");
  assert.equal(duration(90 * 60), "90 minutes");
  assert.equal(duration(60), "1 minute");
});

test("a turn-based table's clock is one sentence, a live table's none", () => {
  const info = { mode: "turns", turn_seconds: 86400, bank_seconds: 3 * 86400, on_timeout: "bot" };
  assert.equal(turnsWords(info), "Turn-based: 1 day a move, and a bank of 3 days for the match; when both run out, the bot plays that one move.");
  assert.match(turnsWords({ ...info, on_timeout: "abandon" }), /the match is abandoned\.$/);
  assert.match(turnsWords({ ...info, on_timeout: "replace" }), /a bot takes the seat for good\.$/);
  assert.equal(turnsWords({ status: "playing" }), "");
  assert.equal(turnsWords(null), "");
});

test("a deadline says the time left, and when it is up", () => {
  assert.equal(dueWords(1000 + 7200, 1000), "2 hours left");
  assert.equal(dueWords(1000 + 30, 1000), "1 minute left");
  assert.equal(dueWords(1000, 1000), "time is up");
});
