// @ts-check
/**
 * What only one game draws, found by the game's name. A game's own module (served from its
 * package at `/static/games/<name>/game.js` and loaded by `gameload.js`) registers here the parts
 * of the pages it draws its own way: the Seep floor, the Sheepshead blind and roles, each game's
 * words for the end of a hand. The generic modules (cards, format, dom, table, replay) ask for a
 * part by the game's name and draw the generic way when a game has no module or leaves a part out,
 * so no generic module names a game.
 * @module games
 */

/**
 * The parts a game's module may give; every one is optional.
 * @typedef {{
 *   title?: string,
 *   seats?: number,
 *   partnerships?: boolean,
 *   oneClickPlay?: boolean,
 *   prompt?: string,
 *   sortHand?: (hand: string[], options: {trump?: string | null}) => string[],
 *   seatFacts?: (view: any, seat: number, fact: {held: number | null, marks: string[], taken: string}) => void,
 *   trick?: (view: any) => {leader: number | undefined, cards: (string | null)[]},
 *   infoLines?: (view: any, names: string[], ended: any, me: number | null) => string[],
 *   middle?: (view: any, names: string[], pick?: {live?: Set<string>, picked?: string[], onPick?: (piece: string) => void, active?: boolean}) => HTMLElement,
 *   pieces?: (view: any) => string[],
 *   middleWords?: string,
 *   relation?: (view: any, seat: number, me: number | null) => string,
 *   whoAmI?: (view: any, me: number, names: string[], head: string) => string,
 *   ownRole?: (view: any, me: number) => string,
 *   summary?: (hand: {result: string, score: number[], details: any}, me: number | null, names: string[]) => string[],
 *   sweeps?: (view: any) => number,
 *   [other: string]: any,
 * }} GameParts
 */

/** @type {Map<string, GameParts>} */
const loaded = new Map();

/**
 * Register the parts a game's module gives (`gameload.js` does, once the module is loaded).
 * @param {string} name
 * @param {GameParts} parts
 */
export function register(name, parts) {
  loaded.set(name, parts);
}

/**
 * The parts of a game, or none (`{}`: every part drawn the generic way).
 * @param {string} name
 * @returns {GameParts}
 */
export function partsOf(name) {
  return loaded.get(name) ?? {};
}
