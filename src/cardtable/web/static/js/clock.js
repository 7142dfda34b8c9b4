// @ts-check
/**
 * The clock of the seat to act (web.md §4): the server says how much time is left in every
 * snapshot and event (`clock: {seat, ms_left}`); the page counts it down itself between messages
 * and says what happened when it ran out. Pure functions, tested by `node --test`.
 * @module clock
 */

import { t } from "./i18n.js";

/**
 * @typedef {{seat: number, msLeft: number, at: number, deadline?: number}} Running  a clock as last told, and
 *   when (a turn-based table's with its wall-clock `deadline`, seconds since the epoch)
 */

/**
 * The clock a message carries, read at `now` (ms of the page's own monotonic time).
 * @param {any} msg
 * @param {number} now
 * @returns {Running | null}
 */
export function clockOf(msg, now) {
  const c = msg?.clock;
  if (!c || typeof c.seat !== "number" || typeof c.ms_left !== "number") return null;
  return { seat: c.seat, msLeft: Math.max(0, c.ms_left), at: now, ...(typeof c.deadline === "number" ? { deadline: c.deadline } : {}) };
}

/**
 * The milliseconds left at `now`.
 * @param {Running} clock
 * @param {number} now
 */
export function msLeft(clock, now) {
  return Math.max(0, clock.msLeft - (now - clock.at));
}

/**
 * Time left as a clock shows it: "1:05", "0:09" (whole seconds, rounded up so that "0:00" means
 * the time has run out).
 * @param {number} ms
 */
export function clockText(ms) {
  const s = Math.ceil(Math.max(0, ms) / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/**
 * What the page says when a seat's time ran out and a bot moved for it.
 * @param {string} who the seat as the reader says it ("you", "Ann")
 * @param {string} move the move in words ("Ann plays 10♦.")
 */
export function ranOut(who, move) {
  const said = who === t("you") ? t("Time ran out: a bot played for you. {move}", { move }) : t("Time ran out: a bot played for {who}. {move}", { who, move });
  return said.trim();
}

/** How long the note that a bot moved for a person stays at the least (ms): long enough to read. */
export const STAND_IN_MS = 8000;

/**
 * What the page says when a bot moved for a seat: its time ran out, or its person is away.
 * @param {string} who the seat as the reader says it
 * @param {string} move the move in words
 * @param {boolean} away whether the seat's person is away (the table's summary says so)
 */
export function standInWords(who, move, away) {
  if (!away) return ranOut(who, move);
  const said = who === t("you") ? t("You are away: a bot played for you. {move}", { move }) : t("{who} is away: a bot played for {who}. {move}", { who, move });
  return said.trim();
}

/**
 * Whether the note that a bot moved for a seat may go, at `now`: it stays at least
 * `STAND_IN_MS`, and when the bot moved for the reader, until the reader's own next turn has begun
 * (so that a person who looked away reads it when they look back).
 * @param {{seat: number, v: number, at: number}} note when and for whom the bot moved
 * @param {number} now
 * @param {number | null} me the reader's seat
 * @param {boolean} myTurn whether it is the reader's turn now
 * @param {number} v the table's version now
 */
export function standInOver(note, now, me, myTurn, v) {
  if (now - note.at < STAND_IN_MS) return false;
  return note.seat !== me || (myTurn && v > note.v);
}
