// @ts-check
/**
 * The player's own page (`/player`; the private link is `/player#TOKEN`, kept in this browser)
 * and a bot's page (`/bot/NAME`), drawn the same way from the server's page data
 * (`POST /api/players/me`, `GET /api/bots/NAME`): in each game the rating inside its range,
 * provisional until settled, the bot the player plays about as well as once it is, the rating's
 * history as a chart with a table beside it, the statistics its players talk about; then the
 * tables played at, newest first and a page at a time, with who sat with the player and who
 * against, the hands won and lost, and each match's record and review. The player's private link
 * names an address another device can reach (`invite.js`), with its QR code.
 * @module player
 */

import { h } from "./dom.js";
import { gameTitle, num, plus } from "./format.js";
import { loadGame } from "./gameload.js";
import { historyTable, ratingChart } from "./chart.js";
import { change, fixed, sittings, statValue } from "./standing.js";
import { inviteBox, shareBase } from "./invite.js";
import { devices } from "./devices.js";
import { noticesBox } from "./notices.js";
import { showWaiting } from "./turns.js";

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

export const PLAYER_KEY = "cardtable:player";

/** @type {{bot: string | null, token: string, tables: any[]}} */
const ui = { bot: null, token: "", tables: [] };

/**
 * @param {string} path
 * @param {any} [body] a POST's body (a GET without)
 * @returns {Promise<any>}
 */
async function call(path, body) {
  const res = body === undefined ? await fetch(path)
    : await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  let data = null;
  try { data = await res.json(); } catch { data = null; }
  if (!res.ok) throw new Error(data?.error ?? `${res.status} ${res.statusText}`);
  return data;
}

/** The page's data, the first page of tables or the one before `before`. @param {number | null} [before] */
function load(before = null) {
  if (ui.bot !== null) {
    const q = before === null ? "" : `?before=${before}`;
    return call(`/api/bots/${encodeURIComponent(ui.bot)}${q}`);
  }
  return call("/api/players/me", before === null ? { token: ui.token } : { token: ui.token, before });
}

/** @param {number} t seconds since the epoch */
const day = (t) => new Date(t * 1000).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });

/**
 * The rating's range as a bar: the range's place on a scale from 0 to 50 (wider if need be) and
 * the rating's mark inside it. Drawn for the eye only; the sentence beside it says the same.
 * @param {any} r
 */
function rangeBar(r) {
  const lo = Math.min(0, Math.floor(r.low / 10) * 10);
  const hi = Math.max(50, Math.ceil(r.high / 10) * 10);
  const at = (/** @type {number} */ v) => `${((v - lo) * 100) / (hi - lo)}%`;
  return h("div", { "aria-hidden": "true" }, [
    h("div", { class: "rangebar" }, [
      h("span", { class: "span", style: `left:${at(r.low)};width:calc(${at(r.high)} - ${at(r.low)})` }),
      h("span", { class: "mark", style: `left:${at(r.rating)}` }),
    ]),
    h("div", { class: "rangescale muted" }, [h("span", { text: num(lo) }), h("span", { text: num(hi) })]),
  ]);
}

/**
 * What a rating says: settled or not, and the bot it compares with.
 * @param {any} r @param {boolean} isBot
 */
function ratingWords(r, isBot) {
  const who = isBot ? "Its" : "Your";
  const lines = [
    h("p", { text: `${who} skill most likely lies between ${fixed(r.low)} and ${fixed(r.high)}, the rating in the middle; learned from ${r.hands} hand${r.hands === 1 ? "" : "s"}.` }),
  ];
  if (r.provisional) {
    lines.push(h("p", { class: "muted", text: `Provisional until its deviation is at most ${r.settled_sigma} (now ${r.sigma.toFixed(1)}): about 50 to 60 hands in all. Until then it is ranked after the settled ratings${isBot ? "" : ", and not compared with the bots"}.` }));
  } else if (r.like && !isBot) {
    lines.push(h("p", { class: "like", text: `You play about as well as ${r.like} (${fixed(r.like_rating.rating)}).` }));
  }
  return lines;
}

/**
 * One game's box: the rating, its history and the statistics.
 * @param {string} game @param {any} data @param {boolean} isBot
 */
function gameBox(game, data, isBot) {
  const r = data.ratings[game];
  const history = data.history?.[game];
  const stats = data.stats?.[game];
  const id = `g-${game}`;
  const title = gameTitle(game);
  return h("section", { class: "panel gamebox", id, "aria-labelledby": `${id}-h` }, [
    h("h2", { id: `${id}-h`, text: title }),
    h("p", { class: "headline" }, [
      h("span", { class: "rating", text: fixed(r.rating) }),
      h("span", { class: "muted", text: `range ${fixed(r.low)} – ${fixed(r.high)}` }),
      r.provisional ? h("span", { class: "badge", text: "provisional" }) : null,
    ]),
    rangeBar(r),
    ...ratingWords(r, isBot),
    history?.points?.length ? h("figure", {}, [
      ratingChart(history, `${id}-chart`, title),
      h("figcaption", { class: "muted", text: `The rating after each of the last ${history.points.length} hands (of ${history.hands}), with its range.` }),
    ]) : h("p", { class: "muted", text: "Its history starts with the next hand rated." }),
    history?.points?.length ? h("details", {}, [h("summary", { text: "The history as a table" }), historyTable(history)]) : null,
    stats ? h("table", { class: "stats" }, [
      h("caption", { class: "muted", text: `Statistics since ${day(stats.since)}` }),
      h("tbody", {}, stats.rows.map((/** @type {any} */ s) => h("tr", { "data-key": s.key }, [
        h("th", { scope: "row", text: s.label }), h("td", { text: statValue(s) }),
      ]))),
    ]) : null,
  ]);
}

/**
 * Who sat at a table besides the player, in words: a partner (with the player in every hand), an
 * opponent (against in every hand), or with and against by turns (where the sides change hand by
 * hand).
 * @param {any} t
 */
function peopleWords(t) {
  // a name held by several seats (three rule-based bots) says its seat too
  const twice = new Set(t.people.map((/** @type {any} */ p) => p.name).filter((/** @type {string} */ n, /** @type {number} */ i, /** @type {string[]} */ all) => all.indexOf(n) !== i));
  const name = (/** @type {any} */ p) => {
    const where = twice.has(p.name) ? ` in seat ${p.seat}` : "";
    return p.bot ? h("a", { href: `/bot/${encodeURIComponent(p.bot)}`, text: `${p.name} (bot${where ? `,${where}` : ""})` }) : `${p.name}${where}`;
  };
  const { partners, opponents, byTurns, atTable } = sittings(t);
  /** @type {(Node | string)[]} */
  const out = [];
  const add = (/** @type {string} */ words, /** @type {any[]} */ list, /** @type {boolean} */ counts = false) => {
    if (!list.length) return;
    if (out.length) out.push(" · ");
    out.push(words);
    list.forEach((p, i) => out.push(i ? ", " : "", name(p), counts ? ` (with ${p.with}, against ${p.against})` : ""));
  };
  add("at the table: ", atTable);
  add(partners.length === 1 ? "partner: " : "partners: ", partners);
  add("against: ", opponents);
  add("partners by turns: ", byTurns, true);
  return out;
}

/** One table of the list. @param {any} t */
function tableItem(t) {
  const seats = (t.seats ?? [t.seat]).join(" and "); // numbered from 0, as the table page numbers them
  const results = t.hands ? [
    `${t.hands} rated hand${t.hands === 1 ? "" : "s"}: won ${t.won}, lost ${t.lost}${t.tied ? `, tied ${t.tied}` : ""}`,
    ` · points ${plus(t.points)}`,
    t.change !== null ? ` · rating ${change(t.change)}` : "",
  ] : ["no rated hand"];
  return h("li", { "data-table": t.table }, [
    h("a", { href: `/t/${encodeURIComponent(t.table)}`, text: `${gameTitle(t.game)} table` }),
    ` · ${day(t.joined)} · seat ${seats} · ${t.status}`,
    h("span", { class: "people" }, peopleWords(t)),
    h("span", { class: "results" }, results),
    h("span", { class: "links" }, t.matches.flatMap((/** @type {number} */ m, /** @type {number} */ i) => [
      h("a", { href: t.records[i], download: `cardtable-${t.table}-match-${m + 1}.json`, text: `record of match ${m + 1}` }),
      h("a", { href: t.reviews[i], text: `review of match ${m + 1}` }),
    ])),
  ]);
}

/** @param {any} data */
function showTables(data) {
  ui.tables = [...ui.tables, ...data.tables];
  $("historybox").hidden = ui.tables.length === 0 && ui.bot === null;
  $("history").replaceChildren(...ui.tables.map(tableItem));
  const older = /** @type {HTMLButtonElement} */ ($("older"));
  older.hidden = data.more === null;
  older.onclick = async () => {
    older.disabled = true;
    try { showTables(await load(data.more)); } catch (e) { $("err").textContent = `Could not load them: ${/** @type {Error} */ (e).message}`; }
    older.disabled = false;
  };
}

/** The player's private link, built on an address another device reaches, with its QR code. */
async function privateLink() {
  const where = await shareBase();
  const link = `${where.base}/player#${ui.token}`;
  $("link").replaceChildren(inviteBox(link, {
    id: "playerlink", others: where.others.map((b) => `${b}/player#…`), loopbackOnly: where.loopbackOnly,
    copied: "Copied: open it on your other device, and keep it to yourself.",
    qrAlt: "Your private player link as a QR code: scan it with your phone's camera",
    scan: "Scan with your phone's camera to be you there.",
  }));
}

/** @param {any} data */
function render(data) {
  const isBot = ui.bot !== null;
  $("who").hidden = false;
  $("name-h").textContent = isBot ? `${data.bot} (bot)` : data.name;
  document.title = `cardtable · ${isBot ? `bot ${data.bot}` : data.name}`;
  $("where").textContent = isBot ? "a bot's page" : "your player page";
  $("about").textContent = isBot
    ? "A bot is rated from the hands it plays at tables where a player sits, and from its calibration among the bots. Only public tables are listed here; every rated hand counts."
    : `A player here since ${day(data.created)}.`;
  $("tablesnote").textContent = isBot ? "Public tables where its hands were rated, newest first." : "The tables you sat at, newest first.";
  if (!isBot) {
    $("mine").hidden = false;
    const listed = /** @type {HTMLInputElement} */ ($("listed"));
    listed.checked = data.listed;
    listed.onchange = async () => {
      try { await call("/api/players/me/listed", { token: ui.token, listed: listed.checked }); $("err").textContent = ""; }
      catch (e) { $("err").textContent = `Could not change it: ${/** @type {Error} */ (e).message}`; }
    };
  }
  const games = Object.keys(data.ratings);
  $("games").replaceChildren(...(games.length ? games.map((g) => gameBox(g, data, isBot))
    : [h("section", { class: "panel" }, [h("p", { text: "No rated hand yet: sit down as yourself at a table and play a hand." })])]));
  ui.tables = [];
  showTables(data);
}

/**
 * Load the modules of the games a page names (for their titles).
 * @param {any} data
 */
async function loadGames(data) {
  const games = new Set([...Object.keys(data?.ratings ?? {}), ...(data?.tables ?? []).map((/** @type {any} */ t) => String(t.game))]);
  await Promise.all([...games].map((g) => loadGame(g)));
}

async function main() {
  const bot = location.pathname.match(/^\/bot\/(.+)$/);
  if (bot) {
    ui.bot = decodeURIComponent(bot[1]);
  } else {
    if (location.hash.length > 1 && location.hash !== "#notices") { // `#notices`: the section, from a notice's link
      localStorage.setItem(PLAYER_KEY, decodeURIComponent(location.hash.slice(1)));
      history.replaceState(null, "", "/player"); // the token leaves the address bar
    }
    ui.token = localStorage.getItem(PLAYER_KEY) ?? "";
    if (!ui.token) { $("nobody").hidden = false; return; }
  }
  try {
    const data = await load();
    await loadGames(data);
    render(data);
    if (!bot) {
      // a device signed in with a passkey or a link holds a session, not the private link
      if (ui.token.startsWith("s.")) $("linkbox").hidden = true;
      else await privateLink();
      await showWaiting(h, $("waiting"), ui.token);
      // the section's own trouble is said in the section, never taken for a bad player link
      try { await devices(ui.token); } catch (e) { $("deverr").textContent = /** @type {Error} */ (e).message; }
      await noticesBox(call, ui.token).catch((e) => { $("err").textContent = `The notices could not be read: ${/** @type {Error} */ (e).message}`; });
    }
  } catch (e) {
    $("nobody").hidden = false;
    const words = bot ? `This bot has no rating here: ${/** @type {Error} */ (e).message}` : `Your player link was not accepted: ${/** @type {Error} */ (e).message}`;
    if (bot) $("nobody-h").textContent = "No such bot";
    $("nobody").append(h("p", { class: "error", role: "alert", text: words }));
  }
}

main();
