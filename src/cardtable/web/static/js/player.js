// @ts-check
/**
 * The player's own page: the private link (#TOKEN) is kept in this browser, then the page shows
 * the player's ratings, the bot they play about as well as, and the tables they sat at with each
 * match's record (finished hands only) to download.
 * @module player
 */

import { h } from "./dom.js";
import { gameTitle } from "./format.js";
import { loadGame } from "./gameload.js";

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

export const PLAYER_KEY = "cardtable:player";

/**
 * @param {string} path
 * @param {any} body
 * @returns {Promise<any>}
 */
async function post(path, body) {
  const res = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  let data = null;
  try { data = await res.json(); } catch { data = null; }
  if (!res.ok) throw new Error(data?.error ?? `${res.status} ${res.statusText}`);
  return data;
}

/** @param {any} r */
function ratingText(r) {
  return `${r.rating.toFixed(1)} (skill between ${r.low.toFixed(1)} and ${r.high.toFixed(1)}, from ${r.hands} hand${r.hands === 1 ? "" : "s"})`;
}

/** @param {any} page */
function render(page) {
  const token = localStorage.getItem(PLAYER_KEY) ?? "";
  $("who").hidden = false;
  $("name-h").textContent = page.name;
  $("keep").textContent = "";
  $("keep").append("Your private link (keep it; it is the only way to be you on another device): ",
    h("code", { text: `${location.origin}/player#${token}` }));
  const listed = /** @type {HTMLInputElement} */ ($("listed"));
  listed.checked = page.listed;
  listed.onchange = async () => {
    try { render(await post("/api/players/me/listed", { token, listed: listed.checked })); $("err").textContent = ""; }
    catch (e) { $("err").textContent = `Could not change it: ${/** @type {Error} */ (e).message}`; }
  };
  const games = Object.entries(page.ratings);
  $("ratingsbox").hidden = games.length === 0;
  $("ratings").replaceChildren(...games.map(([game, r]) => h("li", {}, [
    h("strong", { text: `${gameTitle(game)}: ` }), ratingText(r),
    r.like ? h("p", { class: "like", text: `You play about as well as ${r.like}.` }) : null,
  ])));
  $("historybox").hidden = page.tables.length === 0;
  $("history").replaceChildren(...page.tables.map((/** @type {any} */ t) => h("li", {}, [
    h("a", { href: `/t/${encodeURIComponent(t.table)}`, text: `${gameTitle(t.game)} table` }),
    ` · seat ${t.seat} · ${t.status} · ${t.rated_hands} rated hand${t.rated_hands === 1 ? "" : "s"} · `,
    ...t.records.map((/** @type {string} */ url, /** @type {number} */ i) =>
      h("a", { href: url, download: `cardtable-${t.table}-match-${t.matches[i]}.json`, text: `record of match ${t.matches[i] + 1} ` })),
  ])));
}

/**
 * Load the modules of the games a player's page names (for their titles).
 * @param {any} me
 */
async function loadGames(me) {
  const games = new Set([...Object.keys(me?.ratings ?? {}), ...(me?.tables ?? []).map((/** @type {any} */ t) => String(t.game))]);
  await Promise.all([...games].map((g) => loadGame(g)));
}

async function main() {
  if (location.hash.length > 1) {
    localStorage.setItem(PLAYER_KEY, decodeURIComponent(location.hash.slice(1)));
    history.replaceState(null, "", "/player");  // the token leaves the address bar
  }
  const token = localStorage.getItem(PLAYER_KEY);
  if (!token) { $("nobody").hidden = false; return; }
  try {
    const me = await post("/api/players/me", { token });
    await loadGames(me);
    render(me);
  } catch (e) {
    $("nobody").hidden = false;
    $("nobody").append(h("p", { class: "error", role: "alert", text: `Your player link was not accepted: ${/** @type {Error} */ (e).message}` }));
  }
}

main();
