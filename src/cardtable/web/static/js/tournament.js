// @ts-check
/**
 * The tournament pages (docs/tournaments.md), one module for all of them, chosen by the body's
 * data-page: create a tournament; its standings with registration (spectators welcome, printable,
 * results as CSV); the director's page (start a round, replace a missing entrant by a bot, end a
 * round by time, the corrections made); an entrant's page with their table; a hand's result
 * entered on a phone (by the table's captain or the director, who also corrects it); the
 * printable score sheets with each table's QR code.
 *
 * Every link meant for another device (the registration link, the director's and an entrant's own
 * links, a partner's link, the entry page under a score sheet's QR code) is built from the
 * address others reach the server by (`invite.js` shareBase: the public URL, or this machine's
 * network address when the page was opened on the machine itself), never from a loopback
 * address; the server draws the QR codes from the same address.
 *
 * The director's and an entrant's tokens are kept in this browser only (localStorage). A link
 * may carry one after "#" (#director=… or #token=…): the part after "#" never reaches a server.
 *
 * The pages' words are in the language chosen (docs/languages.md; `tr` is `i18n.js`'s `t`, as
 * `t` names a tournament here); the server's data (a tournament's name, its tie-breaks and a
 * hall's result fields) are said as the server sends them.
 * @module tournament
 */

import { h } from "./dom.js";
import { gameTitle, num, plainWords } from "./format.js";
import { loadGame } from "./gameload.js";
import { languagePicker, load as loadLanguage, t as tr, tn } from "./i18n.js";
import { inviteBox, shareBase } from "./invite.js";

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
const page = document.body.dataset.page ?? "";
const parts = location.pathname.split("/");
const tid = decodeURIComponent(parts[2] ?? "");
const params = new URLSearchParams(location.search);
const directorKey = `cardtable:director:${tid}`;
const entrantKey = `cardtable:entrant:${tid}`;
const here = `/tournaments/${encodeURIComponent(tid)}`;

/**
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

/** @param {unknown} e */
function fail(e) {
  $("error").textContent = e instanceof Error ? e.message : String(e);
}

/** A token from the link's fragment (kept, then removed from the address bar) or this browser. */
function token(/** @type {string} */ name, /** @type {string} */ key) {
  const frag = new URLSearchParams(location.hash.slice(1)).get(name);
  if (frag) {
    localStorage.setItem(key, frag);
    history.replaceState(null, "", location.pathname + location.search);
  }
  return localStorage.getItem(key);
}

const base = `/api/tournaments/${encodeURIComponent(tid)}`;

/** @type {Promise<{base: string, others: string[], loopbackOnly: boolean}> | null} */
let sharing = null;
/** The address to build links for other devices from (asked of the server once). */
function shared() {
  sharing ??= shareBase();
  return sharing;
}

/** The tournament's game and preset in the games' own words (their titles, loaded once). */
async function gameWords(/** @type {any} */ t) {
  await loadGame(t.game);
  return `${gameTitle(t.game)}${t.preset ? ` (${tr(plainWords(t.preset))})` : ""}`;
}

/** The mark of a replaced entrant in the standings, in words. */
const replacedWords = (/** @type {any} */ s) => s.replaced || (s.replaced_by ? tr("replaced by the {bot} bot", { bot: s.replaced_by }) : "");

/** @param {any} t the tournament */
function standingsTable(t) {
  const dup = t.duplicate;
  const rounds = Array.from({ length: t.rounds }, (_, i) => i + 1);
  const head = h("tr", {}, [
    h("th", { class: "n", text: tr("rank") }), h("th", { text: tr("name") }),
    ...(dup ? [h("th", { class: "n", text: tr("matchpoints") })] : []),
    h("th", { class: "n", text: tr("points") }),
    ...rounds.map((r) => h("th", { class: "n", text: tr("round {n}", { n: r }) })),
    h("th", { class: "n", text: tr("hands") }),
  ]);
  const rows = t.standings.map((/** @type {any} */ s) => h("tr", { class: s.replaced_by ? "replaced" : "" }, [
    h("td", { class: "n", text: num(s.rank) }),
    h("td", {}, [s.name, s.replaced_by ? h("span", { class: "mark", text: ` (${replacedWords(s)})` }) : ""]),
    ...(dup ? [h("td", { class: "n", text: num(s.matchpoints) })] : []),
    h("td", { class: "n", text: num(s.points) }),
    ...rounds.map((r) => h("td", { class: "n", text: s.rounds[String(r)] === undefined ? "" : num(s.rounds[String(r)]) })),
    h("td", { class: "n", text: num(s.hands) }),
  ]));
  return h("table", { class: "standings", id: "standings" }, [h("thead", {}, [head]), h("tbody", {}, rows)]);
}

/** The tournament's rule for replaced entrants, said where the standings are. */
function replacedRule(/** @type {any} */ t) {
  const any = t.standings.some((/** @type {any} */ s) => s.replaced_by);
  return h("p", { class: any ? "rule" : "muted", id: "replacedrule", text: tr("An entrant replaced by a bot (who did not come, or left) ranks after everyone who was not, whatever the bot scored in their seat; the hands the bot played still count in their points, and the standings say who was replaced.") });
}

/**
 * The director's corrections of entered results (of a round being played: which hand only), each
 * seat's points named by who sat there.
 * @param {any[]} changes @param {any} t the tournament
 */
function corrections(changes, t) {
  if (!changes.length) return h("p", { class: "muted", id: "corrections", text: tr("No result has been corrected.") });
  const names = (/** @type {any} */ c) => t.played.find((/** @type {any} */ r) => r.number === c.round)?.tables.find((/** @type {any} */ x) => x.number === c.table)?.seats.map((/** @type {any} */ s) => s.name ?? tr("bot")) ?? [];
  const scores = (/** @type {any} */ c, /** @type {number[]} */ xs) => xs.map((x, i) => `${names(c)[i] ?? tr("seat {n}", { n: i })} ${num(x)}`).join(", ");
  return h("ol", { id: "corrections", class: "log" }, changes.map((c) => h("li", {}, [
    tr("Round {round}, table {table}, hand {hand}: corrected by the director", { round: c.round, table: c.table, hand: c.hand }),
    c.was ? tr("; was {was}; now {now}", { was: scores(c, c.was), now: scores(c, c.now) }) : ` ${tr("(its scores are shown when the round is over)")}`,
    c.when ? ` (${new Date(c.when * 1000).toLocaleString()})` : "",
  ])));
}

/** @param {any} t */
async function facts(t) {
  const formats = /** @type {Record<string, string>} */ ({ mixed: tr("players reseated each round"), progressive: tr("progressive (winners move up)"), round_robin: tr("fixed partners in a round robin"), swiss: tr("fixed partners, Swiss pairing") });
  const eachRound = tn("{n} hand", "{n} hands", t.hands);
  const size = tn("{n} round of {hands}", "{n} rounds of {hands}", t.rounds, { hands: eachRound });
  const how = `${await gameWords(t)}: ${size}, ${formats[t.format] ?? t.format}`;
  const more = [t.duplicate ? tr("duplicate boards") : "", t.hall ? tr("played with real cards at a hall") : ""].filter(Boolean).join(", ");
  const played = t.played.length;
  const on = t.played.find((/** @type {any} */ r) => r.status !== "over");
  const state = t.status === "over" ? tr("Final standings.") : on ? tr("Round {n} is being played.", { n: on.number }) : played ? tn("{played} of {n} round played.", "{played} of {n} rounds played.", t.rounds, { played }) : tn("Registration is open: {n} entrant.", "Registration is open: {n} entrants.", t.entrants.length);
  return h("p", {}, [`${how}${more ? `; ${more}` : ""}. `, h("strong", { id: "state", text: state })]);
}

/** @param {any} t */
function roundsList(t, /** @type {boolean} */ links) {
  return h("div", {}, t.played.map((/** @type {any} */ r) => h("section", { class: "panel" }, [
    h("h3", { text: r.status === "over" ? tr("Round {n} (over)", { n: r.number }) : tr("Round {n} (being played)", { n: r.number }) }),
    h("ul", {}, r.tables.map((/** @type {any} */ tb) => {
      const chief = tb.captain ? tb.seats.find((/** @type {any} */ s) => s.entrant === tb.captain) : null;
      return h("li", {}, [
        `${tr("Table {n}:", { n: tb.number })} `,
        tb.seats.map((/** @type {any} */ s) => s.name ?? tr("{bot} bot", { bot: t.bot })).join(", "),
        chief ? ` ${tr("(captain: {name})", { name: chief.name })}` : "",
        ` · ${tn("{done} of {n} hand", "{done} of {n} hands", t.hands, { done: tb.hands })} `,
        links && tb.table ? h("a", { href: `/t/${encodeURIComponent(tb.table)}`, text: tr("watch") }) : "",
        links && t.hall ? h("a", { href: `${here}/enter?round=${r.number}&table=${tb.number}`, text: ` ${r.status === "over" ? tr("results") : tr("enter results")}` }) : "",
      ]);
    })),
  ])));
}

async function standingsPage() {
  const t = await api(base);
  $("title").textContent = t.name;
  document.title = `cardtable · ${t.name}`;
  const err = h("p", { class: "error", role: "alert" });
  const name = /** @type {HTMLInputElement} */ (h("input", { id: "entrantname", maxlength: "40", required: true, placeholder: tr("your name") }));
  const pairs = t.format === "round_robin" || t.format === "swiss";
  const partner = /** @type {HTMLInputElement} */ (h("input", { id: "partnername", maxlength: "40", required: true, placeholder: tr("your partner's name"), "aria-label": tr("your partner's name") }));
  // a player (docs/ratings.md) registers as themselves: the round's hands go to their history and rating
  const playerToken = localStorage.getItem("cardtable:player");
  const asPlayer = /** @type {HTMLInputElement} */ (h("input", { type: "checkbox", id: "asplayer", checked: true }));
  const asPlayerLabel = playerToken ? h("label", { for: "asplayer" }, [asPlayer, ` ${tr("as my player (rated)")}`]) : "";
  const register = t.status === "registering" ? h("form", { class: "panel row", onsubmit: async (/** @type {Event} */ ev) => {
    ev.preventDefault();
    try {
      /** @type {Record<string, string>} */
      const body = pairs ? { name: name.value.trim(), partner: partner.value.trim() } : { name: name.value.trim() };
      if (playerToken && asPlayer.checked) body.player = playerToken;
      const got = await api(`${base}/entrants`, body);
      localStorage.setItem(entrantKey, got.token);
      if (!got.partner) { location.href = `${here}/me`; return; }
      // the partner's own link, to send them (the part after "#" never reaches a server)
      const { base: at } = await shared();
      const theirs = `${at}${here}/me#token=${got.partner.token}`;
      err.replaceChildren(h("span", {}, [`${tr("Registered. Send {name} their own link:", { name: got.partner.name })} `, h("code", { id: "partnerlink", text: theirs }), " ", h("a", { href: `${here}/me`, text: tr("your page") })]));
    } catch (e) { err.textContent = tr("Could not register: {reason}", { reason: /** @type {Error} */ (e).message }); }
  } }, [h("label", { for: "entrantname", text: `${tr("Register:")} ` }), name, pairs ? partner : "", asPlayerLabel, h("button", { class: "primary", type: "submit", id: "register", text: pairs ? tr("Register the pair") : tr("Register") }), err]) : null;
  $("content").replaceChildren(
    await facts(t),
    register ?? "",
    h("h2", { text: tr("Standings") }),
    h("p", { class: "muted", text: tr("Only rounds that are over count here; a round being played shows how many hands each table has finished.") }),
    standingsTable(t),
    replacedRule(t),
    h("p", { class: "muted" }, [`${tr("Ties are broken by:")} `, h("span", { lang: "en", text: t.tie_breaks.join("; ") }), "."]),
    h("p", { class: "noprint" }, [h("a", { href: `${base}/results.csv`, text: tr("Results as CSV") }), " · ", h("button", { type: "button", onclick: () => print(), text: tr("Print") })]),
    ...(t.hall ? [h("h2", { text: tr("Corrections") }), corrections(t.corrections, t)] : []),
    h("h2", { text: tr("Rounds") }),
    roundsList(t, true),
  );
  if (t.status !== "over") setTimeout(() => standingsPage().catch(fail), 5000);
}

async function newPage() {
  const catalogue = await api("/api/games");
  await Promise.all(catalogue.games.map((/** @type {any} */ g) => loadGame(g.name))); // their titles
  const game = /** @type {HTMLSelectElement} */ (h("select", { id: "game" }, catalogue.games.map((/** @type {any} */ g) => h("option", { value: g.name, text: gameTitle(g.name), selected: g.name === catalogue.default }))));
  const preset = /** @type {HTMLSelectElement} */ (h("select", { id: "preset" }));
  const fillPresets = () => {
    const g = catalogue.games.find((/** @type {any} */ x) => x.name === game.value);
    preset.replaceChildren(h("option", { value: "", text: tr("house default") }), ...g.presets.map((/** @type {string} */ p) => h("option", { value: p, text: tr(plainWords(p)), selected: p === "tournament" })));
  };
  game.addEventListener("change", fillPresets);
  fillPresets();
  const field = (/** @type {string} */ id, /** @type {Record<string, any>} */ attrs) => /** @type {HTMLInputElement} */ (h("input", { id, ...attrs }));
  const name = field("tname", { maxlength: "80", required: true, placeholder: "Germanfest Sheepshead" });
  const rounds = field("rounds", { type: "number", min: "1", max: "30", value: "3" });
  const hands = field("hands", { type: "number", min: "1", max: "100", value: "6" });
  const format = /** @type {HTMLSelectElement} */ (h("select", { id: "format" }, [h("option", { value: "mixed", text: tr("reseated each round to meet new players") }), h("option", { value: "progressive", text: tr("progressive: winners move up, partners change") }), h("option", { value: "round_robin", text: tr("fixed partners, round robin (partnership games)") }), h("option", { value: "swiss", text: tr("fixed partners, Swiss pairing (partnership games)") })]));
  const duplicate = field("duplicate", { type: "checkbox" });
  const hall = field("hall", { type: "checkbox" });
  const err = h("p", { class: "error", role: "alert" });
  const form = h("form", { class: "panel", onsubmit: async (/** @type {Event} */ ev) => {
    ev.preventDefault();
    try {
      const got = await api("/api/tournaments", {
        name: name.value.trim(), game: game.value, preset: preset.value || null, format: format.value,
        rounds: Number(rounds.value), hands: Number(hands.value), duplicate: duplicate.checked, hall: hall.checked,
      });
      localStorage.setItem(`cardtable:director:${got.tournament}`, got.director);
      location.href = `/tournaments/${encodeURIComponent(got.tournament)}/director`;
    } catch (e) { err.textContent = tr("Could not create the tournament: {reason}", { reason: /** @type {Error} */ (e).message }); }
  } }, [
    h("div", { class: "row" }, [h("label", { for: "tname", text: tr("Name") }), name]),
    h("div", { class: "row" }, [h("label", {}, [`${tr("Game")} `, game]), h("label", {}, [`${tr("Preset")} `, preset])]),
    h("div", { class: "row" }, [h("label", {}, [`${tr("Rounds")} `, rounds]), h("label", {}, [`${tr("Hands a round")} `, hands]), h("label", {}, [`${tr("Seating")} `, format])]),
    h("div", { class: "row" }, [h("label", {}, [duplicate, ` ${tr("duplicate boards (ranked by matchpoints)")}`]), h("label", {}, [hall, ` ${tr("played with real cards (results entered by hand)")}`])]),
    h("button", { class: "primary", type: "submit", id: "createtournament", text: tr("Create the tournament") }),
    err,
  ]);
  $("content").replaceChildren(form);
}

async function directorPage() {
  const director = token("director", directorKey);
  const t = await api(base);
  $("title").textContent = tr("{name}: director", { name: t.name });
  if (!director) {
    $("content").replaceChildren(h("p", { text: tr("This browser does not hold this tournament's director token. Open the director's link (…/director#director=TOKEN) that was shown when it was created.") }));
    return;
  }
  const act = async (/** @type {string} */ path, /** @type {any} */ body = {}) => {
    try {
      $("error").textContent = "";
      await api(path, { director, ...body });
    } catch (e) { fail(e); }
    await directorPage().catch(fail);
  };
  const share = await shared();
  const log = t.hall ? (await api(`${base}/log`, { director }).catch(() => ({ changes: [] }))).changes : [];
  const on = t.played.find((/** @type {any} */ r) => r.status !== "over");
  const next = t.played.length + 1;
  const link = `${share.base}${here}`;
  const keep = `${share.base}${here}/director#director=${director}`;
  const controls = h("div", { class: "panel row" }, [
    !on && t.status !== "over" ? h("button", { class: "primary", id: "startround", type: "button", onclick: () => act(`${base}/rounds`), text: tr("Start round {n}", { n: next }) }) : "",
    on ? h("button", { id: "endround", type: "button", onclick: () => act(`${base}/rounds/${on.number}/end`), text: tr("End round {n} by time", { n: on.number }) }) : "",
    on && t.hall ? h("a", { href: `${here}/sheets`, text: tr("Print the score sheets") }) : "",
    h("a", { href: here, text: tr("Standings page") }),
  ]);
  const people = h("ul", { id: "entrants" }, t.entrants.map((/** @type {any} */ e) => h("li", {}, [
    `${e.entrant}. ${e.name}${e.replaced_by ? ` (${t.hall ? tr("withdrawn") : tr("replaced by the {bot} bot", { bot: e.replaced_by })}${e.replaced_round ? ` ${tr("in round {n}", { n: e.replaced_round })}` : ""})` : ""} `,
    !e.replaced_by && t.status !== "over" ? h("button", { type: "button", onclick: () => act(`${base}/entrants/${e.entrant}/bot`), text: t.hall ? tr("withdraw") : tr("replace by a bot") }) : "",
  ])));
  $("content").replaceChildren(
    await facts(t),
    h("h2", { text: tr("Registration link for entrants") }),
    inviteBox(link, { id: "registrationlink", others: share.others.map((o) => `${o}${here}`), loopbackOnly: share.loopbackOnly }),
    h("p", { class: "muted" }, [`${tr("Keep this director's link private (it holds the director token); open it on another device to run the tournament from there:")} `, h("code", { id: "directorlink", text: keep })]),
    controls,
    h("h2", { text: tr("Rounds") }),
    roundsList(t, true),
    ...(t.hall ? [h("h2", { text: tr("Corrections") }), corrections(log, t)] : []),
    h("h2", { text: tr("Entrants ({n})", { n: t.entrants.length }) }),
    people,
    h("h2", { text: tr("Standings") }),
    standingsTable(t),
    replacedRule(t),
  );
  if (on) setTimeout(() => { if (!document.hidden) directorPage().catch(fail); }, 4000);
}

async function entrantPage() {
  const mine = token("token", entrantKey);
  if (!mine) {
    $("content").replaceChildren(h("p", {}, [`${tr("This browser holds no entrant token for this tournament.")} `, h("a", { href: here, text: tr("Register here") }), "."]));
    return;
  }
  const [t, me, share] = await Promise.all([api(base), api(`${base}/me`, { token: mine }), shared()]);
  $("title").textContent = `${t.name}: ${me.name}`;
  const tb = me.table;
  const seatLink = tb && tb.table ? h("button", { class: "primary", id: "gototable", type: "button", onclick: () => {
    // the entrant's token is their seat's token at the round's table
    localStorage.setItem(`cardtable:seat:${tb.table}`, JSON.stringify({ token: mine, seat: tb.seat, name: me.name }));
    location.href = `/t/${encodeURIComponent(tb.table)}`;
  }, text: tr("Go to your table (round {round}, table {table}, seat {seat})", { round: tb.round, table: tb.number, seat: tb.seat }) }) : null;
  const hallLine = tb && !tb.table ? h("p", {}, [
    `${tr("Round {round}: you sit at table {table}, seat {seat}.", { round: tb.round, table: tb.number, seat: tb.seat })} `,
    `${tb.captain ? tr("You are the table's captain: you enter its results.") : tr("The table's captain (in its first seat) enters its results.")} `,
    h("a", { href: `${here}/enter?round=${tb.round}&table=${tb.number}`, text: tb.captain ? tr("Enter your table's results") : tr("Your table's results") }),
  ]) : null;
  const keep = `${share.base}${here}/me#token=${mine}`;
  const gone = me.replaced_by ? ` ${t.hall ? tr("You were withdrawn.") : tr("A bot has taken your place.")}` : "";
  $("content").replaceChildren(
    h("p", { text: `${tr("You are entrant {n}, {name}.", { n: me.entrant, name: me.name })}${gone}` }),
    seatLink ?? hallLine ?? h("p", { id: "waiting", text: t.status === "over" ? tr("The tournament is over.") : tr("Your next table is shown here when the director starts the round.") }),
    h("p", { class: "muted" }, [`${tr("Keep your own link to come back from another device:")} `, h("code", { id: "ownlink", text: keep })]),
    h("p", {}, [h("a", { href: here, text: tr("Standings") })]),
  );
  if (t.status !== "over") setTimeout(() => entrantPage().catch(fail), 5000);
}

async function enterPage() {
  const t = await api(base);
  const round = Number(params.get("round"));
  const table = Number(params.get("table"));
  const director = token("director", directorKey);
  const entrant = token("token", entrantKey);
  const mine = director ?? entrant;
  $("title").textContent = tr("{name}: round {round}, table {table}", { name: t.name, round, table });
  const rnd = t.played.find((/** @type {any} */ r) => r.number === round);
  const info = rnd?.tables.find((/** @type {any} */ x) => x.number === table);
  if (!info) { $("content").replaceChildren(h("p", { text: tr("No such table in this tournament.") })); return; }
  const seatWord = (/** @type {any} */ s) => tr("{name} (seat {seat})", { name: s.name ?? tr("bot"), seat: s.seat });
  const chief = info.seats.find((/** @type {any} */ s) => s.entrant === info.captain);
  let me = null;
  if (!director && entrant) me = await api(`${base}/me`, { token: entrant }).catch(() => null);
  const isCaptain = Boolean(me && info.captain === me.entrant && !me.replaced_by);
  const mayEnter = Boolean(director) || isCaptain;
  const entered = mine ? await api(`${base}/entries`, { token: mine, round, table }).catch(() => ({ hands: [] })) : { hands: [] };
  /** @type {Map<number, any>} */
  const byHand = new Map(entered.hands.map((/** @type {any} */ x) => [x.hand, x]));
  const firstOpen = Array.from({ length: t.hands }, (_, i) => i + 1).find((n) => !byHand.has(n)) ?? t.hands;
  const hand = /** @type {HTMLInputElement} */ (h("input", { id: "hand", type: "number", min: "1", max: String(t.hands), value: String(firstOpen) }));
  /** @type {Record<string, HTMLInputElement[] | HTMLSelectElement[]>} */
  const inputs = {};
  const rows = t.fields.map((/** @type {any} */ f) => {
    if (f.kind === "seat") { // a seat asked by its player's name (a bidder, a picker), or none
      const select = /** @type {HTMLSelectElement} */ (h("select", { id: `field-${f.name}`, "aria-label": f.label }, [
        h("option", { value: "", text: tr("nobody (all passed)") }),
        ...info.seats.map((/** @type {any} */ s) => h("option", { value: String(s.seat), text: seatWord(s) })),
      ]));
      inputs[f.name] = [select];
      return h("fieldset", { class: "entry" }, [h("legend", { text: f.label, lang: "en" }), select]);
    }
    const labels = f.per === "seat" ? info.seats.map(seatWord) : f.per === "side" ? t.partners.map((/** @type {number[]} */ p) => p.map((/** @type {number} */ s) => info.seats[s].name ?? tr("bot")).join(" + ")) : [""];
    inputs[f.name] = labels.map((/** @type {string} */ l, /** @type {number} */ i) => /** @type {HTMLInputElement} */ (h("input", { type: "number", id: `field-${f.name}-${i}`, "aria-label": `${f.label}${l ? `: ${l}` : ""}`, inputmode: "numeric" })));
    // a field's label is the game's scoring's own word (the server's data), in English
    return h("fieldset", { class: "entry" }, [h("legend", { text: f.label, lang: "en" }), ...inputs[f.name].map((el, i) => h("label", {}, [labels[i], " ", el]))]);
  });
  const done = h("p", { role: "status", id: "entered" });
  const submit = /** @type {HTMLButtonElement} */ (h("button", { class: "primary", type: "submit", id: "enterhand", text: tr("Enter the hand") }));
  const fill = () => { // a hand entered already: its entry shown, and the director may correct it
    const had = byHand.get(Number(hand.value));
    for (const f of t.fields) {
      const value = had?.entry?.[f.name];
      inputs[f.name].forEach((el, i) => { el.value = value === undefined || value === null ? "" : String(Array.isArray(value) ? value[i] : value); });
    }
    submit.textContent = had ? (director ? tr("Correct hand {n}", { n: hand.value }) : tr("Hand {n} is entered", { n: hand.value })) : tr("Enter the hand");
    submit.disabled = Boolean(had) && !director;
  };
  hand.addEventListener("input", fill);
  fill();
  const form = h("form", { class: "panel", id: "entryform", onsubmit: async (/** @type {Event} */ ev) => {
    ev.preventDefault();
    /** @type {Record<string, any>} */
    const entry = {};
    for (const f of t.fields) {
      const values = inputs[f.name].map((el) => (el.value === "" ? null : Number(el.value)));
      entry[f.name] = f.per === "one" ? values[0] : values.map((v) => v ?? 0);
    }
    const n = Number(hand.value);
    const correct = byHand.has(n);
    try {
      $("error").textContent = "";
      const got = await api(`${base}/results`, { token: mine, round, table, hand: n, entry, ...(correct ? { correct: true } : {}) });
      const scores = got.score.map((/** @type {number} */ p, /** @type {number} */ s) => `${info.seats[s]?.name ?? tr("bot")} ${num(p)}`).join(", ");
      done.textContent = correct ? tr("Hand {n} corrected: {scores}.", { n: got.hand, scores }) : tr("Hand {n} entered: {scores}.", { n: got.hand, scores });
      byHand.set(got.hand, { hand: got.hand, score: got.score, entry });
      hand.value = String(Array.from({ length: t.hands }, (_, i) => i + 1).find((k) => !byHand.has(k)) ?? got.hand);
      fill();
      list.replaceChildren(...enteredItems());
    } catch (e) { fail(e); }
  } }, [h("label", {}, [`${tr("Hand")} `, hand]), ...rows, submit]);
  const enteredItems = () => [...byHand.values()].sort((a, b) => a.hand - b.hand).map((x) => h("li", { text: tr("Hand {n}: {scores}", { n: x.hand, scores: x.score.map((/** @type {number} */ p, /** @type {number} */ s) => `${info.seats[s]?.name ?? tr("bot")} ${num(p)}`).join(", ") }) }));
  const list = h("ul", { id: "enteredhands" }, enteredItems());
  const who = chief ? tr("The table's captain is {name} (the first seat); the captain or the director enters its results, and only the director corrects one entered already.", { name: chief.name }) : tr("The director enters this table's results.");
  $("content").replaceChildren(
    h("p", { text: info.seats.map(seatWord).join(" · ") }),
    h("p", { class: "muted", id: "captainline", text: who }),
    mayEnter && (rnd.status !== "over" || director) ? form : h("p", { id: "noentry", text: !mine ? tr("Open this page from the director's page or your entrant link first: this browser holds no token for this tournament.") : me?.replaced_by ? tr("You were withdrawn from the tournament: the captain or the director enters this table's results.") : rnd.status === "over" ? tr("This round is over: only the director corrects its results.") : tr("Only the table's captain or the director enters its results here.") }),
    done,
    entered.hands.length || byHand.size ? h("h2", { text: tr("Entered") }) : "",
    list,
    h("p", { class: "muted", text: t.partners.length ? tr("Each side's result is checked by the game's scoring before it counts.") : tr("Each seat's result is checked by the game's scoring before it counts.") }),
  );
}

async function sheetsPage() {
  const t = await api(base);
  $("title").textContent = tr("{name}: score sheets", { name: t.name });
  const r = t.played.find((/** @type {any} */ x) => x.status !== "over") ?? t.played[t.played.length - 1];
  if (!r) { $("content").replaceChildren(h("p", { text: tr("No round has started.") })); return; }
  const { base: at } = await shared();
  const hands = Array.from({ length: t.hands }, (_, i) => i + 1);
  $("content").replaceChildren(h("p", { class: "noprint" }, [h("button", { type: "button", onclick: () => print(), text: tr("Print") })]), ...r.tables.map((/** @type {any} */ tb) => {
    const entryLink = `${at}${here}/enter?round=${r.number}&table=${tb.number}`;
    const chief = tb.seats.find((/** @type {any} */ s) => s.entrant === tb.captain);
    return h("section", { class: "sheet" }, [
      h("img", { class: "qr", alt: tr("QR code of the entry page of table {n}", { n: tb.number }), src: `${base}/qr/${r.number}/${tb.number}.svg` }),
      h("h2", { text: `${t.name} · ${tr("round {n}", { n: r.number })} · ${tr("table {n}", { n: tb.number })}` }),
      h("p", { text: tb.seats.map((/** @type {any} */ s) => tr("seat {n}: {name}", { n: s.seat, name: s.name ?? tr("bot") })).join(" · ") }),
      chief ? h("p", { text: tr("Captain (enters the results): {name}", { name: chief.name }) }) : "",
      h("p", { class: "entrylink" }, [`${tr("Results: scan the code, or open")} `, h("code", { text: entryLink })]),
      h("table", { class: "scoresheet" }, [
        h("thead", {}, [h("tr", {}, [h("th", { text: tr("hand") }), ...tb.seats.map((/** @type {any} */ s) => h("th", { text: s.name ?? tr("bot") }))])]),
        h("tbody", {}, hands.map((n) => h("tr", {}, [h("td", { text: String(n) }), ...tb.seats.map(() => h("td", { text: "" }))]))),
      ]),
    ]);
  }));
}

/** The page's fixed words (in its HTML) in the language chosen, and the language picker. */
function pageWords() {
  const titles = /** @type {Record<string, string>} */ ({
    tournament: tr("Tournament standings"), "tournament-new": tr("Create a tournament"), "tournament-director": tr("Tournament director"),
    "tournament-entrant": tr("Your tournament"), "tournament-enter": tr("Enter a hand's result"), "tournament-sheets": tr("Score sheets"),
  });
  if (titles[page]) {
    document.title = `cardtable · ${titles[page]}`;
    if ($("title")) $("title").textContent = titles[page];
  }
  const loading = document.querySelector("#content > p.muted");
  if (loading) loading.textContent = tr("Loading…");
  document.querySelector("main > p.noprint")?.append(" ", languagePicker(h));
}

const pages = /** @type {Record<string, () => Promise<void>>} */ ({
  tournament: standingsPage,
  "tournament-new": newPage,
  "tournament-director": directorPage,
  "tournament-entrant": entrantPage,
  "tournament-enter": enterPage,
  "tournament-sheets": sheetsPage,
});
loadLanguage().then(() => {
  pageWords();
  return (pages[page] ?? (async () => {}))();
}).catch(fail);
