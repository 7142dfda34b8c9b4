// @ts-check
/**
 * Motion that explains what happened: a played card moves from its seat to the trick or the
 * floor, a taken trick goes to its winner, a capture gathers its items to the capturer, a
 * sweep is marked. Each move takes at most 300 ms, runs on copies or on the new elements' transform
 * only (never in the way of a click), and is skipped when the person switched motion off or asked
 * for reduced motion. `moves` (which pieces go where for an action) is pure and tested by
 * `node --test`; the rest runs in the browser with the Web Animations API.
 * @module motion
 */

/** How long one move takes, in ms (the bar is 300). */
export const DURATION = 260;

let started = 0;
// for the browser tests: how many moves were shown
Object.defineProperty(globalThis, "cardtableMotions", { get: () => started, configurable: true });

/**
 * @typedef {{from: string, to: string, what: string, ghost: boolean}} Move
 *   `from` and `to` name places (`seat:2`, `card:AH`, `piece:H9`, `played:AH`, `me`); a ghost is a
 *   copy of a piece that is gone, flown from where it was
 */

/**
 * Which pieces move where for one action (`"2 play AH"`, `"1 capture 5C 5H H9"`).
 * @param {string} action
 * @param {number | null} me
 * @returns {Move[]}
 */
export function moves(action, me) {
  const m = /^(\d+) (\w+)(?: (.*))?$/.exec(action);
  if (!m) return [];
  const seat = Number(m[1]);
  const verb = m[2];
  const rest = (m[3] ?? "").split(" ").filter(Boolean);
  const home = (/** @type {string} */ card) => (seat === me ? `card:${card}` : `seat:${seat}`);
  const taker = seat === me ? "me" : `seat:${seat}`;
  if (verb === "play" && rest.length === 1) return [{ from: home(rest[0]), to: `played:${rest[0]}`, what: rest[0], ghost: false }];
  if (verb === "throw" && rest.length === 1) return [{ from: home(rest[0]), to: `piece:${rest[0]}`, what: rest[0], ghost: false }];
  if (verb === "capture" && rest.length >= 2) {
    // the hand card and every captured item gather at the capturer
    return [{ from: home(rest[0]), to: taker, what: rest[0], ghost: true },
      ...rest.slice(1).map((p) => ({ from: `piece:${p}`, to: taker, what: p, ghost: true }))];
  }
  if ((verb === "build" || verb === "cement" || verb === "break") && rest.length >= 2) {
    const card = rest[1];
    const value = verb === "build" ? rest[0] : String(rest[0]).replace(/^H/, "");
    return [{ from: home(card), to: `piece:H${value}`, what: card, ghost: false }];
  }
  return [];
}

/**
 * Where each named piece is on the screen now.
 * @param {ParentNode} root
 * @returns {Map<string, DOMRect>}
 */
export function places(root) {
  /** @type {Map<string, DOMRect>} */
  const out = new Map();
  const add = (/** @type {string} */ key, /** @type {Element | null} */ el) => {
    if (el) out.set(key, el.getBoundingClientRect());
  };
  for (const el of root.querySelectorAll(".seat[data-seat]")) add(`seat:${/** @type {HTMLElement} */ (el).dataset.seat}`, el);
  add("me", root.querySelector("#me"));
  for (const el of root.querySelectorAll("#hand .cardbtn[data-card]")) add(`card:${/** @type {HTMLElement} */ (el).dataset.card}`, el);
  for (const el of root.querySelectorAll(".floor [data-piece]")) add(`piece:${/** @type {HTMLElement} */ (el).dataset.piece}`, el);
  for (const el of root.querySelectorAll(".trick .played img[data-card]")) add(`played:${/** @type {HTMLElement} */ (el).dataset.card}`, el);
  return out;
}

/**
 * @param {ParentNode} root
 * @param {string} key
 * @returns {HTMLElement | null}
 */
function element(root, key) {
  const [kind, name] = [key.slice(0, key.indexOf(":")), key.slice(key.indexOf(":") + 1)];
  if (key === "me") return root.querySelector("#me");
  if (kind === "seat") return root.querySelector(`.seat[data-seat="${CSS.escape(name)}"]`);
  if (kind === "piece") return root.querySelector(`.floor [data-piece="${CSS.escape(name)}"]`);
  if (kind === "played") return root.querySelector(`.trick .played img[data-card="${CSS.escape(name)}"]`);
  if (kind === "card") return root.querySelector(`#hand .cardbtn[data-card="${CSS.escape(name)}"]`);
  return null;
}

/**
 * Show the moves of one action, from the places before it was drawn to the page as it is now.
 * @param {ParentNode} root
 * @param {Map<string, DOMRect>} before
 * @param {string} action
 * @param {number | null} me
 * @param {(card: string) => string} picture a card's image address
 */
export function show(root, before, action, me, picture) {
  if (typeof document === "undefined" || typeof Element === "undefined" || !("animate" in Element.prototype)) return;
  for (const mv of moves(action, me)) {
    const from = before.get(mv.from) ?? (mv.from.startsWith("card:") ? before.get("me") : undefined);
    if (!from) continue;
    if (mv.ghost) {
      const target = element(root, mv.to);
      if (!target) continue;
      const to = target.getBoundingClientRect();
      const img = document.createElement("img");
      img.src = mv.what.startsWith("H") ? picture("") : picture(mv.what);
      img.alt = "";
      img.className = "ghost";
      img.style.cssText = `left:${from.left}px;top:${from.top}px;width:${Math.min(from.width, 80)}px;height:${Math.min(from.height, 110)}px`;
      document.body.append(img);
      started += 1;
      const dx = to.left + to.width / 2 - (from.left + from.width / 2);
      const dy = to.top + to.height / 2 - (from.top + from.height / 2);
      const run = img.animate([{ transform: "none", opacity: 1 }, { transform: `translate(${dx}px, ${dy}px) scale(0.4)`, opacity: 0.2 }],
        { duration: DURATION, easing: "ease-in" });
      run.onfinish = () => img.remove();
      run.oncancel = () => img.remove();
      continue;
    }
    const el = element(root, mv.to);
    if (!el) continue;
    const to = el.getBoundingClientRect();
    const dx = from.left + from.width / 2 - (to.left + to.width / 2);
    const dy = from.top + from.height / 2 - (to.top + to.height / 2);
    if (Math.abs(dx) + Math.abs(dy) < 2) continue;
    started += 1;
    el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }], { duration: DURATION, easing: "ease-out" });
  }
}

/**
 * A finished trick's cards go to its winner (copies fly; the trick stays shown as it was).
 * @param {ParentNode} root
 * @param {number} winner
 * @param {number | null} me
 */
export function trickTaken(root, winner, me) {
  if (typeof document === "undefined" || typeof Element === "undefined" || !("animate" in Element.prototype)) return;
  const target = element(root, winner === me ? "me" : `seat:${winner}`);
  if (!target) return;
  const to = target.getBoundingClientRect();
  for (const card of root.querySelectorAll(".trick .played img")) {
    const from = card.getBoundingClientRect();
    const copy = /** @type {HTMLImageElement} */ (card.cloneNode());
    copy.className = "ghost";
    copy.alt = "";
    copy.style.cssText = `left:${from.left}px;top:${from.top}px;width:${from.width}px;height:${from.height}px`;
    document.body.append(copy);
    started += 1;
    const dx = to.left + to.width / 2 - (from.left + from.width / 2);
    const dy = to.top + to.height / 2 - (from.top + from.height / 2);
    const run = copy.animate([{ transform: "none", opacity: 0.9 }, { transform: `translate(${dx}px, ${dy}px) scale(0.35)`, opacity: 0 }],
      { duration: DURATION, delay: 40, easing: "ease-in", fill: "backwards" });
    run.onfinish = () => copy.remove();
    run.oncancel = () => copy.remove();
  }
}
