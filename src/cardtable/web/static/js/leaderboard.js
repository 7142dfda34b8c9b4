// @ts-check
/**
 * The leaderboards: one game at a time (?game=NAME), the listed players best first (the settled
 * ratings ranked, the provisional ones after them unranked) and the bots apart, each a link to
 * its page.
 * @module leaderboard
 */

import { h } from "./dom.js";
import { gameTitle } from "./format.js";
import { loadGame } from "./gameload.js";
import { languagePicker, load as loadLanguage, num, t, words } from "./i18n.js";
import { fixed } from "./standing.js";

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));


/** @param {any} r */
const cells = (r) => [
  h("td", {}, [fixed(r.rating), r.provisional ? h("span", { class: "badge", text: t("provisional") }) : null]),
  h("td", { text: `${fixed(r.low)} – ${fixed(r.high)}` }),
  h("td", { text: num(r.hands) }),
];

/** @param {string} game */
async function show(game) {
  const res = await fetch(`/api/leaderboard/${encodeURIComponent(game)}`);
  const data = await res.json();
  if (!res.ok) { $("err").textContent = data.error; return; }
  $("err").textContent = "";
  $("people").replaceChildren(...(data.players.length ? data.players.map((/** @type {any} */ p) =>
    h("tr", {}, [h("td", { text: p.rank === null ? "–" : num(p.rank) }), h("td", { text: p.name }), ...cells(p)]))
    : [h("tr", {}, [h("td", { colspan: "5", class: "muted", text: t("Nobody listed yet.") })])]));
  $("bots").replaceChildren(...data.bots.map((/** @type {any} */ b) => h("tr", {}, [
    h("td", {}, [h("a", { href: `/bot/${encodeURIComponent(b.bot)}`, text: b.bot })]), ...cells(b)])));
}

/** The page's fixed words in the language chosen, and the language picker. */
function pageWords() {
  document.title = `cardtable · ${t("leaderboards")}`;
  const bar = document.querySelector(".topbar > div");
  bar?.replaceChildren(h("a", { href: "/", text: "cardtable" }), ` · ${t("leaderboards")} · `,
    h("a", { href: "/player", text: t("your player page") }), " ", languagePicker(h));
  words("label:has(#game)", t("Game"));
  words("main .panel > p.muted", t("Only players who chose to be listed are shown. The rating is the model's best guess of a skill, inside its range (where the skill most likely lies). A rating is provisional until it settles, after about 50 to 60 hands: the settled ones are ranked first."));
  words("#people-h", t("Players"));
  words("#bots-h", t("Bots"));
  const heads = [["#people", ["#", t("Name"), t("Rating"), t("Range"), t("Hands")]], ["#bots", [t("Bot"), t("Rating"), t("Range"), t("Hands")]]];
  for (const [body, names] of /** @type {[string, string[]][]} */ (heads)) {
    const cells = document.querySelector(body)?.closest("table")?.querySelectorAll("thead th") ?? [];
    cells.forEach((cell, i) => { cell.textContent = names[i] ?? cell.textContent; });
  }
}

async function main() {
  await loadLanguage();
  pageWords();
  // the server's games (GET /api/games): the one ?game= names, else the server's default
  const res = await fetch("/api/games");
  const catalogue = res.ok ? await res.json() : { games: [], default: "" };
  /** @type {string[]} */
  const GAMES = catalogue.games.map((/** @type {any} */ g) => g.name);
  await Promise.all(GAMES.map((g) => loadGame(g))); // their titles
  const params = new URLSearchParams(location.search);
  const wanted = params.get("game") ?? catalogue.default;
  const chosen = GAMES.includes(wanted) ? wanted : GAMES[0];
  const select = /** @type {HTMLSelectElement} */ ($("game"));
  select.replaceChildren(...GAMES.map((g) => h("option", { value: g, text: gameTitle(g), selected: g === chosen })));
  select.onchange = () => { history.replaceState(null, "", `/leaderboard?game=${select.value}`); show(select.value); };
  show(chosen);
}

main();
