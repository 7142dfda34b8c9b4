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
import { fixed } from "./standing.js";

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));


/** @param {any} r */
const cells = (r) => [
  h("td", {}, [fixed(r.rating), r.provisional ? h("span", { class: "badge", text: "provisional" }) : null]),
  h("td", { text: `${fixed(r.low)} – ${fixed(r.high)}` }),
  h("td", { text: String(r.hands) }),
];

/** @param {string} game */
async function show(game) {
  const res = await fetch(`/api/leaderboard/${encodeURIComponent(game)}`);
  const data = await res.json();
  if (!res.ok) { $("err").textContent = data.error; return; }
  $("err").textContent = "";
  $("people").replaceChildren(...(data.players.length ? data.players.map((/** @type {any} */ p) =>
    h("tr", {}, [h("td", { text: p.rank === null ? "–" : String(p.rank) }), h("td", { text: p.name }), ...cells(p)]))
    : [h("tr", {}, [h("td", { colspan: "5", class: "muted", text: "Nobody listed yet." })])]));
  $("bots").replaceChildren(...data.bots.map((/** @type {any} */ b) => h("tr", {}, [
    h("td", {}, [h("a", { href: `/bot/${encodeURIComponent(b.bot)}`, text: b.bot })]), ...cells(b)])));
}

async function main() {
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
