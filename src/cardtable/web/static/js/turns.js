// @ts-check
/**
 * Turn-based tables (docs/web.md, "Turn-based tables"): their clock in words (time per move, the
 * bank, what happens at time's end), and the "Your turn" list of the tables waiting for the
 * player this browser keeps, most urgent first, shown on the home page and the player page.
 * @module turns
 */

import { gameTitle } from "./format.js";
import { t, tn } from "./i18n.js";

/**
 * A length of time in words, in the largest unit it fills ("3 days", "24 hours", "90 minutes").
 * @param {number} seconds
 */
export function duration(seconds) {
  const minutes = Math.round(seconds / 60);
  if (minutes % 1440 === 0 && minutes >= 1440) return tn("{n} day", "{n} days", minutes / 1440);
  if (minutes % 60 === 0 && minutes >= 60) return tn("{n} hour", "{n} hours", minutes / 60);
  return tn("{n} minute", "{n} minutes", minutes);
}

/**
 * What a turn-based table's clock is, in one sentence (none for a live table).
 * @param {any} info the table's summary
 */
export function turnsWords(info) {
  if (!info || info.mode !== "turns") return "";
  const end = info.on_timeout === "abandon" ? t("the match is abandoned")
    : info.on_timeout === "replace" ? t("a bot takes the seat for good") : t("the bot plays that one move");
  return t("Turn-based: {move} a move, and a bank of {bank} for the match; when both run out, {end}.",
    { move: duration(info.turn_seconds), bank: duration(info.bank_seconds), end });
}

/**
 * When a deadline comes, in words relative to `now` (both seconds since the epoch).
 * @param {number} deadline
 * @param {number} now
 */
export function dueWords(deadline, now) {
  const left = deadline - now;
  if (left <= 0) return t("time is up");
  return t("{time} left", { time: duration(Math.max(60, left)) });
}

/**
 * The "Your turn" list: the tables where the player's seat is to act, most urgent first, then
 * their other turn-based tables. Empty (and hidden) without a player or a table.
 * @param {(tag: string, props: Record<string, any>, children?: any[]) => HTMLElement} h
 * @param {HTMLElement} box
 * @param {string | null} token the player's token
 */
export async function showWaiting(h, box, token) {
  if (!token) return;
  let got;
  try {
    const res = await fetch("/api/players/me/waiting", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token }) });
    if (!res.ok) return;
    got = await res.json();
  } catch {
    return;
  }
  const row = (/** @type {any} */ w, /** @type {boolean} */ mine) => h("li", {}, [
    h("a", { href: `/t/${encodeURIComponent(w.table)}`, text: t("{game}, seat {seat}", { game: gameTitle(w.game), seat: String(w.seat) }) }),
    " · ",
    mine ? dueWords(w.deadline, got.now) : t("waiting for another seat"),
  ]);
  if (!got.your_turn.length && !got.others.length) return;
  box.hidden = false;
  box.replaceChildren(...[ // (a null given to replaceChildren would be written as the text "null")
    h("h2", { id: "yourturn-h", text: t("Your turn") }),
    got.your_turn.length ? h("ul", { id: "yourturn", class: "tables" }, got.your_turn.map((/** @type {any} */ w) => row(w, true)))
      : h("p", { class: "muted", text: t("No table waits for you now.") }),
    got.others.length ? h("details", {}, [h("summary", { text: t("Your other turn-based tables") }),
      h("ul", { id: "otherturns", class: "tables" }, got.others.map((/** @type {any} */ w) => row(w, false)))]) : null,
  ].filter((kid) => kid !== null));
}
