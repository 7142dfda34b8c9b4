// @ts-check
/**
 * The module of a game that has none of its own (served at `/static/games/<name>/game.js`): no
 * parts, so the pages draw it the generic way (its hand by suit, the trick in the middle, its
 * result as the scores).
 * @module gamedefault
 */

/** @returns {import("./games.js").GameParts} */
export function game() {
  return {};
}
