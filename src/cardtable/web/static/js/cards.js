// @ts-check
/**
 * Cards as the records write them (`10D`, `QS`): reading them, drawing them, and sorting a hand
 * the way players hold it — trump together on the left, suits in alternating colours, high cards
 * first, or the game's own order (its module's `sortHand`, `games.js`). Pure functions, tested by
 * `node --test`.
 * @module cards
 */

import { partsOf } from "./games.js";
import { t } from "./i18n.js";

export const SUITS = /** @type {const} */ (["C", "D", "H", "S"]);
export const SUIT_SYMBOLS = { C: "♣", D: "♦", H: "♥", S: "♠" };
export const SUIT_NAMES = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
/** Ranks from the ace (low) to the king. */
export const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

/**
 * @typedef {{rank: string, suit: "C"|"D"|"H"|"S"}} Card
 */

/**
 * Read one card; `null` for anything that is not a card.
 * @param {string} text
 * @returns {Card | null}
 */
export function parseCard(text) {
  if (typeof text !== "string") return null;
  const t = text.trim().toUpperCase();
  const suit = t.slice(-1);
  let rank = t.slice(0, -1);
  if (rank === "T") rank = "10";
  if (!RANKS.includes(rank) || !SUITS.includes(/** @type {any} */ (suit))) return null;
  return { rank, suit: /** @type {Card["suit"]} */ (suit) };
}

/**
 * `10D` as `10♦`.
 * @param {string} text
 */
export function prettyCard(text) {
  const c = parseCard(text);
  return c ? c.rank + SUIT_SYMBOLS[c.suit] : text;
}

/**
 * A card in words for screen readers, in the language read: `10D` as "ten of diamonds".
 * @param {string} text
 */
export function cardWords(text) {
  const c = parseCard(text);
  if (!c) return text;
  const names = { A: t("ace"), 2: t("two"), 3: t("three"), 4: t("four"), 5: t("five"), 6: t("six"), 7: t("seven"),
    8: t("eight"), 9: t("nine"), 10: t("ten"), J: t("jack"), Q: t("queen"), K: t("king") };
  const suits = { C: t("clubs"), D: t("diamonds"), H: t("hearts"), S: t("spades") };
  return t("{rank} of {suit}", { rank: /** @type {any} */ (names)[c.rank] ?? c.rank, suit: suits[c.suit] });
}

/**
 * The picture of a card: a face from the vendored deck, the four-colour clubs and diamonds when
 * asked; the back for `null`.
 * @param {string | null} text
 * @param {{fourColour?: boolean, base?: string}} [options]
 */
export function cardImage(text, options = {}) {
  const base = options.base ?? "/static/cards";
  if (text === null) return `${base}/back.svg`;
  const c = parseCard(text);
  if (!c) return `${base}/back.svg`;
  const four = options.fourColour && (c.suit === "C" || c.suit === "D");
  return `${base}/${four ? "4/" : ""}${c.rank}${c.suit}.svg`;
}

/** The same order in every suit, highest first, the ace high. */
export const ACE_HIGH = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"];

/**
 * Suits in an order where two of a colour never sit together, starting with `first` when given.
 * @param {string | null | undefined} first
 * @param {string[]} present
 * @returns {string[]}
 */
export function suitOrder(first, present) {
  const base = ["S", "H", "C", "D"]; // black, red, black, red
  /** @type {string[]} */
  let order = base.filter((s) => present.includes(s));
  if (first && order.includes(first)) {
    // rotate so `first` leads, then fix a clash of colours by swapping the tail
    const rest = order.filter((s) => s !== first);
    const red = (/** @type {string} */ s) => s === "H" || s === "D";
    rest.sort((a, b) => (red(a) === red(first) ? 1 : 0) - (red(b) === red(first) ? 1 : 0));
    const out = [first];
    while (rest.length) {
      const i = rest.findIndex((s) => red(s) !== red(out[out.length - 1]));
      out.push(...rest.splice(i < 0 ? 0 : i, 1));
    }
    order = out;
  } else {
    const red = (/** @type {string} */ s) => s === "H" || s === "D";
    /** @type {string[]} */
    const out = [];
    const rest = [...order];
    while (rest.length) {
      const i = out.length ? rest.findIndex((s) => red(s) !== red(out[out.length - 1])) : 0;
      out.push(...rest.splice(i < 0 ? 0 : i, 1));
    }
    order = out;
  }
  return order;
}

/**
 * A hand sorted the way its players hold it: the game's own order when its module gives one
 * (`sortHand` in `games.js`), else trump first once it is known, suits in alternating colours,
 * ace high.
 * @param {string} game
 * @param {string[]} hand
 * @param {{trump?: string | null}} [options]
 * @returns {string[]}
 */
export function sortHand(game, hand, options = {}) {
  const own = partsOf(game).sortHand;
  if (own) return own(hand, options);
  return sortBySuit(hand, options.trump ?? null, ACE_HIGH);
}

/**
 * Cards by suit (in alternating colours, `first` leading when given), then by `ranks`' order.
 * @param {string[]} hand
 * @param {string | null} first
 * @param {string[]} ranks
 * @returns {string[]}
 */
export function sortBySuit(hand, first, ranks) {
  const cards = hand.map((t) => ({ t, c: parseCard(t) }));
  const present = [...new Set(cards.flatMap(({ c }) => (c ? [c.suit] : [])))];
  const order = suitOrder(first, present);
  return sortBy(cards, ({ c }) => (c ? [order.indexOf(c.suit), ranks.indexOf(c.rank)] : [9, 0]));
}

/**
 * Items sorted by a key of numbers (ties kept in their order), each given back as its `t`.
 * @template T
 * @param {T[]} items
 * @param {(x: T) => number[]} key
 * @returns {string[]}
 */
export function sortBy(items, key) {
  const keyed = items.map((x, i) => ({ x, k: [...key(x), i] }));
  keyed.sort((a, b) => {
    for (let i = 0; i < a.k.length; i++) if (a.k[i] !== b.k[i]) return a.k[i] - b.k[i];
    return 0;
  });
  return keyed.map(({ x }) => /** @type {any} */ (x).t);
}

/**
 * Where each card of a fanned hand goes: left offsets (px) so that `n` cards of `cardWidth` fit
 * in `width`, overlapping no more than they must, each card keeping at least `minVisible` px to
 * tap; when even that does not fit, the hand wraps into rows.
 * @param {number} n
 * @param {number} width
 * @param {number} cardWidth
 * @param {number} [minVisible]
 * @returns {{rows: number, perRow: number, step: number, positions: {left: number, row: number}[]}}
 */
export function fanLayout(n, width, cardWidth, minVisible = 34) {
  if (n <= 0) return { rows: 0, perRow: 0, step: 0, positions: [] };
  let perRow = n;
  let rows = 1;
  const stepFor = (/** @type {number} */ k) => (k <= 1 ? cardWidth : Math.min(cardWidth + 4, (width - cardWidth) / (k - 1)));
  while (perRow > 1 && stepFor(perRow) < minVisible) {
    rows += 1;
    perRow = Math.ceil(n / rows);
  }
  const step = Math.max(0, stepFor(perRow));
  const positions = [];
  for (let i = 0; i < n; i++) {
    const row = Math.floor(i / perRow);
    const inRow = Math.min(perRow, n - row * perRow);
    const used = cardWidth + step * (inRow - 1);
    const start = Math.max(0, (width - used) / 2);
    positions.push({ left: Math.round(start + step * (i % perRow)), row });
  }
  return { rows, perRow, step, positions };
}
