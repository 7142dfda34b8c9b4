// @ts-check
/**
 * The words of a player's page (`player.js`) that need no page: numbers as the pages write them,
 * a statistic's value, a rating's change, and who sat with the player at a table (partners,
 * opponents, or by turns). Pure functions, tested with node.
 * @module standing
 */

import { num } from "./format.js";
import { decimals, t } from "./i18n.js";

/** A number to one decimal, with a true minus sign. @param {number} x */
export const fixed = (x) => decimals(x, 1);

/** A number to two decimals, with a true minus sign. @param {number} x */
const two = (x) => decimals(x, 2);

/** A change, signed either way ("+1.9", "−0.4", "0.0"). @param {number} x */
export const change = (x) => (x > 0 ? `+${fixed(x)}` : fixed(x));

/**
 * One statistic's value in words: a share of a count ("12 of 80 (15%)"), a count and its average
 * a hand ("14 (0.09 a hand)"), or an average over another count (the average bid, "3.25").
 * @param {{count: number, of?: number, share?: number, mean?: number, per?: string}} s a row of
 *   the page's statistics (`cardtable.stats.rows`)
 */
export function statValue(s) {
  if (s.mean !== undefined) return s.per === "hands" ? t("{count} ({mean} a hand)", { count: num(s.count), mean: two(s.mean) }) : two(s.mean);
  if (s.share !== undefined) return t("{count} of {of} ({share}%)", { count: s.count, of: s.of, share: Math.round(s.share * 100) });
  return String(s.count);
}

/**
 * The others at a table, by how they sat to the player over its rated hands: partners (on the
 * player's side in every hand: a fixed partnership), opponents (on another side in every hand),
 * and those by turns (where the sides change from hand to hand). Without a rated hand, everyone
 * is simply at the table.
 * @template {{with: number, against: number}} P
 * @param {{hands: number, people: P[]}} t
 * @returns {{partners: P[], opponents: P[], byTurns: P[], atTable: P[]}}
 */
export function sittings(t) {
  if (!t.hands) return { partners: [], opponents: [], byTurns: [], atTable: t.people };
  return {
    partners: t.people.filter((p) => p.with === t.hands),
    opponents: t.people.filter((p) => p.against === t.hands),
    byTurns: t.people.filter((p) => p.with !== t.hands && p.against !== t.hands),
    atTable: [],
  };
}
