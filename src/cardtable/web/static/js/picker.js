// @ts-check
/**
 * Choosing an action by its pieces, as the terminal table does: a card of the hand, then items
 * of the floor (loose cards and houses such as `H11`). The legal actions that use every picked
 * piece remain; a piece is *live* while some legal action uses it with everything picked. These
 * light up on the page. Pure functions over record strings.
 * @module picker
 */

const CARD = /^(A|[2-9]|10|T|J|Q|K)[CDHS]$/;

/**
 * The pieces an action names: its cards and houses, upper case, tens as `10`.
 * @param {string} action
 * @returns {string[]}
 */
export function tokensOf(action) {
  /** @type {string[]} */
  const out = [];
  for (const raw of action.toUpperCase().split(/[ +]/)) {
    if (/^H\d+$/.test(raw)) out.push(raw);
    else if (CARD.test(raw)) out.push(raw.startsWith("T") ? "10" + raw.slice(1) : raw);
  }
  return out;
}

/**
 * The legal actions that use every picked piece; those that use nothing more come first.
 * @param {string[]} legal
 * @param {Iterable<string>} picked
 * @returns {string[]}
 */
export function matching(legal, picked) {
  const want = new Set(picked);
  const found = legal.filter((a) => isSubset(want, new Set(tokensOf(a))));
  const exact = (/** @type {string} */ a) => sameSet(new Set(tokensOf(a)), want);
  return [...found.filter(exact), ...found.filter((a) => !exact(a))];
}

/**
 * Whether `token` can still be part of a legal action together with everything picked.
 * @param {string[]} legal
 * @param {Iterable<string>} picked
 * @param {string} token
 */
export function isLive(legal, picked, token) {
  const want = new Set([...picked, token]);
  return legal.some((a) => isSubset(want, new Set(tokensOf(a))));
}

/**
 * The picker's state after `picked`: which pieces light up, which actions are on offer, and
 * whether an action is complete (names exactly the pieces picked).
 * @param {string[]} legal
 * @param {string[]} picked
 * @param {string[]} pieces every piece on show (hand cards, loose cards, houses)
 */
export function pickState(legal, picked, pieces) {
  const offers = matching(legal, picked);
  const live = new Set(pieces.filter((p) => picked.includes(p) || isLive(legal, picked, p)));
  const complete = offers.filter((a) => sameSet(new Set(tokensOf(a)), new Set(picked)));
  return { offers, live, complete };
}

/**
 * Toggle a piece: picking a dead piece starts over with it alone (if it is live on its own).
 * @param {string[]} legal
 * @param {string[]} picked
 * @param {string} piece
 * @returns {string[]}
 */
export function toggle(legal, picked, piece) {
  if (picked.includes(piece)) return picked.filter((p) => p !== piece);
  if (isLive(legal, picked, piece)) return [...picked, piece];
  return isLive(legal, [], piece) ? [piece] : picked;
}

/**
 * @param {Set<string>} a
 * @param {Set<string>} b
 */
function isSubset(a, b) {
  for (const x of a) if (!b.has(x)) return false;
  return true;
}

/**
 * @param {Set<string>} a
 * @param {Set<string>} b
 */
function sameSet(a, b) {
  return a.size === b.size && isSubset(a, b);
}
