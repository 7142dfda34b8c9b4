// The three games' own page modules, registered as the pages register them once loaded
// (gameload.js), from their packages' files: the tests that draw a game import this first.
import { kit } from "../../src/cardtable/web/static/js/gameload.js";
import { register } from "../../src/cardtable/web/static/js/games.js";

/** Each game's module, by name. */
export const modules = {};
for (const name of ["seep", "smear", "sheepshead"]) {
  modules[name] = await import(`../../src/cardtable/games/${name}/web/game.js`);
  register(name, modules[name].game(kit));
}
