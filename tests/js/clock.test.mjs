import { test } from "node:test";
import assert from "node:assert/strict";
import { clockOf, clockText, msLeft, ranOut } from "../../src/cardtable/web/static/js/clock.js";

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
