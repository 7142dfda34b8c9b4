// @ts-check
/**
 * The player's own page (`/player`; the private link is `/player#TOKEN`, kept in this browser)
 * and a bot's page (`/bot/NAME`), drawn the same way from the server's page data
 * (`POST /api/players/me`, `GET /api/bots/NAME`): in each game the rating inside its range,
 * provisional until settled, the bot the player plays about as well as once it is, the rating's
 * history as a chart with a table beside it, the statistics its players talk about; then the
 * tables played at, newest first and a page at a time, with who sat with the player and who
 * against, the hands won and lost, and each match's record and review. The player's private link
 * names an address another device can reach (`invite.js`), with its QR code. The language the
 * server writes to the player in (its e-mail and notifications) is shown and chosen here; choosing
 * the page's language in the picker keeps it for the player too.
 * @module player
 */

import { h } from "./dom.js";
import { gameTitle, num, plus } from "./format.js";
import { loadGame } from "./gameload.js";
import { historyTable, ratingChart } from "./chart.js";
import { change, fixed, sittings, statValue } from "./standing.js";
import { inviteBox, shareBase } from "./invite.js";
import { devices } from "./devices.js";
import { LANGUAGES, around, decimals, language, languagePicker, load as loadLanguage, t, tn, words } from "./i18n.js";
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
const day = (t) => new Date(t * 1000).toLocaleDateString(language(), { year: "numeric", month: "short", day: "numeric" });

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
  const range = { low: fixed(r.low), high: fixed(r.high) };
  const lines = [
    h("p", { text: isBot
      ? tn("Its skill most likely lies between {low} and {high}, the rating in the middle; learned from {n} hand.", "Its skill most likely lies between {low} and {high}, the rating in the middle; learned from {n} hands.", r.hands, range)
      : tn("Your skill most likely lies between {low} and {high}, the rating in the middle; learned from {n} hand.", "Your skill most likely lies between {low} and {high}, the rating in the middle; learned from {n} hands.", r.hands, range) }),
  ];
  if (r.provisional) {
    const parts = { most: r.settled_sigma, now: decimals(r.sigma, 1) };
    lines.push(h("p", { class: "muted", text: isBot
      ? t("Provisional until its deviation is at most {most} (now {now}): about 50 to 60 hands in all. Until then it is ranked after the settled ratings.", parts)
      : t("Provisional until its deviation is at most {most} (now {now}): about 50 to 60 hands in all. Until then it is ranked after the settled ratings, and not compared with the bots.", parts) }));
  } else if (r.like && !isBot) {
    lines.push(h("p", { class: "like", text: t("You play about as well as {bot} ({rating}).", { bot: r.like, rating: fixed(r.like_rating.rating) }) }));
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
      h("span", { class: "muted", text: t("range {low} – {high}", { low: fixed(r.low), high: fixed(r.high) }) }),
      r.provisional ? h("span", { class: "badge", text: t("provisional") }) : null,
    ]),
    rangeBar(r),
    ...ratingWords(r, isBot),
    history?.points?.length ? h("figure", {}, [
      ratingChart(history, `${id}-chart`, title),
      h("figcaption", { class: "muted", text: t("The rating after each of the last {n} hands (of {all}), with its range.", { n: history.points.length, all: history.hands }) }),
    ]) : h("p", { class: "muted", text: t("Its history starts with the next hand rated.") }),
    history?.points?.length ? h("details", {}, [h("summary", { text: t("The history as a table") }), historyTable(history)]) : null,
    stats ? h("table", { class: "stats" }, [
      h("caption", { class: "muted", text: t("Statistics since {day}", { day: day(stats.since) }) }),
      h("tbody", {}, stats.rows.map((/** @type {any} */ s) => h("tr", { "data-key": s.key }, [
        h("th", { scope: "row", text: t(s.label) }), h("td", { text: statValue(s) }),
      ]))),
    ]) : null,
  ]);
}

/**
 * Who sat at a table besides the player, in words: a partner (with the player in every hand), an
 * opponent (against in every hand), or with and against by turns (where the sides change hand by
 * hand).
 * @param {any} table
 */
function peopleWords(table) {
  // a name held by several seats (three rule-based bots) says its seat too
  const twice = new Set(table.people.map((/** @type {any} */ p) => p.name).filter((/** @type {string} */ n, /** @type {number} */ i, /** @type {string[]} */ all) => all.indexOf(n) !== i));
  const name = (/** @type {any} */ p) => {
    const seat = String(p.seat);
    if (p.bot) {
      const text = twice.has(p.name) ? t("{name} (bot, in seat {seat})", { name: p.name, seat }) : t("{name} (bot)", { name: p.name });
      return h("a", { href: `/bot/${encodeURIComponent(p.bot)}`, text });
    }
    return twice.has(p.name) ? t("{name} in seat {seat}", { name: p.name, seat }) : p.name;
  };
  const { partners, opponents, byTurns, atTable } = sittings(table);
  /** @type {(Node | string)[]} */
  const out = [];
  const add = (/** @type {string} */ words, /** @type {any[]} */ list, /** @type {boolean} */ counts = false) => {
    if (!list.length) return;
    if (out.length) out.push(" · ");
    out.push(words);
    list.forEach((p, i) => out.push(i ? ", " : "", name(p), counts ? ` ${t("(with {with}, against {against})", { with: p.with, against: p.against })}` : ""));
  };
  add(`${t("at the table:")} `, atTable);
  add(`${tn("partner:", "partners:", partners.length)} `, partners);
  add(`${t("against:")} `, opponents);
  add(`${t("partners by turns:")} `, byTurns, true);
  return out;
}

/** A table's status in words (the server's `waiting`, `playing`, `over`, `closed`). @param {string} status */
function statusWords(status) {
  /** @type {Record<string, string>} */
  const said = { waiting: t("waiting"), playing: t("playing"), over: t("over"), closed: t("closed") };
  return said[status] ?? status;
}

/** One table of the list. @param {any} table */
function tableItem(table) {
  const seats = (table.seats ?? [table.seat]).map(String).join(` ${t("and")} `); // numbered from 0, as the table page numbers them
  const results = table.hands ? [
    tn("{n} rated hand: won {won}, lost {lost}", "{n} rated hands: won {won}, lost {lost}", table.hands, { won: table.won, lost: table.lost })
      + (table.tied ? t(", tied {n}", { n: table.tied }) : ""),
    ` · ${t("points {points}", { points: plus(table.points) })}`,
    table.change !== null ? ` · ${t("rating {change}", { change: change(table.change) })}` : "",
  ] : [t("no rated hand")];
  return h("li", { "data-table": table.table }, [
    h("a", { href: `/t/${encodeURIComponent(table.table)}`, text: t("{game} table", { game: gameTitle(table.game) }) }),
    ` · ${day(table.joined)} · ${t("seat {seats}", { seats })} · ${statusWords(table.status)}`,
    h("span", { class: "people" }, peopleWords(table)),
    h("span", { class: "results" }, results),
    h("span", { class: "links" }, table.matches.flatMap((/** @type {number} */ m, /** @type {number} */ i) => [
      h("a", { href: table.records[i], download: `cardtable-${table.table}-match-${m + 1}.json`, text: t("record of match {n}", { n: m + 1 }) }),
      h("a", { href: table.reviews[i], text: t("review of match {n}", { n: m + 1 }) }),
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
    try { showTables(await load(data.more)); } catch (e) { $("err").textContent = t("Could not load them: {why}", { why: /** @type {Error} */ (e).message }); }
    older.disabled = false;
  };
}

/** The player's private link, built on an address another device reaches, with its QR code. */
async function privateLink() {
  const where = await shareBase();
  const link = `${where.base}/player#${ui.token}`;
  $("link").replaceChildren(inviteBox(link, {
    id: "playerlink", others: where.others.map((b) => `${b}/player#…`), loopbackOnly: where.loopbackOnly,
    copied: t("Copied: open it on your other device, and keep it to yourself."),
    qrAlt: t("Your private player link as a QR code: scan it with your phone's camera"),
    scan: t("Scan with your phone's camera to be you there."),
  }));
}

/** @param {any} data */
function render(data) {
  const isBot = ui.bot !== null;
  $("who").hidden = false;
  $("name-h").textContent = isBot ? t("{name} (bot)", { name: data.bot }) : data.name;
  document.title = `cardtable · ${isBot ? t("bot {name}", { name: data.bot }) : data.name}`;
  $("where").textContent = isBot ? t("a bot's page") : t("your player page");
  $("about").textContent = isBot
    ? t("A bot is rated from the hands it plays at tables where a player sits, and from its calibration among the bots. Only public tables are listed here; every rated hand counts.")
    : t("A player here since {day}.", { day: day(data.created) });
  $("tablesnote").textContent = isBot ? t("Public tables where its hands were rated, newest first.") : t("The tables you sat at, newest first.");
  if (!isBot) {
    $("mine").hidden = false;
    const listed = /** @type {HTMLInputElement} */ ($("listed"));
    listed.checked = data.listed;
    listed.onchange = async () => {
      try { await call("/api/players/me/listed", { token: ui.token, listed: listed.checked }); $("err").textContent = ""; }
      catch (e) { $("err").textContent = t("Could not change it: {why}", { why: /** @type {Error} */ (e).message }); }
    };
  }
  if (!isBot) mailLanguage(data.language);
  const games = Object.keys(data.ratings);
  $("games").replaceChildren(...(games.length ? games.map((g) => gameBox(g, data, isBot))
    : [h("section", { class: "panel" }, [h("p", { text: t("No rated hand yet: sit down as yourself at a table and play a hand.") })])]));
  ui.tables = [];
  showTables(data);
}

/**
 * Keep `lang` as the language the server writes to the player in.
 * @param {string} lang
 */
function keepLanguage(lang) {
  return call("/api/players/me/language", { token: ui.token, language: lang });
}

/**
 * The language the server writes to the player in, shown and changed (none chosen yet: English).
 * @param {string | null} kept
 */
function mailLanguage(kept) {
  const select = /** @type {HTMLSelectElement} */ ($("mylanguage"));
  select.replaceChildren(...LANGUAGES.map(([code, name]) => h("option", { value: code, text: name })));
  select.value = kept ?? "en";
  select.onchange = async () => {
    try {
      await keepLanguage(select.value);
      $("mylanguage-saved").textContent = t("Saved.");
      $("err").textContent = "";
    } catch (e) { $("err").textContent = t("Could not change it: {why}", { why: /** @type {Error} */ (e).message }); }
  };
}

/**
 * Load the modules of the games a page names (for their titles).
 * @param {any} data
 */
async function loadGames(data) {
  const games = new Set([...Object.keys(data?.ratings ?? {}), ...(data?.tables ?? []).map((/** @type {any} */ t) => String(t.game))]);
  await Promise.all([...games].map((g) => loadGame(g)));
}

/** The page's fixed words in the language spoken. */
function pageWords() {
  document.title = `cardtable · ${t("player page")}`;
  words("#where", t("player page"));
  words(".topbar a[href='/leaderboard']", t("leaderboards"));
  words(".topbar a[href='/signin']", t("sign in"));
  // the page's language; a player's choice is kept for their e-mail and notifications too
  document.querySelector(".topbar > div")?.append(" ", languagePicker(h, async (lang) => { if (ui.token && ui.bot === null) await keepLanguage(lang); }));
  words("#nobody-h", t("You are not a player here yet"));
  // the sign-in link is the address itself, so that no language must bend a verb around it
  around(document.querySelector("#nobody > p"), t("Make yourself a player on the {home}, open your private player link, or sign in with a passkey or an e-mail link at {signin}."), {
    home: h("a", { href: "/", text: t("home page") }), signin: h("a", { href: "/signin", text: "/signin" }),
  });
  words("label:has(#listed)", t("show me on the leaderboards"));
  words("#mylanguage-l", t("The language of the e-mail and notifications this server sends you"));
  words("#linkbox summary", t("Your private link, for another device"));
  words("#linkbox p", t("Open it on your phone or another computer to be you there too. Anyone who has it plays as you: keep it to yourself."));
  words("#devices-h", t("Devices and sign-in"));
  around(document.querySelector("#devices > p.muted"), t("To be you on another device, add a passkey here and sign in with it at {signin} there, or give a confirmed e-mail address and ask there for a link."), {
    signin: h("a", { href: "/signin", text: "/signin" }),
  });
  const heads = document.querySelectorAll("#devices h3");
  [t("E-mail address"), t("Passkeys"), t("Devices signed in")].forEach((text, i) => { if (heads[i]) heads[i].textContent = text; });
  words("label[for=email]", t("E-mail address"));
  words("#emailform button", t("Save and send a link to confirm it"));
  words("#addpasskey", t("Add a passkey on this device"));
  words("#endothers", t("Sign out all other devices"));
  words("#history-h", t("Tables"));
  words("#older", t("Show older tables"));
}

async function main() {
  await loadLanguage();
  pageWords();
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
      await noticesBox(call, ui.token).catch((e) => { $("err").textContent = t("The notices could not be read: {why}", { why: /** @type {Error} */ (e).message }); });
    }
  } catch (e) {
    $("nobody").hidden = false;
    const words = bot ? t("This bot has no rating here: {why}", { why: /** @type {Error} */ (e).message }) : t("Your player link was not accepted: {why}", { why: /** @type {Error} */ (e).message });
    if (bot) $("nobody-h").textContent = t("No such bot");
    $("nobody").append(h("p", { class: "error", role: "alert", text: words }));
  }
}

main();
