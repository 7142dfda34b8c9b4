// @ts-check
/**
 * The home page: create a table (game, preset, house rules with their meanings, who sits where),
 * then the invite link; join with a link; the public tables to join or watch.
 * @module home
 */

import { h } from "./dom.js";
import { gameTitle, plainWords } from "./format.js";
import { loadGame } from "./gameload.js";
import { inviteBox, inviteLink, shareBase } from "./invite.js";
import { around, language, languagePicker, load as loadLanguage, num, t, tn, words } from "./i18n.js";
import { showWaiting } from "./turns.js";

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** @type {any} */
let catalogue = null;

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
  if (!res.ok) throw new Error(data?.error ?? `${res.status} ${res.statusText}`);
  return data;
}

function currentGame() {
  const name = /** @type {HTMLSelectElement} */ ($("game")).value;
  return catalogue.games.find((/** @type {any} */ g) => g.name === name);
}

/**
 * A name of the server's data (a house rule, one of its choices, a preset: `kitty_size`) in the
 * words of the language chosen ("kitty size"; each game's rules module marks them).
 * @param {string} name
 */
const term = (name) => t(plainWords(name));

/** @param {any} value */
const show = (value) => (value === null ? t("none") : typeof value === "boolean" ? (value ? t("yes") : t("no")) : typeof value === "number" ? num(value) : term(String(value)));

/**
 * A bot's label in the language chosen (the server's own label for a bot the pages do not know).
 * @param {{name: string, label: string}} bot
 */
function botLabel(bot) {
  switch (bot.name) {
    case "random": return t("random bot");
    case "rule": return t("rule bot");
    case "search:easy": return t("search bot: easy");
    case "search:medium": return t("search bot: medium");
    case "search:hard": return t("search bot: hard");
    default: return bot.label;
  }
}

function renderGame() {
  const game = currentGame();
  const preset = /** @type {HTMLSelectElement} */ ($("preset"));
  preset.replaceChildren(...game.presets.map((/** @type {string} */ p) => h("option", { value: p, text: term(p) })));
  if (game.presets.includes("standard")) preset.value = "standard";
  renderOptions();
  const seats = $("seats");
  seats.replaceChildren();
  for (let s = 0; s < game.seats; s++) {
    const sel = h("select", { id: `seat${s}`, "data-seat": s, "aria-label": t("seat {n}", { n: s }) }, [
      h("option", { value: "human", text: t("a person") }),
      ...catalogue.bots.map((/** @type {any} */ b) => h("option", { value: b.name, text: botLabel(b) })),
    ]);
    /** @type {HTMLSelectElement} */ (sel).value = s === 0 || s === 1 ? "human" : "rule";
    const seatWords = !game.partnerships ? t("Seat {n}", { n: String(s) }) : s % 2 ? t("Seat {n} (team 1+3)", { n: String(s) }) : t("Seat {n} (team 0+2)", { n: String(s) });
    seats.append(h("label", {}, [seatWords, sel]));
  }
  // a game whose match has no end of its own says how many hands make one (match_hands)
  const untilWon = game.match_hands ? t("Hands") : t("Hands (blank: until the match is won)");
  seats.append(h("label", {}, [untilWon, h("input", { id: "hands", type: "number", min: "1", max: "1000",
    value: game.match_hands ? String(game.match_hands) : "", style: "width:5em" })]));
}

function renderOptions() {
  const game = currentGame();
  const preset = game.preset_rules[/** @type {HTMLSelectElement} */ ($("preset")).value] ?? {};
  const box = $("options");
  box.replaceChildren(...game.options.map((/** @type {any} */ o) => {
    const value = o.name in preset ? preset[o.name] : o.default;
    let input;
    const id = `opt-${o.name}`;
    if (o.choices) {
      input = h("select", { id, "data-option": o.name }, o.choices.map((/** @type {any} */ c) => h("option", { value: JSON.stringify(c), text: show(c) })));
      /** @type {HTMLSelectElement} */ (input).value = JSON.stringify(value);
    } else {
      input = h("input", { id, "data-option": o.name, type: "number", min: o.minimum ?? null, value: value === null ? "" : String(value), placeholder: t("none"), style: "width:7em" });
    }
    input.dataset.default = JSON.stringify(value);
    return h("div", { class: "option" }, [h("label", { for: id, text: term(o.name) }), input, h("div", { class: "doc", text: plainWords(t(o.doc)) })]);
  }));
}

/** The house rules changed from the preset. */
function chosenRules() {
  /** @type {Record<string, any>} */
  const rules = {};
  for (const el of /** @type {NodeListOf<HTMLInputElement | HTMLSelectElement>} */ (document.querySelectorAll("[data-option]"))) {
    const raw = el.tagName === "SELECT" ? el.value : el.value.trim() === "" ? "null" : el.value.trim();
    if (raw === el.dataset.default) continue;
    let value;
    try { value = JSON.parse(raw); } catch { value = raw; }
    rules[/** @type {string} */ (el.dataset.option)] = value;
  }
  return rules;
}

async function create(/** @type {Event} */ ev) {
  ev.preventDefault();
  const game = currentGame();
  const seats = [];
  for (let s = 0; s < game.seats; s++) seats.push(/** @type {HTMLSelectElement} */ ($(`seat${s}`)).value);
  /** @type {any} */
  const body = { game: game.name, preset: /** @type {HTMLSelectElement} */ ($("preset")).value, rules: chosenRules(), seats,
    public: /** @type {HTMLInputElement} */ ($("public")).checked,
    hints: /** @type {HTMLInputElement} */ ($("hints")).checked };
  const hands = /** @type {HTMLInputElement | null} */ (document.getElementById("hands"));
  if (hands && hands.value) body.hands = Number(hands.value);
  body.talk = /** @type {HTMLSelectElement} */ ($("talkmode")).value;
  const secsBox = /** @type {HTMLInputElement} */ ($("moveseconds"));
  const secs = secsBox.value.trim();
  if (secsBox.validity.badInput) {
    $("createerr").textContent = t("Time per move: give seconds from 1 to 3600, or leave it blank for no limit.");
    return;
  }
  if (secs) {
    const n = Number(secs);
    if (!Number.isFinite(n) || n < 1 || n > 3600) {
      $("createerr").textContent = t("Time per move: give seconds from 1 to 3600, or leave it blank for no limit.");
      return;
    }
    body.move_seconds = n;
  }
  if (/** @type {HTMLInputElement} */ ($("turnbased")).checked) {
    // a turn-based table: the form asks in hours and days, the server keeps seconds
    const hours = Number(/** @type {HTMLInputElement} */ ($("turnhours")).value);
    const days = Number(/** @type {HTMLInputElement} */ ($("bankdays")).value);
    if (!Number.isFinite(hours) || hours < 1 || hours > 336 || !Number.isFinite(days) || days < 0 || days > 30) {
      $("createerr").textContent = t("Turn-based: give 1 to 336 hours a move and a bank of 0 to 30 days.");
      return;
    }
    delete body.move_seconds;
    Object.assign(body, { mode: "turns", turn_seconds: Math.round(hours * 3600), bank_seconds: Math.round(days * 86400),
      on_timeout: /** @type {HTMLSelectElement} */ ($("ontimeout")).value });
  }
  $("createerr").textContent = "";
  try {
    const got = await api("/api/tables", body);
    localStorage.setItem(`cardtable:host:${got.table}`, got.host);
    localStorage.setItem(`cardtable:invite:${got.table}`, got.invite);
    const where = await shareBase();
    const link = inviteLink(where.base, got.table, got.invite);
    const box = $("created");
    box.hidden = false;
    const name = /** @type {HTMLInputElement} */ ($("hostname")).value.trim();
    const people = seats.filter((s) => s === "human").length;
    box.replaceChildren(
      h("h3", { text: t("Your table is ready") }),
      h("p", { text: t("Send this invite link to the people who will play:") }),
      inviteBox(link, { others: where.others.map((b) => inviteLink(b, got.table, got.invite)), loopbackOnly: where.loopbackOnly }),
      h("div", { class: "row" }, [
        people ? h("button", { class: "primary", id: "sitdown", type: "button", onclick: async () => {
          try {
            const player = localStorage.getItem(PLAYER_KEY);
            const seat = await api(`/api/tables/${encodeURIComponent(got.table)}/join`, player && !name ? { invite: got.invite, player } : { invite: got.invite, name: name || "host", ...(player ? { player } : {}) });
            localStorage.setItem(`cardtable:seat:${got.table}`, JSON.stringify({ token: seat.token, seat: seat.seat, name }));
            location.href = `/t/${encodeURIComponent(got.table)}`;
          } catch (e) { $("createerr").textContent = t("Could not sit down: {why}", { why: /** @type {Error} */ (e).message }); }
        }, text: t("Sit down myself") }) : null,
        h("a", { href: `/t/${encodeURIComponent(got.table)}`, text: t("Go to the table") }),
      ]),
    );
  } catch (e) {
    $("createerr").textContent = t("Could not create the table: {why}", { why: /** @type {Error} */ (e).message });
  }
}

async function listTables() {
  const list = $("tables");
  try {
    const got = await api("/api/tables?status=open");
    const tables = got.tables ?? [];
    if (!tables.length) { list.replaceChildren(h("li", { class: "muted", text: t("No public table has a free seat right now.") })); return; }
    list.replaceChildren(...tables.map((/** @type {any} */ table) => {
      const id = table.id ?? table.table;
      const free = (table.seats ?? []).filter((/** @type {any} */ s) => s.player === "human" && !s.taken).length;
      const names = (table.seats ?? []).map((/** @type {any} */ s) => s.name).filter(Boolean).join(", ");
      return h("li", { class: "row" }, [
        h("span", { text: `${gameTitle(table.game)}${table.preset ? ` (${term(table.preset)})` : ""} · ${tn("{n} free seat", "{n} free seats", free)}${names ? ` · ${names}` : ""}` }),
        h("a", { class: "join", href: `/t/${encodeURIComponent(id)}?join=1`, text: t("Join") }),
        h("a", { class: "watch", href: `/t/${encodeURIComponent(id)}`, text: t("Watch") }),
      ]);
    }));
  } catch (e) {
    list.replaceChildren(h("li", { class: "error", text: t("Could not list the tables: {why}", { why: /** @type {Error} */ (e).message }) }));
  }
}

const PLAYER_KEY = "cardtable:player";

/**
 * The "play as yourself" panel: the player this browser keeps (a link to their page), or the
 * form that makes one and shows the private link once, to keep.
 * @param {string} [fresh] a token just made, shown in full this once
 */
async function showPlayer(fresh) {
  const token = localStorage.getItem(PLAYER_KEY);
  if (!token) return;
  try {
    const me = await api("/api/players/me", { token });
    const link = `${(await shareBase()).base}/player#${token}`; // an address another device reaches
    const shown = [h("p", { id: "playeris" }, [`${t("You play as")} `, h("strong", { text: me.name }), " · ", h("a", { href: "/player", text: t("your player page") })])];
    if (fresh) {
      shown.push(h("p", {}, [`${t("Keep this private link to be you on another device (it is shown only now; anyone with it plays as you):")} `,
        h("code", { id: "playerlink", text: link })]));
    }
    $("playerbox").replaceChildren(...shown); // (replaceChildren would write a null as the text "null")
  } catch (e) {
    $("playererr").textContent = t("Your player link was not accepted: {why}", { why: /** @type {Error} */ (e).message });
  }
}

/** @param {Event} ev */
async function becomePlayer(ev) {
  ev.preventDefault();
  const name = /** @type {HTMLInputElement} */ ($("playername")).value.trim();
  const listed = /** @type {HTMLInputElement} */ ($("playerlisted")).checked;
  try {
    const got = await api("/api/players", { name, listed, lang: language() });
    localStorage.setItem(PLAYER_KEY, got.token);
    await showPlayer(got.token);
  } catch (e) {
    $("playererr").textContent = t("Could not make the player: {why}", { why: /** @type {Error} */ (e).message });
  }
}

/** The page's fixed words in the language chosen, and the language picker. */
function pageWords() {
  words("main > p.muted", t("Seep, Four-Point Smear and Sheepshead with friends and bots, each rule exactly as played."));
  words("#learnlink", t("New to a game? Learn to play"));
  words("#puzzleslink", t("Puzzles from real hands"));
  words("#create-h", t("Start a table"));
  words("label:has(#game)", t("Game"));
  words("label:has(#preset)", t("Preset"));
  words("label:has(#public)", t("listed publicly"));
  words("label:has(#hints)", t("hints from the search bot"));
  words("label:has(#talkmode)", t("Talk"));
  words("#talkmode option[value=phrases]", t("phrases only during a hand"));
  words("#talkmode option[value=free]", t("free talk"));
  words("#talkmode option[value=off]", t("no talk"));
  words("label:has(#moveseconds)", t("Time per move"));
  const seconds = [...(document.querySelector("label:has(#moveseconds)")?.childNodes ?? [])].filter((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim()).at(-1);
  if (seconds) seconds.textContent = ` ${t("seconds")}`;
  /** @type {HTMLInputElement} */ ($("moveseconds")).placeholder = t("no limit");
  words("label:has(#turnbased)", t("Turn-based (hours or days a move)"));
  words("label:has(#turnhours)", t("Hours per move"));
  words("label:has(#bankdays)", t("Bank in days"));
  words("label:has(#ontimeout)", t("At time's end"));
  words("#ontimeout option[value=bot]", t("the bot plays that one move"));
  words("#ontimeout option[value=abandon]", t("the match is abandoned"));
  words("#ontimeout option[value=replace]", t("a bot takes the seat for good"));
  words("#create h3", t("Seats"));
  words("#create details summary", t("House rules"));
  words("label:has(#hostname)", t("Your name"));
  words("label:has(#playername)", t("Your name"));
  /** @type {HTMLInputElement} */ ($("hostname")).placeholder = t("your name");
  /** @type {HTMLInputElement} */ ($("playername")).placeholder = t("your name");
  words("#createbtn", t("Create the table"));
  words("#join-h", t("Join with an invite link"));
  words("label[for=invitelink]", t("Invite link"));
  /** @type {HTMLInputElement} */ ($("invitelink")).placeholder = t("paste the invite link");
  words("#joinform button", t("Go"));
  words("#public-h", t("Public tables with a free seat"));
  words("#tables li", t("Looking…"));
  words("#player-h", t("Play as yourself"));
  words("#playerbox > p.muted", t("A player keeps one name from table to table, a history and a rating, with no password: a private link is all. Without one you sit down as a guest."));
  words("label:has(#playerlisted)", t("show me on the leaderboards"));
  words("#becomeplayer", t("Become a player"));
  words("#signinlink", t("A player already, on another device? Sign in here"));
  words("a[href='/leaderboard']", t("The leaderboards"));
  words("section:has(#newtournament) h2", t("Tournaments"));
  around(document.querySelector("#newtournament")?.parentElement, t("{create}: rounds at several tables, players reseated, standings; played here or with real cards at a hall."), {
    create: h("a", { href: "/tournaments/new", id: "newtournament", text: t("Create a tournament") }),
  });
  words("section:has(a[href='/replay']) h2", t("Replay a record"));
  around(document.querySelector("main a[href='/replay']")?.parentElement, t("{open} to step through a record file with every hand face up."), {
    open: h("a", { href: "/replay", text: t("Open the replay viewer") }),
  });
  document.querySelector("main")?.prepend(h("div", { class: "row", style: "justify-content:flex-end" }, [languagePicker(h)]));
}

async function main() {
  await loadLanguage();
  pageWords();
  $("playerform").addEventListener("submit", becomePlayer);
  showPlayer();
  showWaiting(h, $("waiting"), localStorage.getItem(PLAYER_KEY));
  $("joinform").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const text = /** @type {HTMLInputElement} */ ($("invitelink")).value.trim();
    try {
      const url = new URL(text, location.origin);
      location.href = url.pathname + url.search;
    } catch { /* not a link: nothing to follow */ }
  });
  try {
    catalogue = await api("/api/games");
  } catch (e) {
    $("createerr").textContent = t("Could not load the games: {why}", { why: /** @type {Error} */ (e).message });
    return;
  }
  await Promise.all(catalogue.games.map((/** @type {any} */ g) => loadGame(g.name))); // their titles
  const game = /** @type {HTMLSelectElement} */ ($("game"));
  game.replaceChildren(...catalogue.games.map((/** @type {any} */ g) => h("option", { value: g.name, text: gameTitle(g.name) })));
  game.addEventListener("change", renderGame);
  $("preset").addEventListener("change", renderOptions);
  $("create").addEventListener("submit", create);
  renderGame();
  listTables();
}

main();
