// The player's page's words and its chart's scale (docs/ratings.md): numbers with a true minus
// sign, each statistic's value, and who sat with the player at a table.
import { test } from "node:test";
import assert from "node:assert/strict";
import { change, fixed, sittings, statValue } from "../../src/cardtable/web/static/js/standing.js";
import { scale } from "../../src/cardtable/web/static/js/chart.js";

test("numbers and changes use a true minus sign", () => {
  assert.equal(fixed(-3.25), "−3.3");
  assert.equal(fixed(27), "27.0");
  assert.equal(change(1.94), "+1.9");
  assert.equal(change(-0.4), "−0.4");
  assert.equal(change(0), "0.0");
});

test("a statistic is a share, a count a hand, or an average", () => {
  assert.equal(statValue({ count: 12, of: 80, share: 0.15 }), "12 of 80 (15%)");
  assert.equal(statValue({ count: -148, mean: -0.93, per: "hands" }), "−148 (−0.93 a hand)");
  assert.equal(statValue({ count: 14, mean: 0.09, per: "hands" }), "14 (0.09 a hand)");
  assert.equal(statValue({ count: 13, mean: 3.25, per: "bids" }), "3.25");
  assert.equal(statValue({ count: 80 }), "80");
});

test("partners, opponents and partners by turns", () => {
  const people = [{ seat: 1, with: 0, against: 4 }, { seat: 2, with: 4, against: 0 }, { seat: 3, with: 1, against: 3 }];
  const got = sittings({ hands: 4, people });
  assert.deepEqual(got.partners.map((p) => p.seat), [2]);
  assert.deepEqual(got.opponents.map((p) => p.seat), [1]);
  assert.deepEqual(got.byTurns.map((p) => p.seat), [3]);
  assert.deepEqual(sittings({ hands: 0, people }).atTable, people);
});

test("the chart's scale holds every range with room to spare", () => {
  const [lo, hi] = scale([{ low: 9.05, high: 41.16 }, { low: 19.2, high: 34.8 }]);
  assert.ok(lo < 9.05 && hi > 41.16 && Number.isInteger(lo) && Number.isInteger(hi));
  const [a, b] = scale([{ low: 25, high: 25 }]);
  assert.ok(a < 25 && b > 25);
});
