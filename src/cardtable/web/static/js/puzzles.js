// @ts-check
/**
 * The puzzles: positions from real hands where one move was clearly best, shown as the seat saw
 * them. The puzzle of the day first, then the others (one game's with the menu); an answer is
 * sent to the server (`POST /api/puzzles/ID/answer`), which says whether it was right, the best
 * move, why and the theme, and, for a player (the token kept in this browser), moves the
 * player's puzzle rating. The page's words, the prompt, the verdict, its reason and the theme are
 * in the language chosen (docs/languages.md); a puzzle kept with the analysis's English sentence
 * only (no `why_said`) shows it apart, marked as English, in another language.
 * @module puzzles
 */

import { gameTitle } from "./format.js";
import { h } from "./dom.js";
import { loadGame } from "./gameload.js";
import { language, languagePicker, load as loadLanguage, num, t, words } from "./i18n.js";
import { drawPosition, moveButtons, spoken } from "./position.js";

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
const PLAYER_KEY = "cardtable:player";

/**
 * @param {string} path
 * @param {any} [body]
 */
async function api(path, body) {
  const res = await fetch(path, body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const data = await res.json().catch(() => null);
  if (!res.ok) throw new Error(data?.error ?? res.statusText);
  return data;
}

/** @type {{all: any[], list: any[], at: number, daily: string | null, answered: boolean}} */
const ui = { all: [], list: [], at: 0, daily: null, answered: false };

async function show() {
  const p = ui.list[ui.at];
  if (!p) { $("where").textContent = t("No puzzle here."); return; }
  await loadGame(p.game);
  ui.answered = false;
  const title = p.id === ui.daily ? t("Puzzle of the day") : t("Puzzle {n} of {total}", { n: ui.at + 1, total: ui.list.length });
  $("where").textContent = `${title} · ${gameTitle(p.game)} · ${t("rated {rating}", { rating: p.rating })}`;
  $("text").textContent = p.prompt;
  $("said").hidden = true;
  $("why").hidden = true;
  $("next").hidden = true;
  drawPosition($("table"), p.game, p.view, p.seats);
  $("moves").hidden = false;
  moveButtons($("moves"), p.legal, answer);
}

/** @param {string} move */
async function answer(move) {
  if (ui.answered) return;
  const p = ui.list[ui.at];
  const player = localStorage.getItem(PLAYER_KEY);
  const said = $("said");
  try {
    const got = await api(`/api/puzzles/${encodeURIComponent(p.id)}/answer`, { move, lang: language(), ...(player ? { player } : {}) });
    ui.answered = true;
    said.hidden = false;
    said.dataset.kind = got.kind;
    said.className = `banner ${got.kind === "right" ? "news right" : "refused"}`;
    said.textContent = spoken(got.text);
    if (language() !== "en" && got.why && !got.why_said) {
      // a puzzle kept with the analysis's English sentence only: apart, and marked as English
      $("why").hidden = false;
      $("why").replaceChildren(`${t("Why, in the analysis's English:")} `, h("span", { lang: "en", class: "reason", text: spoken(got.why) }));
    }
    $("moves").replaceChildren();
    $("moves").hidden = true;
    $("next").hidden = false;
    if (got.rating) showRating(got.rating.after, got.rating.solved, got.rating.failed, got.rating.counted ? got.rating.after - got.rating.before : null);
  } catch (e) {
    said.hidden = false;
    said.className = "banner refused";
    said.textContent = /** @type {Error} */ (e).message;
  }
}

/**
 * @param {number} rating
 * @param {number} solved
 * @param {number} failed
 * @param {number | null} change
 */
function showRating(rating, solved, failed, change) {
  const moved = change === null ? ` ${t("(this puzzle was rated at your first answer)")}` : change ? ` (${change > 0 ? "+" : ""}${num(change)})` : "";
  $("rating").textContent = `${t("Your puzzle rating: {rating}", { rating })}${moved} · ${t("solved {solved}, missed {failed}", { solved, failed })}`;
}

function filter() {
  const game = /** @type {HTMLSelectElement} */ ($("game")).value;
  ui.list = ui.all.filter((p) => !game || p.game === game);
  const daily = ui.list.findIndex((p) => p.id === ui.daily);
  if (daily > 0) ui.list.unshift(...ui.list.splice(daily, 1));
  ui.at = 0;
  show();
}

/** The page's fixed words in the language chosen, and the language picker. */
function pageWords() {
  document.title = `cardtable · ${t("puzzles")}`;
  document.querySelector(".topbar > div")?.replaceChildren(h("a", { href: "/", text: "cardtable" }), " · ",
    h("a", { href: "/learn", text: t("learn") }), " · ", h("a", { href: "/puzzles", text: t("puzzles") }), " ", languagePicker(h));
  words("main > h1", t("Puzzles from real hands"));
  words("label:has(#game)", t("Game"));
  $("next").textContent = t("Next puzzle");
}

async function main() {
  await loadLanguage();
  pageWords();
  $("next").addEventListener("click", () => { ui.at = (ui.at + 1) % ui.list.length; show(); });
  $("game").addEventListener("change", filter);
  try {
    const got = await api(`/api/puzzles?lang=${language()}`);
    ui.all = got.puzzles;
    ui.daily = got.daily;
    const games = [...new Set(ui.all.map((p) => p.game))];
    await Promise.all(games.map((g) => loadGame(g)));  // each game's own title, in the language read
    $("game").replaceChildren(h("option", { value: "", text: t("every game") }), ...games.map((g) => h("option", { value: g, text: gameTitle(g) })));
    filter();
  } catch (e) {
    $("where").textContent = /** @type {Error} */ (e).message;
  }
  const player = localStorage.getItem(PLAYER_KEY);
  if (player) {
    api("/api/puzzles/rating", { player }).then((r) => showRating(r.rating, r.solved, r.failed, 0)).catch(() => {});
  } else {
    $("rating").textContent = t("Play as yourself (on the home page) to keep a puzzle rating.");
  }
}

main();
