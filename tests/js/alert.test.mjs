import { test } from "node:test";
import assert from "node:assert/strict";
import { setSetting, settings, turnTitle } from "../../src/cardtable/web/static/js/alert.js";

function memory() {
  const m = new Map();
  return { getItem: (k) => (m.has(k) ? m.get(k) : null), setItem: (k, v) => m.set(k, String(v)) };
}

test("on a first visit the sound is off; the rest follow reduced motion", () => {
  assert.deepEqual(settings(memory(), false), { sound: false, vibrate: true, title: true, motion: true });
  assert.deepEqual(settings(memory(), true), { sound: false, vibrate: false, title: true, motion: false });
});

test("a switch is remembered, and a stored choice wins over the system's preference", () => {
  const store = memory();
  setSetting(store, true, "sound", true);
  setSetting(store, true, "motion", true);
  assert.deepEqual(settings(store, true), { sound: true, vibrate: false, title: true, motion: true });
  store.setItem("cardtable:settings", "[1,2]");
  assert.deepEqual(settings(store, false), { sound: false, vibrate: true, title: true, motion: true });
  store.setItem("cardtable:settings", "{bad");
  assert.equal(settings(store, false).sound, false);
});

test("the tab's title is marked while it is your turn", () => {
  assert.equal(turnTitle("cardtable · Seep", true), "▶ Your turn · cardtable · Seep");
  assert.equal(turnTitle("cardtable · Seep", false), "cardtable · Seep");
});
