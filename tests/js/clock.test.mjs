import { test } from "node:test";
import assert from "node:assert/strict";
import { STAND_IN_MS, clockOf, clockText, msLeft, ranOut, standInOver, standInWords } from "../../src/cardtable/web/static/js/clock.js";

test("a message's clock is read with the moment it came and counted down from there", () => {
  const c = clockOf({ t: "event", clock: { seat: 2, ms_left: 30000 } }, 1000);
  assert.deepEqual(c, { seat: 2, msLeft: 30000, at: 1000 });
  assert.equal(msLeft(c, 1000), 30000);
  assert.equal(msLeft(c, 11500), 19500);
  assert.equal(msLeft(c, 99999), 0);
  assert.equal(clockOf({ t: "event" }, 0), null);
  assert.equal(clockOf({ clock: { seat: "2", ms_left: 5 } }, 0), null);
});

test("time left is shown in minutes and seconds, rounded up", () => {
  assert.equal(clockText(65000), "1:05");
  assert.equal(clockText(9001), "0:10");
  assert.equal(clockText(1), "0:01");
  assert.equal(clockText(0), "0:00");
  assert.equal(clockText(-5), "0:00");
});

test("what the page says when the time ran out", () => {
  assert.equal(ranOut("Ann", "Ann plays 10♦."), "Time ran out: a bot played for Ann. Ann plays 10♦.");
  assert.equal(ranOut("you", ""), "Time ran out: a bot played for you.");
});

test("the note that a bot moved for a person stays to be read: several seconds, and until the person's next turn", () => {
  assert.ok(STAND_IN_MS >= 5000, "several seconds, not the next bot's 0.8 s");
  const mine = { seat: 0, v: 10, at: 1000 };
  assert.equal(standInOver(mine, 1000 + 800, 0, false, 11), false, "the next bot's move does not take it away");
  assert.equal(standInOver(mine, 1000 + STAND_IN_MS + 1, 0, false, 14), false, "not before the person's own next turn");
  assert.equal(standInOver(mine, 1000 + 2000, 0, true, 14), false, "not before it could be read, even at that turn");
  assert.equal(standInOver(mine, 1000 + STAND_IN_MS + 1, 0, true, 14), true);
  const theirs = { seat: 2, v: 10, at: 1000 };
  assert.equal(standInOver(theirs, 1000 + STAND_IN_MS - 1, 0, false, 11), false);
  assert.equal(standInOver(theirs, 1000 + STAND_IN_MS + 1, 0, false, 11), true, "someone else's: after a few seconds");
  assert.equal(standInWords("you", "You play 10♦.", false), "Time ran out: a bot played for you. You play 10♦.");
  assert.equal(standInWords("Ann", "Ann plays 10♦.", true), "Ann is away: a bot played for Ann. Ann plays 10♦.");
});
