import { test } from "node:test";
import assert from "node:assert/strict";
import { Connection } from "../../src/cardtable/web/static/js/connection.js";

/** A fake socket the test plays the server with. */
function harness(token = "tok") {
  const sockets = [];
  const timers = [];
  const states = [];
  const statuses = [];
  const rejected = [];
  let n = 0;
  const conn = new Connection({
    url: "ws://x/ws/tables/t1",
    token,
    open: () => {
      const s = { sent: [], closed: null, send(d) { this.sent.push(JSON.parse(d)); }, close(c) { this.closed = c; },
        onopen: null, onmessage: null, onclose: null, onerror: null };
      sockets.push(s);
      return s;
    },
    schedule: (fn, ms) => timers.push({ fn, ms }),
    newId: () => `c-${++n}`,
    onState: (s) => states.push(structuredClone(s)),
    onStatus: (s) => statuses.push(s),
    onRejected: (m, a) => rejected.push([m.reason, a]),
  });
  const serve = (s, msg) => s.onmessage({ data: JSON.stringify(msg) });
  return { conn, sockets, timers, states, statuses, rejected, serve };
}

test("hello carries the token and the last version; the snapshot sets the state", () => {
  const h = harness();
  h.conn.connect();
  const s = h.sockets[0];
  s.onopen();
  assert.deepEqual(s.sent[0], { t: "hello", token: "tok", v: 0 });
  h.serve(s, { t: "snapshot", v: 5, seat: 2, view: { a: 1 }, legal: ["bid 3"], log: ["deal"] });
  assert.equal(h.conn.state.v, 5);
  assert.equal(h.conn.state.seat, 2);
  assert.deepEqual(h.conn.state.legal, ["bid 3"]);
  assert.equal(h.statuses.at(-1), "open");
});

test("events apply in order; one already seen is ignored; a gap asks again", () => {
  const h = harness();
  h.conn.connect();
  h.sockets[0].onopen();
  h.serve(h.sockets[0], { t: "snapshot", v: 5, seat: 2, view: {}, legal: [], log: ["deal"] });
  h.serve(h.sockets[0], { t: "event", v: 6, action: "3 bid 2", view: { b: 1 }, legal: ["pass"] });
  h.serve(h.sockets[0], { t: "event", v: 6, action: "3 bid 2", view: { b: 1 } });
  assert.deepEqual(h.conn.state.log, ["deal", "3 bid 2"]);
  assert.deepEqual(h.conn.state.legal, ["pass"]);
  h.serve(h.sockets[0], { t: "event", v: 8, action: "1 pass", view: {} });
  assert.equal(h.conn.state.v, 6, "a gap is not applied");
  assert.equal(h.sockets[0].closed, 4000);
  h.sockets[1].onopen();
  assert.deepEqual(h.sockets[1].sent[0], { t: "hello", token: "tok", v: 6 });
});

test("a move is kept until acknowledged and resent with the same id after a drop", () => {
  const h = harness();
  h.conn.connect();
  h.sockets[0].onopen();
  h.serve(h.sockets[0], { t: "snapshot", v: 9, seat: 0, view: {}, legal: ["play 10D"], log: [] });
  const id = h.conn.act("play 10D");
  assert.deepEqual(h.sockets[0].sent.at(-1), { t: "act", v: 9, action: "play 10D", id });
  h.sockets[0].onclose({ code: 1006 });
  assert.equal(h.statuses.at(-1), "reconnecting");
  assert.equal(h.timers.length, 1);
  h.timers[0].fn();
  h.sockets[1].onopen();
  assert.deepEqual(h.sockets[1].sent[0], { t: "hello", token: "tok", v: 9 });
  h.serve(h.sockets[1], { t: "snapshot", v: 9, seat: 0, view: {}, legal: ["play 10D"], log: [] });
  assert.deepEqual(h.sockets[1].sent.at(-1), { t: "act", v: 9, action: "play 10D", id }, "the same id again");
  h.serve(h.sockets[1], { t: "ack", id, v: 10 });
  assert.equal(h.conn.pending.size, 0);
});

test("a refusal reaches the page with the move it refused", () => {
  const h = harness();
  h.conn.connect();
  h.sockets[0].onopen();
  h.serve(h.sockets[0], { t: "snapshot", v: 1, seat: 0, view: {}, legal: [], log: [] });
  const id = h.conn.act("play 7H");
  h.serve(h.sockets[0], { t: "rejected", id, reason: "illegal", message: "seat 0 play 7H: must follow (R24)" });
  assert.deepEqual(h.rejected, [["illegal", "play 7H"]]);
  assert.equal(h.conn.pending.size, 0);
});

test("a bad token or an unknown table stops trying; other drops back off up to 8 s", () => {
  const h = harness();
  h.conn.connect();
  h.sockets[0].onclose({ code: 4401 });
  assert.equal(h.statuses.at(-1), "closed");
  assert.equal(h.timers.length, 0);
  const g = harness();
  g.conn.connect();
  const pauses = [];
  for (let i = 0; i < 8; i++) {
    g.sockets.at(-1).onclose({ code: 1006 });
    pauses.push(g.timers.at(-1).ms);
    g.timers.at(-1).fn();
  }
  assert.deepEqual(pauses, [250, 500, 1000, 2000, 4000, 8000, 8000, 8000]);
});

test("talk is sent with an id while connected, and not sent (nor kept) while away", () => {
  const h = harness();
  h.conn.connect();
  const s = h.sockets[0];
  assert.equal(h.conn.say("Hello!"), false);
  s.onopen();
  h.serve(s, { t: "snapshot", v: 1, seat: 0, view: {}, legal: [], log: [] });
  assert.equal(h.conn.say("Hello!"), true);
  assert.deepEqual(s.sent.at(-1), { t: "say", text: "Hello!", id: "c-1" });
  assert.equal(h.conn.pending.size, 0);
});

test("the moves a bot made for a person are kept by their place in the log, across a reconnect", () => {
  const h = harness();
  h.conn.connect();
  h.sockets[0].onopen();
  h.serve(h.sockets[0], { t: "snapshot", v: 5, seat: 2, view: {}, legal: [], log: ["deal", "1 bid 2"], stand_ins: [1] });
  assert.deepEqual(h.conn.state.standIns, [1]);
  h.serve(h.sockets[0], { t: "event", v: 6, action: "2 pass", view: {}, stand_in: true });
  h.serve(h.sockets[0], { t: "event", v: 7, action: "3 pass", view: {} });
  assert.deepEqual(h.conn.state.standIns, [1, 2]);
  h.serve(h.sockets[0], { t: "snapshot", v: 7, seat: 2, view: {}, legal: [], log: ["deal", "1 bid 2", "2 pass", "3 pass"] });
  assert.deepEqual(h.conn.state.standIns, [], "a snapshot says them all again (none here)");
});
