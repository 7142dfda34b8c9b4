// @ts-check
/**
 * The table page: join a seat (or watch), then the live table drawn from the seat's view — the
 * hand fanned and sorted, the seats around, the trick or what the game's own module draws in the
 * middle (`games.js`, loaded for the table's game by `gameload.js`), the actions as buttons,
 * refusals with the engine's reason, the end of each hand in words, the score sheet, the history.
 * @module table
 */

import { tableReviewButton } from "./review_view.js";
import { fanLayout, prettyCard, sortHand, cardWords } from "./cards.js";
import { Connection, FATAL_CODES } from "./connection.js";
import { inviteBox, inviteLink, shareBase } from "./invite.js";
import { actionLabel, describe, gameTitle, hintView, keyHint, movePrompt, num, peopleNames, places, refusalWords, seatCount, seatName, sides, summary, teamName, whoAmI } from "./format.js";
import { pickState, toggle, tokensOf } from "./picker.js";
import { actorOf, cardImg, fourColour, h, infoLines, middleBox, seatBox, seatMarks } from "./dom.js";
import { partsOf } from "./games.js";
import { loadGame } from "./gameload.js";
import { addLine, allowed, mutedNames, speaker, toggleMute } from "./talk.js";
import { STAND_IN_MS, clockOf, clockText, msLeft, standInOver, standInWords } from "./clock.js";
import { places as placesNow, show as showMoves, trickTaken } from "./motion.js";
import { cardImage } from "./cards.js";
import { SWITCHES, setSetting, settings, showTurn, turnStarts, unlockSound, beep } from "./alert.js";
import { language, languagePicker, load as loadLanguage, t, tn } from "./i18n.js";
import { dueWords, turnsWords } from "./turns.js";

/** Whether the person asked their system for less motion. */
const reduced = typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
/** Whether it was this person's turn at the last drawing (a turn that starts is announced once). */
let wasMyTurn = false;
/** The last event's action to show moving, once: with the tricks and sweeps before it.
 * @type {{v: number, action: string, tricks: number, sweeps: number} | null} */
let toShow = null;

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() ?? "");
const params = new URLSearchParams(location.search);
const seatKey = `cardtable:seat:${tableId}`;
const hostKey = `cardtable:host:${tableId}`;

/** @type {{game: string, seats: number, names: string[], info: any, conn: Connection | null, state: any,
 *   picked: string[], showLast: boolean, refused: string, news: string, busy: string, summaries: Map<number, string[]>,
 *   report: any, handsDone: string, hints: {v: number, list: any[]} | null, matchEnded: boolean,
 *   matchAfter: any, said: import("./talk.js").Said[], talkNote: string, lastOld: boolean,
 *   clock: import("./clock.js").Running | null, standIn: {text: string, seat: number, v: number, at: number} | null}} */
const ui = {
  game: "", seats: 4, names: [], info: null, conn: null, state: null, picked: [], showLast: false,
  refused: "", news: "", busy: "", summaries: new Map(), report: null, handsDone: "", hints: null, matchEnded: false,
  matchAfter: null, said: [], talkNote: "", lastOld: false, clock: null, standIn: null,
};
/** What was played at a turn-based table since this seat's last visit, in words (`since`). */
let since = /** @type {string[]} */ ([]);

/** A turn-based table's clock in words, what time's end did, and the moves since the last visit. */
function renderTurns() {
  const box = $("turns");
  const about = turnsWords(ui.info);
  box.hidden = !about;
  if (!about) return;
  box.replaceChildren(...[ // (a null given to replaceChildren would be written as the text "null")
    since.length ? h("div", { id: "since" }, [h("h2", { text: t("Since your last visit") }), h("ul", {}, since.map((line) => h("li", { text: line })))]) : null,
    h("p", { id: "turnsabout", text: about }),
    ui.info?.note ? h("p", { id: "turnsnote", class: "error", text: ui.info.note }) : null,
  ].filter((kid) => kid !== null));
}

let renders = 0;
// for the browser tests and the curious: how often the table was drawn
Object.defineProperty(globalThis, "cardtableRenders", { get: () => renders });

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

function stored() {
  try {
    return JSON.parse(localStorage.getItem(seatKey) ?? "null");
  } catch {
    return null;
  }
}

/**
 * A call to the server's API: the JSON answer, or an Error with the server's one-line message.
 * @param {string} path
 * @param {any} [body] sent as JSON with POST when given
 * @returns {Promise<any>}
 */
async function api(path, body) {
  const res = await fetch(path, body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  let data = null;
  try { data = await res.json(); } catch { data = null; }
  if (!res.ok) {
    const err = new Error(data?.error ?? `${res.status} ${res.statusText}`);
    // a refusal for pace or a full queue says when to ask again (the server did nothing)
    const after = Number(res.headers.get("retry-after"));
    if (res.status === 429 || res.status === 503) Object.assign(err, { retryAfter: Number.isFinite(after) && after > 0 ? after : 2 });
    throw err;
  }
  return data;
}

/**
 * `api` for a read that several people behind one address make at the same moment (the end of a
 * hand's summary): a refusal for pace or a full queue is asked again after the time it names, a
 * few times, before it is given up.
 * @param {string} path
 * @param {any} [body]
 * @returns {Promise<any>}
 */
async function patientApi(path, body) {
  for (let tries = 0; ; tries++) {
    try {
      return await api(path, body);
    } catch (e) {
      const after = /** @type {any} */ (e).retryAfter;
      if (typeof after !== "number" || tries >= 4) throw e;
      await new Promise((done) => setTimeout(done, Math.min(after, 5) * 1000 * (0.75 + 0.5 * Math.random())));
    }
  }
}

async function loadInfo() {
  ui.info = await api(`/api/tables/${encodeURIComponent(tableId)}`);
  if (ui.game !== ui.info.game) await loadGame(ui.info.game);
  ui.game = ui.info.game;
  ui.seats = Array.isArray(ui.info.seats) ? ui.info.seats.length : seatCount(ui.game);
  ui.names = peopleNames(ui.info?.seats ?? []);
  $("title").textContent = t("{game} · table {id}", { game: gameTitle(ui.game), id: tableId });
  renderTurns();
  document.title = `cardtable · ${gameTitle(ui.game)}`;
}

function showJoin() {
  const box = $("join");
  box.hidden = false;
  const status = $("status");
  status.className = "status";
  status.textContent = t("not seated yet");
  // the table's panels (talk, score sheet, settings) wait until a seat is taken or the page watches
  const side = /** @type {HTMLElement | null} */ (document.querySelector(".side"));
  if (side) side.hidden = true;
  const seatsInfo = ui.info?.seats ?? [];
  const sitting = h("ul", { class: "whosits", id: "whosits", "aria-label": t("who sits where") }, seatsInfo.map((/** @type {any} */ s, /** @type {number} */ i) => {
    const who = s.player === "human" ? (s.taken ? s.name : t("a free seat")) : t("the {name} bot", { name: s.name });
    return h("li", { text: seatsInfo.length === 4
      ? t("Seat {n} (partners: seats {a} and {b}): {who}", { n: String(i), a: String(i % 2), b: String(i % 2 + 2), who })
      : t("Seat {n}: {who}", { n: String(i), who }) });
  }));
  const name = /** @type {HTMLInputElement} */ (h("input", { id: "name", autocomplete: "nickname", maxlength: "24", required: true, placeholder: t("your name") }));
  const err = h("p", { class: "error", role: "alert" });
  // a player kept in this browser sits down as themselves (their name, history and rating)
  const asPlayer = localStorage.getItem("cardtable:player")
    ? /** @type {HTMLInputElement} */ (h("input", { type: "checkbox", id: "asplayer", checked: true })) : null;
  const form = h("form", { onsubmit: async (/** @type {Event} */ ev) => {
    ev.preventDefault();
    try {
      // a public table is joined from the list without an invite
      const player = asPlayer?.checked ? localStorage.getItem("cardtable:player") : null;
      // no two people at a table may have names that look alike: a guest without a name is numbered
      const guest = t("Guest {n}", { n: String(seatsInfo.filter((/** @type {any} */ s) => s.player === "human" && s.taken).length + 1) });
      const got = await api(`/api/tables/${encodeURIComponent(tableId)}/join`, { invite: params.get("invite"), name: name.value.trim() || guest, ...(player ? { player } : {}) });
      localStorage.setItem(seatKey, JSON.stringify({ token: got.token, seat: got.seat, name: name.value.trim() }));
      box.hidden = true;
      await loadInfo();
      start(got.token);
    } catch (e) {
      err.textContent = t("Could not join: {why}", { why: /** @type {Error} */ (e).message });
    }
  } }, [
    h("h2", { text: t("Join this {game} table", { game: gameTitle(ui.game) }) }),
    h("p", { text: t("Who sits where:") }),
    sitting,
    h("div", { class: "row" }, [h("label", { for: "name", text: t("Name") }), name, h("button", { class: "primary", type: "submit", text: t("Take a seat") })]),
    asPlayer ? h("label", {}, [asPlayer, ` ${t("sit down as my player (my history and rating)")}`]) : null,
    h("p", { class: "muted" }, [`${t("Or")} `, h("a", { href: `/t/${encodeURIComponent(tableId)}`, text: t("watch without a seat") }), "."]),
    err,
  ]);
  box.replaceChildren(form);
  name.focus();
  if (asPlayer) {
    api("/api/players/me", { token: localStorage.getItem("cardtable:player") })
      .then((/** @type {any} */ me) => { if (!name.value) name.value = me.name; })
      .catch(() => { asPlayer.checked = false; });  // a link no longer accepted: sit down as a guest
  }
}

/** The address others reach this server by (asked once). @type {Promise<any> | null} */
let sharing = null;
let hostShown = false;

function showHost() {
  const host = localStorage.getItem(hostKey);
  if (!host || !ui.info || ui.info.status !== "waiting") {
    $("host").hidden = true;
    hostShown = false;
    return;
  }
  if (hostShown) return; // drawn once while the table waits: the invite and its QR code stay put
  hostShown = true;
  const box = $("host");
  box.hidden = false;
  const invite = localStorage.getItem(`cardtable:invite:${tableId}`);
  const start = h("button", { id: "start", onclick: async () => {
    try { await api(`/api/tables/${encodeURIComponent(tableId)}/start`, { host, bot: "rule" }); box.hidden = true; } catch (e) { flash(t("Could not start: {why}", { why: /** @type {Error} */ (e).message })); }
  }, text: t("Start now, bots in the empty seats") });
  box.replaceChildren(h("h2", { text: t("You are the host") }), start);
  if (!invite) return;
  sharing ??= shareBase();
  sharing.then((where) => {
    box.replaceChildren(
      h("h2", { text: t("You are the host") }),
      h("p", { text: t("Invite link:") }),
      inviteBox(inviteLink(where.base, tableId, invite), { id: "invite", loopbackOnly: where.loopbackOnly,
        others: where.others.map((/** @type {string} */ b) => inviteLink(b, tableId, invite)) }),
      start,
    );
  });
}

/** @param {string} text */
function flash(text) {
  ui.refused = text;
  renderBanner();
}

/** What the banner shows now, with the version it is about: drawn again only when it changes,
 * so that a screen reader hears each move (and each refusal) once. */
let bannerShown = "";

function renderBanner() {
  const el = $("banner");
  const key = JSON.stringify([ui.refused, ui.busy, ui.news, ui.standIn?.text ?? "", ui.state?.v ?? 0]);
  if (key === bannerShown) return;
  bannerShown = key;
  el.replaceChildren(
    ...[
      ui.refused ? h("div", { class: "banner refused", role: "alert", id: "refusal", text: ui.refused }) : null,
      ui.standIn ? h("div", { class: "banner standin", id: "standin", text: ui.standIn.text }) : null,
      ui.busy ? h("div", { class: "banner busy", role: "status", id: "busy", text: ui.busy }) : null,
      ui.news ? h("div", { class: "banner news", id: "news", text: ui.news }) : null,
    ].filter((x) => x !== null),
  );
}

/**
 * @param {string | null} token
 * @param {string} [player] a player's token instead: the seat the player holds (a turn-based table)
 */
function start(token, player) {
  const side = /** @type {HTMLElement | null} */ (document.querySelector(".side"));
  if (side) side.hidden = false;
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  ui.conn = new Connection({
    url: `${proto}//${location.host}/ws/tables/${encodeURIComponent(tableId)}`,
    token,
    player,
    lang: language(),
    open: (url) => /** @type {any} */ (new WebSocket(url)),
    onAck: () => render(),
    onStatus: (s, why) => {
      if (ui.state) render(); // a move waiting for the server says why
      const el = $("status");
      el.className = `status ${s}`;
      el.textContent = s === "open" ? (token ? t("connected") : t("watching")) : s === "reconnecting" ? t("reconnecting…") : s === "connecting" ? t("connecting…") : why ? fatalWords(why) : t("disconnected");
    },
    onState: (state, msg) => {
      const before = ui.state;
      ui.state = state;
      if (msg.t === "event") {
        if (msg.action === "deal" && typeof msg.match === "number" && ui.info && msg.match !== ui.info.match) {
          ui.info.match = msg.match; // a new match at this table: the summary of the last goes
          $("summary").replaceChildren();
        }
        ui.news = msg.action && msg.action !== "deal" ? describe(msg.action, state.seat, ui.names) : msg.action === "deal" ? t("A new hand is dealt.") : "";
        if (Array.isArray(msg.say) && msg.say.length) ui.news = msg.result ? t("The hand is over.") : msg.say.join(" ");
        if (msg.stand_in) {
          // the person's time ran out (or they are away) and a bot moved for the seat (web.md
          // §4): said in a note of its own that stays to be read (`standInOver`), and marked in
          // the history
          const who = Number(/^(\d+) /.exec(String(msg.action))?.[1] ?? -1);
          const away = Boolean(ui.info?.seats?.[who]?.away);
          ui.standIn = { text: standInWords(seatName(who, state.seat, ui.names), ui.news, away), seat: who, v: state.v, at: performance.now() };
          setTimeout(() => render(), STAND_IN_MS + 50);
        }
      }
      if (msg.t === "event" || msg.t === "snapshot") {
        // a hand's end, from its event or from a snapshot taken there (a page that reconnects)
        if (msg.result) ui.matchEnded = Boolean(msg.match_over);
        ui.matchAfter = msg.result ? msg.match_state ?? null : null;
      }
      if (!before || before.v !== state.v) ui.picked = [];
      if (msg.t === "event" || msg.t === "snapshot") ui.clock = clockOf(msg, performance.now());
      toShow = msg.t === "event" && typeof msg.action === "string" && before
        ? { v: state.v, action: msg.action, tricks: (before.view?.tricks ?? []).length, sweeps: sweepCount(before.view) }
        : null;
      render();
    },
    onOther: (msg) => {
      if (msg.t === "since") {
        since = Array.isArray(msg.say) ? msg.say.map(String) : [];
        renderTurns();
        return;
      }
      if (msg.t === "said") {
        // the server sends the talk kept again to a page that comes back: it replaces what we had
        if (msg.old && !ui.lastOld) ui.said = [];
        ui.lastOld = Boolean(msg.old);
        ui.said = addLine(ui.said, msg);
        renderTalk();
        return;
      }
      if (msg.t === "busy") {
        // the server is slow to store a move: say so rather than leave people waiting in silence
        ui.busy = msg.busy ? String(msg.message ?? t("The server is busy…")) : "";
        renderBanner();
      }
      if (msg.t === "table" && msg.table) {
        ui.info = msg.table;
        showHost();
        ui.names = peopleNames(ui.info?.seats ?? []);
        render();
        renderTurns();
        roundClosed();
      }
    },
    onRejected: (msg, action) => {
      if (msg.reason === "talk") {
        ui.talkNote = t("Not said: {why}.", { why: msg.message ?? t("talk is not allowed now") });
        renderTalk();
        return;
      }
      ui.refused = refusalWords(msg, action, ui.state?.seat ?? null, ui.names);
      render();
      renderBanner();
    },
  });
  ui.conn.connect();
}

/**
 * The pieces on show that a move may name: hand cards and what the game's module adds (`pieces`:
 * the Seep floor's items).
 * @param {any} view
 * @returns {string[]}
 */
function pieces(view) {
  return [...(view.hand ?? []), ...(partsOf(ui.game).pieces?.(view) ?? [])];
}

/** Whether a card is played by one click when that is the only move it makes (not in a game
 * whose moves are built from a hand card and pieces of the middle). */
function oneClickPlay() {
  return partsOf(ui.game).oneClickPlay !== false;
}

async function askHints() {
  const mine = stored();
  const v = ui.state?.v;
  try {
    const got = await api(`/api/tables/${encodeURIComponent(tableId)}/hints`, { token: mine?.token });
    if (got.v === ui.state?.v) {
      ui.hints = { v: got.v, list: got.hints };
      render();
    }
  } catch (e) {
    if (v === ui.state?.v) flash(t("No hints: {why}", { why: /** @type {Error} */ (e).message }));
  }
}

/** @param {string} action */
function send(action) {
  if (!ui.conn) return;
  ui.refused = "";
  ui.conn.act(action);
  ui.picked = [];
  render();
}

/** @param {string} piece */
function pick(piece) {
  const st = ui.state;
  if (!st || !st.legal.length) return;
  const next = toggle(st.legal, ui.picked, piece);
  if (next === ui.picked) {
    if (oneClickPlay() && st.legal.every((/** @type {string} */ a) => a.startsWith("play "))) {
      ui.conn?.act(`play ${piece}`); // the engine refuses it and names the rule
      return;
    }
    flash(t("{card} cannot be used now.", { card: cardWords(piece) }));
    return;
  }
  ui.picked = next;
  ui.refused = "";
  const offers = pickState(st.legal, ui.picked, pieces(st.view));
  // a trick game's card play needs one click: the only move that card makes
  if (oneClickPlay() && offers.offers.length === 1 && offers.complete.length === 1 && offers.complete[0].startsWith("play ")) {
    send(offers.complete[0]);
    return;
  }
  render();
}

function render() {
  renders += 1;
  const st = ui.state;
  if (!st) return;
  if (!st.view) {
    const table = $("table");
    table.dataset.v = String(st.v);
    table.dataset.myturn = "";
    $("whoami").textContent = whoAmI(ui.game, null, typeof st.seat === "number" ? st.seat : null, ui.names, String(stored()?.name ?? ""));
    const seatsInfo = ui.info?.seats ?? [];
    const waiting = seatsInfo.filter((/** @type {any} */ s) => s.player === "human" && !s.taken).length;
    table.replaceChildren(h("div", { class: "middle", style: "grid-column: 1 / -1" }, [
      h("h2", { text: waiting ? tn("Waiting for {n} more person to join…", "Waiting for {n} more people to join…", waiting) : t("Waiting for the deal…") }),
      h("ul", {}, seatsInfo.map((/** @type {any} */ s, /** @type {number} */ i) => h("li", { text: t("Seat {n}: {who}", { n: String(i),
        who: i === st.seat ? t("you ({name})", { name: s.name }) : s.player === "human" ? (s.taken ? s.name : t("a free seat")) : t("the {name} bot", { name: s.name }) }) }))),
    ]));
    renderTools();
    renderTalk();
    return;
  }
  const view = st.view;
  const focused = focusKey();
  const me = typeof st.seat === "number" ? st.seat : null;
  const seats = ui.seats;
  const table = $("table");
  table.className = `table${seats === 5 ? " five" : ""}`;
  table.dataset.v = String(st.v);
  table.dataset.phase = String(view.phase ?? "");
  table.dataset.seat = me === null ? "" : String(me);
  const where = places(seats, me);
  const { facts, own } = seatMarks(ui.game, view, seats, me);
  const turn = actorOf(view);
  const children = [];
  /** @type {HTMLElement | null} a spectator watches from seat 0's side: its box goes where a hand would */
  let bottom = null;
  for (let s = 0; s < seats; s++) {
    if (s === me) continue;
    const info = ui.info?.seats?.[s] ?? {};
    const box = seatBox({ seat: s, place: where[s], name: seatName(s, me, ui.names), facts: facts[s], turn: turn === s,
      connected: info.connected ?? null, bot: info.player && info.player !== "human" ? t("{name} bot", { name: info.player }) : info.away ? t("away: a bot plays for now") : null, game: ui.game });
    if (where[s] === "bottom") bottom = box;
    else children.push(box);
  }
  /** @type {string[]} */
  const legal = st.legal ?? [];
  const onShow = pieces(view);
  const pickable = legal.filter((a) => { const t = tokensOf(a); return t.length > 0 && t.every((x) => onShow.includes(x)); });
  const plain = legal.filter((a) => !pickable.includes(a));
  const ps = pickState(pickable, ui.picked, onShow);
  const active = pickable.length > 0;
  table.dataset.myturn = me !== null && turn === me && legal.length ? "1" : "";
  const myTurn = table.dataset.myturn === "1";
  if (ui.standIn && standInOver(ui.standIn, performance.now(), me, myTurn, st.v)) ui.standIn = null;
  const chosen = settings(localStorage, reduced);
  if (myTurn && !wasMyTurn) turnStarts(chosen);
  wasMyTurn = myTurn;
  showTurn(chosen, `cardtable · ${gameTitle(ui.game)}`, myTurn);
  table.dataset.legal = String(me !== null && turn === me ? legal.length : 0);

  const middle = h("section", { class: "middle", "aria-label": t("the middle of the table") }, [
    h("div", { class: "info" }, infoLines(ui.game, view, ui.names, ui.matchAfter).map((t) => h("span", { text: t }))),
    middleBox(ui.game, view, seats, ui.names, { live: ps.live, picked: ui.picked, onPick: pick, active, showLast: ui.showLast }),
  ]);
  children.push(middle);

  // my hand, fanned and sorted
  const handArea = h("section", { class: "handarea", "aria-label": me === null ? t("the seat nearest you") : t("your hand") });
  if (bottom) handArea.append(bottom);
  if (me !== null) {
    const about = [ui.names[me] ? t("{name} (you)", { name: ui.names[me] }) : t("you"), ...own, facts[me].taken, turn === me ? t("your turn") : ""].filter(Boolean);
    handArea.append(h("div", { class: `me${turn === me ? " turn" : ""}`, id: "me", text: about.join(" · ") }));
    const sorted = sortHand(ui.game, view.hand ?? [], { trump: view.trump });
    const width = Math.min(table.clientWidth || 360, 900) - 12;
    const cw = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--card-w")) || 72;
    const chh = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--card-h")) || 100;
    const fan = fanLayout(sorted.length, width, cw, 36);
    const hand = h("div", { class: "hand", id: "hand", role: "group", "aria-label": t("your hand: {cards}", { cards: sorted.map(prettyCard).join(" ") }),
      style: `width:${width}px;height:${fan.rows * (chh + 12) + 8}px` });
    const sending = new Set([...(ui.conn?.pending.values() ?? [])].flatMap((m) => tokensOf(m.action)));
    sorted.forEach((c, i) => {
      const live = active && ps.live.has(c);
      const picked = ui.picked.includes(c);
      const state = (sending.has(c) ? " sending" : "") + (!active ? "" : picked ? " picked" : live ? " live" : " dead");
      const pos = fan.positions[i];
      hand.append(h("button", { class: `cardbtn${state}`, "data-card": c, "aria-label": picked ? t("{card}, picked", { card: cardWords(c) }) : cardWords(c),
        "aria-disabled": active && !live ? "true" : null, style: `left:${pos.left}px;top:${pos.row * (chh + 12) + 18}px;z-index:${i + 1}`,
        onclick: () => (active ? pick(c) : flash(turn === me ? t("Choose from the buttons.") : t("It is {who}'s turn.", { who: seatName(turn, me, ui.names) }))) }, [cardImg(c, "")]));
    });
    handArea.append(hand);
  }
  const actions = h("div", { class: "actions", id: "actions", role: "group", "aria-label": t("your moves") });
  if (me !== null && turn === me) {
    for (const a of plain) actions.append(h("button", { class: "act", "data-action": a, onclick: () => send(a), text: actionLabel(a) }));
    if (ui.picked.length) {
      if (!ps.complete.length) actions.append(h("span", { class: "muted", id: "prompt", text: movePrompt(ui.game, pickable, ui.picked.length) }));
      for (const a of ps.offers.slice(0, 12)) {
        const done = ps.complete.includes(a);
        // every move that uses the picked pieces may be played; those that use nothing more stand out
        actions.append(h("button", { class: done ? "act primary" : "act", "data-action": a, onclick: () => send(a), text: actionLabel(a) }));
      }
      actions.append(h("button", { onclick: () => { ui.picked = []; render(); }, text: t("clear") }));
    } else if (active) {
      actions.append(h("span", { class: "muted", id: "prompt", text: movePrompt(ui.game, pickable, ui.picked.length) }));
      actions.append(h("span", { class: "muted keyhint", text: keyHint(ui.game) }));
    }
  } else if (actorOf(view) !== null) {
    actions.append(h("span", { class: "muted", text: t("Waiting for {who}…", { who: seatName(turn, me, ui.names) }) }));
  }
  if (ui.conn && ui.conn.pending.size) {
    // a move sent and not yet answered: say that it waits, and why when the server is away
    const away = ui.conn.status !== "open";
    actions.append(h("span", { class: "pending", id: "pending", role: "status",
      text: away ? t("Your move waits for the server: it is sent as soon as the connection is back.") : t("Sending your move…") }));
  }
  if (me !== null && turn === me && legal.length > 1 && ui.info?.hints !== false) {
    actions.append(h("button", { id: "hintbtn", onclick: askHints, "aria-keyshortcuts": "h", text: t("Hints") }));
  }
  handArea.prepend(actions);
  if (ui.hints && ui.hints.v === st.v) {
    const shown = hintView(ui.hints.list);
    handArea.prepend(h("div", { class: "panel hints" }, [
      h("ol", { id: "hints", "aria-label": t("hints from the search bot, best first") },
        shown.rows.map((x) => h("li", {}, [
          h("button", { class: "act", "data-action": x.action, onclick: () => send(x.action), text: actionLabel(x.action) }),
          ` ${x.text}`,
        ]))),
      shown.note ? h("p", { class: "muted", id: "hintnote", text: shown.note }) : null,
    ]));
  }
  children.push(handArea);
  const motion = toShow && toShow.v === st.v && settings(localStorage, reduced).motion ? toShow : null;
  toShow = null;
  const was = motion ? placesNow(table) : null;
  table.replaceChildren(...children);
  if (motion && was) moveThings(motion, was, view, me);
  $("whoami").textContent = whoAmI(ui.game, view, me, ui.names, String(stored()?.name ?? ""));
  paintClock();
  renderTalk();
  renderBanner();
  renderHistory();
  renderTools();
  restoreFocus(focused);
  const over = view.phase === "over" || view.phase === "done";
  const key = `${ui.info?.match ?? 0}:${handNumber()}`;
  if (over && ui.handsDone !== key) {
    ui.handsDone = key;
    handEnded();
  }
}

/**
 * The sweeps so far, as the game's module counts them (none in a game without).
 * @param {any} view
 */
function sweepCount(view) {
  return partsOf(ui.game).sweeps?.(view) ?? 0;
}

/**
 * The last action shown moving (motion.js), a taken trick going to its winner, a sweep marked.
 * @param {{action: string, tricks: number, sweeps: number}} what
 * @param {Map<string, DOMRect>} was where things were before the action
 * @param {any} view
 * @param {number | null} me
 */
function moveThings(what, was, view, me) {
  const table = $("table");
  const picture = (/** @type {string} */ c) => cardImage(c || null, { fourColour: fourColour() });
  showMoves(table, was, what.action, me, picture);
  const tricks = view.tricks ?? [];
  if (tricks.length > what.tricks && typeof tricks.at(-1)?.winner === "number") trickTaken(table, tricks.at(-1).winner, me);
  if (sweepCount(view) > what.sweeps) {
    const seat = Number(/^(\d+) /.exec(what.action)?.[1] ?? -1);
    const box = seat === me ? document.getElementById("me") : table.querySelector(`.seat[data-seat="${seat}"] .marks`);
    box?.append(h("span", { class: "mark sweep", text: t("sweep!") }));
  }
}

/**
 * Why the table closed for good (`FATAL_CODES`), in the language read.
 * @param {string} why
 */
function fatalWords(why) {
  if (why === FATAL_CODES[4401]) return t("This seat's token is not valid here.");
  if (why === FATAL_CODES[4404]) return t("There is no such table.");
  return why;
}

/** What has the keyboard focus at the table, so that a redraw can give it back. */
function focusKey() {
  const el = /** @type {HTMLElement | null} */ (document.activeElement);
  if (!el || !$("table").contains(el)) return null;
  for (const attr of ["card", "piece", "action"]) if (el.dataset[attr]) return `[data-${attr}="${el.dataset[attr]}"]`;
  return el.id ? `#${el.id}` : null;
}

/** Whether the keyboard was last at the table (a focus there, and no click elsewhere since). */
let keyboardAtTable = false;
document.addEventListener("focusin", (ev) => { keyboardAtTable = $("table").contains(/** @type {Node} */ (ev.target)); });
document.addEventListener("pointerdown", (ev) => { if (!$("table").contains(/** @type {Node} */ (ev.target))) keyboardAtTable = false; });

/**
 * Give the keyboard back its place after a redraw: the same item, or, when that went (the move
 * was made, the floor was disabled, the hand was dealt again), the hand.
 * @param {string | null} selector
 */
function restoreFocus(selector) {
  const el = selector ? /** @type {HTMLElement | null} */ ($("table").querySelector(selector)) : null;
  if (el && !el.matches(":disabled")) {
    el.focus();
    return;
  }
  const lost = !document.activeElement || document.activeElement === document.body;
  if (!keyboardAtTable || !lost) return;
  const fallback = /** @type {HTMLElement | null} */ ($("table").querySelector("#hand .cardbtn.live, #hand .cardbtn"));
  fallback?.focus();
}

/** The rows the arrow keys move between, top to bottom: the floor, the moves, the hand. */
const ROWS = ["#table .floor button.piece:not([disabled])", "#actions button", "#hand .cardbtn"];

/**
 * Arrow keys, as at the terminal table: left and right within a row (the hand, the floor's
 * items, the moves), up and down between the rows; Enter or Space picks or plays.
 * @param {KeyboardEvent} ev
 */
function arrowKeys(ev) {
  if (!["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(ev.key)) return;
  const here = /** @type {HTMLElement} */ (ev.target);
  const rows = ROWS.map((q) => /** @type {HTMLElement[]} */ ([...document.querySelectorAll(q)]));
  const row = rows.findIndex((r) => r.includes(here));
  if (row < 0) return;
  ev.preventDefault();
  const items = rows[row];
  const at = items.indexOf(here);
  if (ev.key === "ArrowLeft" || ev.key === "ArrowRight") {
    items[(at + (ev.key === "ArrowRight" ? 1 : items.length - 1)) % items.length]?.focus();
    return;
  }
  const step = ev.key === "ArrowDown" ? 1 : -1;
  for (let r = row + step; r >= 0 && r < rows.length; r += step) {
    if (!rows[r].length) continue;
    // the first lit item of the next row, else the one nearest in order
    const lit = rows[r].find((el) => el.classList.contains("live") || el.classList.contains("primary"));
    (lit ?? rows[r][Math.min(at, rows[r].length - 1)]).focus();
    return;
  }
}

/** Whether a hand has ended at this table (its record then holds something to download). */
function handFinished() {
  const phase = ui.state?.view?.phase;
  return handNumber() > 1 || phase === "over" || phase === "done" || Number(ui.info?.match ?? 0) > 0 || Number(ui.info?.hand ?? 0) > 1;
}

/** How many deals this match has seen: the hand's number from 1. */
function handNumber() {
  return (ui.state?.log ?? []).filter((/** @type {string} */ e) => e === "deal").length;
}

function handLog() {
  const log = ui.state?.log ?? [];
  const from = log.lastIndexOf("deal");
  return /** @type {string[]} */ (log.slice(from < 0 ? 0 : from + 1));
}

function renderHistory() {
  const me = ui.state?.seat ?? null;
  const log = ui.state?.log ?? [];
  const from = log.lastIndexOf("deal") + 1;
  const stood = new Set(ui.state?.standIns ?? []);
  // numbered by the page itself, so that "10." is never cut off by the list's margin; a move a bot
  // made for a person is marked as such
  $("history").replaceChildren(...handLog().map((e, i) => {
    const seat = Number(/^(\d+) /.exec(e)?.[1] ?? -1);
    const bot = stood.has(from + i) ? h("span", { class: "mark standin", text: t("a bot played for {who}", { who: seatName(seat, me, ui.names) }) }) : null;
    return h("li", { class: bot ? "standin" : "" }, [h("span", { class: "n", text: `${i + 1}.` }), " ", describe(e, me, ui.names), bot ? " " : null, bot]);
  }));
}

/**
 * A setting's switch in words, in the language chosen.
 * @param {string} key
 * @param {string} words the English words
 */
function switchWords(key, words) {
  switch (key) {
    case "sound": return t("a sound on your turn");
    case "vibrate": return t("vibrate on your turn");
    case "title": return t("the tab's title and icon on your turn");
    case "motion": return t("cards move");
    default: return words;
  }
}

/** The switches for the turn's sound, vibration, title and the motion, drawn once. */
function renderSettings() {
  const now = settings(localStorage, reduced);
  $("settings").replaceChildren(...SWITCHES.map(([key, words]) => h("label", {}, [
    h("input", { type: "checkbox", id: `set-${key}`, checked: now[key] ? true : null, onchange: (/** @type {Event} */ ev) => {
      const on = /** @type {HTMLInputElement} */ (ev.target).checked;
      setSetting(localStorage, reduced, key, on);
      if (key === "sound" && on) { unlockSound(); beep(); } // a sample, and the browser's leave to sound later
      if (ui.state) render();
    } }), switchWords(key, words),
  ])), ...(reduced ? [h("p", { class: "muted", text: t("Your system asks for reduced motion: vibration and moving cards start switched off.") })] : []));
}

function renderTools() {
  const view = ui.state?.view;
  const tools = $("tools");
  const buttons = [];
  if ((view?.tricks ?? []).length) {
    buttons.push(h("button", { id: "lasttrick", "aria-pressed": ui.showLast ? "true" : "false", onclick: () => { ui.showLast = !ui.showLast; render(); }, text: ui.showLast ? t("Hide the last trick") : t("Show the last trick") }));
  }
  if (handFinished()) buttons.push(h("a", { href: `/api/tables/${encodeURIComponent(tableId)}/record`, download: `cardtable-${tableId}.json`, id: "download", text: t("Download the record") }));
  else buttons.push(h("span", { class: "muted", id: "download-later", text: t("The record can be downloaded once a hand has ended.") }));
  if (handFinished()) buttons.push(h("a", { href: `/replay?table=${encodeURIComponent(tableId)}`, text: t("Replay the finished hands") }));
  buttons.push(h("label", {}, [h("input", { type: "checkbox", id: "fourcolour", checked: fourColour() ? true : null, onchange: (/** @type {Event} */ ev) => {
    localStorage.setItem("cardtable:fourColour", /** @type {HTMLInputElement} */ (ev.target).checked ? "1" : "0");
    render();
  } }), t("four-colour deck")]));
  buttons.push(h("a", { href: "/", id: "leave", text: t("Leave the table") }));
  tools.replaceChildren(...buttons);
}

async function handEnded() {
  // the finished hands are in the record; the engine's report sums up the last
  const box = $("summary");
  let rep;
  // the table's match ended with this hand (its event said so; a match the rules leave open ends
  // at the table where the game's server part says): nobody deals next
  const ended = Boolean(ui.matchEnded) || Boolean(ui.info?.winner) || ui.info?.status === "over";
  try {
    const record = await patientApi(`/api/tables/${encodeURIComponent(tableId)}/record`);
    const me0 = ui.state?.seat;
    rep = await patientApi(`/api/replay?steps=false${typeof me0 === "number" ? `&seat=${me0}` : ""}${ended ? "&ended=true" : ""}${language() !== "en" ? `&lang=${language()}` : ""}`, record);
  } catch (e) {
    box.replaceChildren(h("div", { class: "summary", id: "handover", role: "region", "aria-label": t("the end of the hand") }, [
      h("h2", { text: t("The hand is over") }),
      h("p", { class: "muted", text: t("Its summary could not be read: {why}.", { why: /** @type {Error} */ (e).message }) }),
      h("div", { class: "row" }, [
        h("button", { onclick: () => { handEnded(); }, text: t("Show the summary") }),
        h("button", { onclick: () => $("summary").replaceChildren(), text: t("Close") }),
      ]),
    ]));
    return;
  }
  ui.report = rep;
  const hands = rep.report?.hands ?? [];
  const last = hands.length - 1;
  if (last < 0) return;
  const me = ui.state?.seat ?? null;
  const lines = Array.isArray(rep.narration?.[last]) && rep.narration[last].length ? rep.narration[last] : summary(ui.game, hands[last], me, ui.names);
  try { ui.info = await api(`/api/tables/${encodeURIComponent(tableId)}`); } catch { /* keep what we had */ }
  // the engine's winner, or the table's (a match the rules leave open ends where the table says)
  const won = rep.report?.winner ?? ui.info?.winner;
  // a tournament's table (its summary's origin) plays the round's hands, a won match or not: it
  // is over only when they are played, and then leads back to the tournament, not to play again
  const origin = ui.info?.origin?.tournament ? ui.info.origin : null;
  const matchOver = origin ? ["over", "closed"].includes(ui.info?.status) : Boolean(won) || ui.info?.status === "over";
  const back = origin ? h("a", { id: "backtotournament", href: `/tournaments/${encodeURIComponent(origin.tournament)}${typeof me === "number" ? "/me" : ""}`, text: t("Back to the tournament (round {n} is over at this table)", { n: origin.round }) }) : null;
  box.replaceChildren(h("div", { class: "summary", id: "handsummary", role: "region", "aria-label": t("the end of the hand") }, [
    h("h2", { text: t("Hand {n} is over", { n: last + 1 }) }),
    ...lines.map((l) => h("p", { text: l })),
    h("p", { class: "scoreline", "data-score": JSON.stringify(hands[last].score ?? []), text: t("Scores this hand: {scores}", { scores: (hands[last].score ?? []).map((/** @type {number} */ p, /** @type {number} */ s) => `${seatName(s, me, ui.names)} ${num(p)}`).join(", ") }) }),
    won ? h("p", { text: t("The match is won by {who}.", { who: won.map((/** @type {number} */ s) => seatName(s, me, ui.names)).reduce((/** @type {string} */ a, /** @type {string} */ b) => t("{a} and {b}", { a, b })) }) }) : null,
    matchOver ? h("p", { id: "matchover", text: t("The match is over.") }) : h("p", { class: "muted", text: t("The next hand is dealt in a moment.") }),
    h("div", { class: "row" }, [
      matchOver ? back ?? h("button", { id: "again", class: "primary", onclick: playAgain, text: t("Play again") }) : null,
      typeof me === "number" ? tableReviewButton({ table: tableId, match: ui.info?.match, hand: last, seat: me, names: ui.names }) : null,
      h("button", { onclick: () => $("summary").replaceChildren(), text: t("Close") }),
      h("a", { href: "/", text: t("Leave") }),
    ]),
  ]));
  renderSheet(hands);
}

/** A tournament's table closed before its hands were played (the director ended the round by
 * time): say so, with the way back to the tournament, unless a hand's summary already offers it. */
function roundClosed() {
  const origin = ui.info?.origin?.tournament ? ui.info.origin : null;
  if (!origin || ui.info?.status !== "closed" || document.getElementById("backtotournament")) return;
  const me = ui.state?.seat;
  $("summary").replaceChildren(h("div", { class: "summary", id: "roundclosed", role: "region", "aria-label": t("the round is over") }, [
    h("h2", { text: t("Round {n} is over at this table", { n: origin.round }) }),
    h("p", { text: t("The director ended the round: the hands finished here count, the one being played does not.") }),
    h("div", { class: "row" }, [
      h("a", { id: "backtotournament", class: "primary", href: `/tournaments/${encodeURIComponent(origin.tournament)}${typeof me === "number" ? "/me" : ""}`, text: t("Back to the tournament") }),
      h("a", { href: "/", text: t("Leave") }),
    ]),
  ]));
}

async function playAgain() {
  const mine = stored();
  const again = /** @type {HTMLButtonElement | null} */ (document.getElementById("again"));
  if (again) again.disabled = true;
  try {
    await api(`/api/tables/${encodeURIComponent(tableId)}/again`, { token: mine?.token ?? localStorage.getItem(hostKey), match: ui.info?.match ?? 0 });
  } catch (e) {
    flash(t("Could not start again: {why}", { why: /** @type {Error} */ (e).message }));
  }
}

/** @param {any[]} hands */
function renderSheet(hands) {
  const me = ui.state?.seat ?? null;
  const sideList = sides(ui.game, ui.seats);
  const label = (/** @type {number[]} */ side) => {
    const names = side.map((s) => seatName(s, me, ui.names)).join(" + ");
    if (side.length < 2 || me === null) return names;
    return `${teamName(side[0] % 2, me, ui.names)} (${names})`;
  };
  const head = h("tr", {}, [h("th", { text: t("hand") }), ...sideList.map((side) => h("th", { scope: "col", text: label(side) })), h("th", { text: t("result") })]);
  const rows = hands.map((hand, i) => h("tr", {}, [h("td", { text: String(i + 1) }), ...sideList.map((side) => h("td", { text: typeof hand.score?.[side[0]] === "number" ? num(hand.score[side[0]]) : "" })), h("td", { text: String(hand.result ?? "").replace(/_/g, " ") })]));
  $("sheet").replaceChildren(h("table", { class: "sheet" }, [h("thead", {}, [head]), h("tbody", {}, rows)]));
}

/** The page's fixed words in the language chosen, and the language picker in the top bar. */
function pageWords() {
  $("status").textContent = t("connecting…");
  const boxes = /** @type {[string, string][]} */ ([["sheetbox", "Score sheet"], ["historybox", "This hand's history"], ["settingsbox", "Settings: your turn, sound and motion"]]);
  const said = { "Score sheet": t("Score sheet"), "This hand's history": t("This hand's history"), "Settings: your turn, sound and motion": t("Settings: your turn, sound and motion") };
  for (const [id, words] of boxes) {
    const summaryEl = document.querySelector(`#${id} > summary`);
    if (summaryEl) summaryEl.textContent = /** @type {any} */ (said)[words];
  }
  document.querySelector(".topbar .row")?.append(languagePicker(h));
}

async function main() {
  await loadLanguage();
  pageWords();
  try {
    await loadInfo();
  } catch (e) {
    $("banner").replaceChildren(h("div", { class: "banner refused", role: "alert", text: t("No such table: {why}", { why: /** @type {Error} */ (e).message }) }));
    return;
  }
  const mine = stored();
  showHost();
  const player = localStorage.getItem("cardtable:player");
  if (mine?.token) start(mine.token);
  else if (player && ui.info?.mode === "turns" && await holdsSeat(player)) start(null, player);
  else if (params.get("invite") || params.get("join")) showJoin();
  else start(null);
  addEventListener("resize", () => render());
  $("table").addEventListener("keydown", arrowKeys);
  renderSettings();
  addEventListener("keydown", (ev) => {
    const target = /** @type {HTMLElement} */ (ev.target);
    if (target.tagName === "INPUT" || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (ev.key === "h" && document.getElementById("hintbtn")) askHints();
    else if (ev.key === "Escape" && ui.picked.length) { ui.picked = []; render(); }
    else if (ev.key === "Enter" && target === document.body) document.querySelector("#actions button.primary")?.dispatchEvent(new MouseEvent("click"));
  });
}

main();

/** Whether a hand is being played now (talk at a "phrases" table is then the phrase list only). */
function inHand() {
  const phase = ui.state?.view?.phase;
  return ui.info?.status === "playing" && Boolean(ui.state?.view) && phase !== "over" && phase !== "done";
}

/** The talk panel: the lines said (muted people left out), quick reactions, a line to type. */
function renderTalk() {
  const box = $("talk");
  const mode = String(ui.info?.talk ?? "off");
  const me = typeof ui.state?.seat === "number" ? ui.state.seat : null;
  const watching = me === null;
  if (mode === "off") {
    box.hidden = false;
    box.replaceChildren(h("h2", { id: "talk-h", text: t("Talk") }), h("p", { class: "muted", id: "talkoff", text: t("Talk is switched off at this table.") }));
    return;
  }
  box.hidden = false;
  const muted = mutedNames(localStorage);
  const myName = String(stored()?.name ?? "");
  const shown = ui.said.filter((l) => !muted.includes(l.name) || speaker(l, me, myName) === "you");
  const phrases = /** @type {string[]} */ (ui.info?.phrases ?? []);
  const log = h("ol", { class: "talklog", id: "talklog", "aria-live": "polite", "aria-label": t("what was said") }, shown.map((l) => {
    const who = speaker(l, me, myName);
    const shownWho = who === "you" ? t("you") : who;
    return h("li", { class: l.old ? "old" : "" }, [
      h("strong", { class: "who", text: shownWho }), ": ", h("span", { class: "said", text: phrases.includes(l.text) ? t(l.text) : l.text }),
      who === "you" ? null : h("button", { class: "mute link", "data-name": l.name, "aria-label": t("mute {name}", { name: l.name }), onclick: () => { toggleMute(localStorage, l.name); renderTalk(); }, text: t("mute") }),
    ]);
  }));
  const can = allowed(mode, inHand());
  const say = (/** @type {string} */ text) => {
    if (!ui.conn?.say(text)) ui.talkNote = t("Not said: the connection is away; try again in a moment.");
    else ui.talkNote = "";
    renderTalk();
  };
  // the line being typed is kept across redraws, with its caret, whatever arrives meanwhile
  const keep = /** @type {HTMLInputElement | null} */ (document.getElementById("talktext"));
  const hadFocus = keep !== null && document.activeElement === keep;
  const caret = keep ? [keep.selectionStart, keep.selectionEnd] : [null, null];
  const input = keep ?? /** @type {HTMLInputElement} */ (h("input", { id: "talktext", maxlength: "200", autocomplete: "off" }));
  input.placeholder = watching ? t("say something to the other spectators") : t("say something");
  box.replaceChildren(...[
    h("h2", { id: "talk-h", text: watching ? t("Talk among spectators") : t("Talk") }),
    watching ? h("p", { class: "muted", id: "spectatorsonly", text: t("Spectators only: the players do not see what you say here.") }) : null,
    log,
    can.phrases && phrases.length ? h("div", { class: "row phrases", role: "group", "aria-label": t("quick reactions") },
      phrases.map((p) => h("button", { class: "phrase", type: "button", onclick: () => say(p), text: t(p) }))) : null,
    can.free
      ? h("form", { class: "row", id: "talkform", onsubmit: (/** @type {Event} */ ev) => {
        ev.preventDefault();
        const text = input.value.trim();
        if (!text) return;
        input.value = "";
        say(text);
      } }, [h("label", { for: "talktext", class: "visually-hidden", text: t("Say something") }), input, h("button", { type: "submit", text: t("Say") })])
      : h("p", { class: "muted", text: t("While a hand is played, only the phrases above may be said (no signals about the cards).") }),
    ui.talkNote ? h("p", { class: "error", id: "talknote", role: "alert", text: ui.talkNote }) : null,
    muted.length ? h("p", { class: "muted", id: "mutedlist" }, [`${t("Muted:")} `, ...muted.flatMap((n) => [h("button", { class: "link", "aria-label": t("unmute {name}", { name: n }), onclick: () => { toggleMute(localStorage, n); renderTalk(); }, text: t("{name} (unmute)", { name: n }) }), " "])]) : null,
  ].filter((x) => x !== null));
  if (hadFocus) {
    input.focus();
    if (caret[0] !== null) input.setSelectionRange(caret[0], caret[1]);
  }
  log.scrollTop = log.scrollHeight;
}

/**
 * Whether the player holds a seat at this table (their turn-based tables list it): then the page
 * takes that seat with the player's token, on any device.
 * @param {string} player
 */
async function holdsSeat(player) {
  try {
    const got = await api("/api/players/me/waiting", { token: player });
    return [...got.your_turn, ...got.others].some((/** @type {any} */ w) => w.table === tableId);
  } catch {
    return false;
  }
}

/** The clock of the seat to act, counted down here between the server's messages. */
function paintClock() {
  for (const el of document.querySelectorAll(".clock")) el.remove();
  const c = ui.clock;
  if (!c) return;
  const me = ui.state?.seat ?? null;
  const where = c.seat === me ? document.getElementById("me") : document.querySelector(`#table .seat[data-seat="${c.seat}"] .marks`);
  if (!where) return;
  const left = msLeft(c, performance.now());
  if (ui.info?.mode === "turns" && typeof c.deadline === "number") {
    // hours or days: the deadline in words, not a countdown; the time left is the server's count
    // (ms_left, run down here since it came), never this device's clock, which may be wrong
    const due = dueWords(c.deadline, c.deadline - left / 1000);
    where.append(h("span", { class: "clock", role: "timer", "data-seat": c.seat, text: due,
      "aria-label": t("{who}: {time}", { who: seatName(c.seat, me, ui.names), time: due }) }));
    return;
  }
  where.append(h("span", { class: `clock${left < 10000 ? " low" : ""}`, role: "timer", "data-seat": c.seat,
    "aria-label": t("{who}: {time} left", { who: seatName(c.seat, me, ui.names), time: clockText(left) }), text: clockText(left) }));
}

setInterval(() => { if (ui.clock) paintClock(); }, 250);
