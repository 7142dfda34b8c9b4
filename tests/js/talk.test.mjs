import { test } from "node:test";
import assert from "node:assert/strict";
import { addLine, allowed, KEEP, MUTE_KEY, mutedNames, speaker, toggleMute } from "../../src/cardtable/web/static/js/talk.js";

/** A storage kept in a Map, as the browser's localStorage behaves. */
function memory() {
  const m = new Map();
  return { getItem: (k) => (m.has(k) ? m.get(k) : null), setItem: (k, v) => m.set(k, String(v)), m };
}

test("muting a name keeps it in the browser's storage; muting again unmutes", () => {
  const store = memory();
  assert.deepEqual(mutedNames(store), []);
  assert.deepEqual(toggleMute(store, "Bo"), ["Bo"]);
  assert.deepEqual(toggleMute(store, "Cy"), ["Bo", "Cy"]);
  assert.deepEqual(JSON.parse(store.m.get(MUTE_KEY)), ["Bo", "Cy"]);
  assert.deepEqual(toggleMute(store, "Bo"), ["Cy"]);
  assert.deepEqual(mutedNames(store), ["Cy"]);
});

test("a mute list that is not a list of names reads as empty", () => {
  const store = memory();
  store.setItem(MUTE_KEY, "{not json");
  assert.deepEqual(mutedNames(store), []);
  store.setItem(MUTE_KEY, JSON.stringify({ a: 1 }));
  assert.deepEqual(mutedNames(store), []);
  assert.deepEqual(mutedNames(null), []);
});

test("the speaker is 'you', a player's name, or a spectator marked so", () => {
  assert.equal(speaker({ seat: 1, name: "Bo", text: "hi" }, 1), "you");
  assert.equal(speaker({ seat: 2, name: "Cy", text: "hi" }, 1), "Cy");
  assert.equal(speaker({ seat: null, name: "a spectator", text: "hi" }, 1), "a spectator");
  assert.equal(speaker({ seat: null, name: "Di", text: "hi" }, null), "Di (watching)");
});

test("what may be said: phrases only while a hand is played at a phrases table; nothing when off", () => {
  assert.deepEqual(allowed("phrases", true), { phrases: true, free: false });
  assert.deepEqual(allowed("phrases", false), { phrases: true, free: true });
  assert.deepEqual(allowed("free", true), { phrases: true, free: true });
  assert.deepEqual(allowed("off", false), { phrases: false, free: false });
});

test("the panel keeps the last lines only, as plain strings", () => {
  let lines = [];
  for (let i = 0; i < KEEP + 5; i++) lines = addLine(lines, { seat: 0, name: "Ann", text: `<b>${i}</b>` });
  assert.equal(lines.length, KEEP);
  assert.equal(lines[0].text, "<b>5</b>");
  assert.equal(typeof addLine([], { seat: null, name: 3, text: 4 })[0].name, "string");
});
