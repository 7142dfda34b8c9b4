// @ts-check
/**
 * Loading a game's own module for the pages: `import()` of `/static/games/<name>/game.js`, which
 * the server answers from the game's package (or with the generic module, `gamedefault.js`, for a
 * game that has none). A game's module imports nothing: it exports `game(kit)`, handed the
 * pages' generic helpers (`kit`: the exports of cards, format and dom), and returns its parts
 * (`games.js`), so the same file loads in the browser and in `node --test`.
 * @module gameload
 */

import * as cards from "./cards.js";
import * as dom from "./dom.js";
import * as format from "./format.js";
import { register } from "./games.js";
import { t, tn } from "./i18n.js";

/** The generic helpers a game's module is handed, with the pages' words (`t`, `tn`: docs/languages.md). */
export const kit = Object.freeze({ ...cards, ...format, ...dom, t, tn });

/**
 * Load the module of `name` and register its parts; a game whose module does not load is drawn
 * the generic way (and the page goes on).
 * @param {string} name
 * @returns {Promise<boolean>} whether the game's own parts are registered
 */
export async function loadGame(name) {
  if (!/^[a-z][a-z0-9_]{0,39}$/.test(String(name))) return false;
  try {
    const mod = await import(`/static/games/${name}/game.js`);
    if (typeof mod.game !== "function") return false;
    register(name, mod.game(kit));
    return true;
  } catch {
    return false;
  }
}
