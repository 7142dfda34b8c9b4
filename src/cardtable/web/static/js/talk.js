// @ts-check
/**
 * Talk at the table (web.md §4): the chat panel with its quick reactions, who said what, and the
 * people this browser has muted. Every name and text is put on the page as text, never as markup.
 * The pure parts (the mute list, a line's speaker, what may be typed now) are tested by `node --test`.
 * @module talk
 */

import { t } from "./i18n.js";

/** The key of the mute list in the browser's storage. */
export const MUTE_KEY = "cardtable:muted";
/** How many lines the panel keeps. */
export const KEEP = 100;

/**
 * @typedef {{getItem(k: string): string | null, setItem(k: string, v: string): void}} StorageLike
 * @typedef {{seat: number | null, name: string, text: string, old?: boolean}} Said
 */

/**
 * The names this browser has muted.
 * @param {StorageLike | null} store
 * @returns {string[]}
 */
export function mutedNames(store) {
  try {
    const got = JSON.parse(store?.getItem(MUTE_KEY) ?? "[]");
    return Array.isArray(got) ? got.filter((x) => typeof x === "string") : [];
  } catch {
    return [];
  }
}

/**
 * Mute a name, or unmute it if it is muted; the list is kept in the browser.
 * @param {StorageLike | null} store
 * @param {string} name
 * @returns {string[]} the new list
 */
export function toggleMute(store, name) {
  const now = mutedNames(store);
  const next = now.includes(name) ? now.filter((n) => n !== name) : [...now, name];
  try {
    store?.setItem(MUTE_KEY, JSON.stringify(next));
  } catch {
    /* a browser that keeps nothing: muted for this page only */
  }
  return next;
}

/**
 * Who said a line, as the reader says it: "you", a player's name, or a spectator's name marked so.
 * @param {Said} msg
 * @param {number | null} me the reader's seat (`null`: a spectator)
 * @param {string} [myName] the reader's own name (a spectator's own words come back with it)
 */
export function speaker(msg, me, myName = "") {
  if (me !== null && msg.seat === me) return "you";
  if (msg.seat === null || msg.seat === undefined) {
    if (me === null && myName && msg.name === myName) return "you";
    return msg.name && msg.name !== "a spectator" ? t("{name} (watching)", { name: msg.name }) : t("a spectator");
  }
  return msg.name || t("seat {n}", { n: msg.seat });
}

/**
 * What may be said now, as the server decides it (web.md §4): nothing when talk is off; with
 * phrases, only the phrase list while a hand is played; free text otherwise.
 * @param {string} mode "free" | "phrases" | "off"
 * @param {boolean} inHand
 * @returns {{phrases: boolean, free: boolean}}
 */
export function allowed(mode, inHand) {
  if (mode === "off") return { phrases: false, free: false };
  if (mode === "phrases") return { phrases: true, free: !inHand };
  return { phrases: true, free: true };
}

/**
 * A line as kept by the page: a message from the server, or a note of the page's own.
 * @param {Said[]} lines
 * @param {Said} msg
 * @returns {Said[]}
 */
export function addLine(lines, msg) {
  const next = [...lines, { seat: msg.seat ?? null, name: String(msg.name ?? ""), text: String(msg.text ?? ""), old: Boolean(msg.old) }];
  return next.length > KEEP ? next.slice(next.length - KEEP) : next;
}
