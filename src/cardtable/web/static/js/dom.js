// @ts-check
/**
 * Small DOM helpers and the parts of the table drawn the same on the table page and in the
 * replay viewer: cards, seats around the table, the trick or what the game's own module draws in
 * the middle instead (`games.js`).
 * @module dom
 */

import { cardImage, cardWords, prettyCard, sortHand } from "./cards.js";
import { places, relation, seatName } from "./format.js";
import { partsOf } from "./games.js";
import { t, tn } from "./i18n.js";

/**
 * @param {string} tag
 * @param {Record<string, any>} [attrs]
 * @param {(Node | string | null | undefined | false)[]} [children]
 * @returns {HTMLElement}
 */
export function h(tag, attrs = {}, children = []) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "text") el.textContent = v;
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false && c !== "") el.append(c);
  return el;
}

/** @returns {boolean} whether the four-colour deck is chosen (kept in the browser) */
export function fourColour() {
  try {
    return localStorage.getItem("cardtable:fourColour") === "1";
  } catch {
    return false;
  }
}

/**
 * A card's picture (`null`: a back).
 * @param {string | null} card
 * @param {string} [cls]
 */
export function cardImg(card, cls = "card") {
  return h("img", {
    class: cls,
    src: cardImage(card, { fourColour: fourColour() }),
    alt: card === null ? t("a card face down") : cardWords(card),
    "data-card": card ?? "back",
    draggable: "false",
  });
}

/**
 * The markers of each seat as the view shows them, and how many cards each holds: the dealer and
 * the tricks taken, then what the game's module marks (`seatFacts`).
 * @param {string} game
 * @param {any} view
 * @param {number} seats
 * @returns {{held: number | null, marks: string[], taken: string}[]}
 */
export function seatFacts(game, view, seats) {
  const out = [];
  const tricks = Array.isArray(view?.tricks) ? view.tricks : [];
  const won = Array(seats).fill(0);
  for (const t of tricks) if (typeof t.winner === "number") won[t.winner] += 1;
  for (let s = 0; s < seats; s++) {
    const marks = [];
    if (s === view?.dealer) marks.push(t("dealer"));
    const held = Array.isArray(view?.hand_sizes) ? view.hand_sizes[s] : null;
    const fact = { held, marks, taken: tricks.length ? t("tricks {n}", { n: won[s] }) : "" };
    partsOf(game).seatFacts?.(view, s, fact);
    out.push(fact);
  }
  return out;
}

/**
 * What the page marks at each seat for the reader (`me`, or `null` for a spectator): the facts of
 * `seatFacts` with, at every other seat, its side as the reader may know it (`relation`) put first
 * where the marks do not say it already; and at the reader's own seat (`own`) its role as the game
 * says it (`ownRole`) and its marks, the picker and partner marks left to the role. Pure, so that
 * a test can hold every label to what the reader's view allows.
 * @param {string} game
 * @param {any} view the reader's view
 * @param {number} seats
 * @param {number | null} me
 * @returns {{facts: {held: number | null, marks: string[], taken: string}[], own: string[]}}
 */
export function seatMarks(game, view, seats, me) {
  const facts = seatFacts(game, view, seats);
  for (let s = 0; s < seats; s++) {
    if (s === me) continue;
    const rel = relation(game, view, s, me);
    if (rel && !facts[s].marks.includes(rel)) facts[s].marks.unshift(rel);
  }
  const own = me === null ? [] : [partsOf(game).ownRole?.(view, me) ?? "", ...facts[me].marks.filter((m) => m !== t("picker") && m !== t("picker's partner"))].filter(Boolean);
  return { facts, own };
}

/**
 * The seat whose turn it is, from the view.
 * @param {any} view
 * @returns {number | null}
 */
export function actorOf(view) {
  const s = view?.to_act ?? view?.actor;
  return typeof s === "number" && s >= 0 ? s : null;
}

/**
 * One seat's box at the table.
 * @param {{seat: number, place: string, name: string, facts: {held: number|null, marks: string[], taken: string},
 *   turn: boolean, connected?: boolean | null, bot?: string | null, open?: string[] | null, game: string}} p
 */
export function seatBox(p) {
  const backs = h("div", { class: "backs", "aria-hidden": "true" });
  if (!p.open && typeof p.facts.held === "number") for (let i = 0; i < Math.min(p.facts.held, 13); i++) backs.append(cardImg(null, ""));
  const open = p.open ? h("div", { class: "openhand" }, sortHand(p.game, p.open).map((c) => cardImg(c, ""))) : null;
  return h("section", { class: `seat place-${p.place}${p.turn ? " turn" : ""}`, "data-seat": p.seat, "aria-label": t("seat {n}: {name}", { n: String(p.seat), name: p.name }) }, [
    h("div", { class: "name" }, [p.name, p.bot ? h("span", { class: "muted", text: ` (${p.bot})` }) : null, p.connected === false && !p.bot ? h("span", { class: "muted", text: ` · ${t("not connected")}` }) : null]),
    h("div", { class: "count", text: typeof p.facts.held === "number" ? `${tn("{n} card", "{n} cards", p.facts.held)}${p.facts.taken ? " · " + p.facts.taken : ""}` : p.facts.taken }),
    h("div", { class: "marks" }, [...p.facts.marks.map((m) => h("span", { class: `mark ${m === t("dealer") ? "dealer" : ""}`, text: m })), p.turn ? h("span", { class: "mark", text: t("to play") }) : null]),
    open ?? backs,
  ]);
}

/**
 * What the middle of the table shows: the game's own drawing (`middle`: the Seep floor, with its
 * pieces to pick) or the trick.
 * @param {string} game
 * @param {any} view
 * @param {number} seats
 * @param {string[]} names
 * @param {{live?: Set<string>, picked?: string[], onPick?: (piece: string) => void, active?: boolean, showLast?: boolean}} [pick]
 */
export function middleBox(game, view, seats, names, pick = {}) {
  const own = partsOf(game).middle;
  return own ? own(view, names, pick) : trickBox(game, view, seats, names, pick.showLast);
}

/**
 * The trick in the middle (or, between tricks, the last one with its winner); where the view
 * keeps the trick is the game's (`trick`), else `view.trick.leader` and `.cards`.
 * @param {string} game
 * @param {any} view
 * @param {number} seats
 * @param {string[]} names
 * @param {boolean} [showLast] show the last finished trick instead
 */
export function trickBox(game, view, seats, names, showLast = false) {
  const me = typeof view.seat === "number" ? view.seat : null;
  let leader, played, caption, winner = null;
  const tricks = view.tricks ?? [];
  const own = partsOf(game).trick;
  if (own) ({ leader, cards: played } = own(view));
  else { leader = view.trick?.leader; played = view.trick?.cards ?? []; }
  if ((showLast || !played.length) && tricks.length) {
    const last = tricks[tricks.length - 1];
    leader = last.leader; played = last.cards ?? []; winner = last.winner;
    caption = t("Trick {n} won by {who}", { n: tricks.length, who: seatName(winner, me, names) });
  } else if (typeof leader === "number" && view.phase === "play") {
    caption = t("Trick {n}, led by {who}", { n: tricks.length + 1, who: seatName(leader, me, names) });
  } else return null;
  return h("div", { class: "trickwrap" }, [
    h("div", { class: "caption", text: caption }),
    h("div", { class: "trick", role: "group", "aria-label": caption }, played.map((/** @type {string | null} */ c, /** @type {number} */ i) => {
      const seat = (leader + i) % seats;
      return h("figure", { class: `played${seat === winner ? " winner" : ""}`, "data-seat": seat, style: "margin:0" }, [
        cardImg(c), h("figcaption", { text: seatName(seat, me, names) }),
      ]);
    })),
  ]);
}

/**
 * The lines of facts above the middle, as the game's module says them (`infoLines`: trump, bid,
 * call, piles, the match), none for a game without.
 * @param {string} game
 * @param {any} view
 * @param {string[]} names
 * @param {any} [after] the match state after the hand (records §5), once it is over: a view shows
 *   the match as it stood when the hand began
 * @returns {string[]}
 */
export function infoLines(game, view, names, after = null) {
  const me = typeof view.seat === "number" ? view.seat : null;
  const ended = view.phase === "over" && after ? after : null;
  return partsOf(game).infoLines?.(view, names, ended, me) ?? [];
}

export { places };
