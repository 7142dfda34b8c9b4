// @ts-check
/**
 * A position as one seat sees it, drawn the way the table and the replay viewer draw it (seats
 * around, the trick or the game's own middle, the facts above it, the seat's hand face up): for
 * the lessons and the puzzles, which show a prepared position and ask for a move.
 * @module position
 */

import { actionLabel, places, seatName, tokenWords } from "./format.js";
import { h, infoLines, middleBox, seatBox, seatMarks, actorOf } from "./dom.js";
import { t } from "./i18n.js";

/**
 * Draw `view` (the seat's own view, `view.seat` the reader) into `el`.
 * @param {HTMLElement} el
 * @param {string} game
 * @param {any} view
 * @param {number} seats
 */
export function drawPosition(el, game, view, seats) {
  const me = typeof view.seat === "number" ? view.seat : 0;
  const names = Array.from({ length: seats }, () => "");
  const where = places(seats, me);
  // each other seat marked as the reader may know it (partner, opponent), as at the table
  const { facts } = seatMarks(game, view, seats, me);
  const turn = actorOf(view);
  /** @type {HTMLElement[]} */
  const children = [];
  for (let s = 0; s < seats; s++) {
    const place = where[s] === "bottom" ? "hand" : where[s];
    const box = seatBox({ seat: s, place, name: seatName(s, me, names), facts: facts[s], turn: turn === s, game, open: s === me ? view.hand ?? [] : null });
    if (place === "hand") box.style.gridArea = "hand";
    children.push(box);
  }
  children.push(h("section", { class: "middle" }, [
    h("div", { class: "info" }, infoLines(game, view, names).map((t) => h("span", { text: t }))),
    middleBox(game, view, seats, names),
  ]));
  el.className = `table${seats === 5 ? " five" : ""}`;
  el.replaceChildren(...children);
}

/**
 * The moves offered as buttons, each labelled as players say it, and a box to type any move.
 * @param {HTMLElement} el
 * @param {string[]} moves
 * @param {(move: string) => void} send
 */
export function moveButtons(el, moves, send) {
  const typed = /** @type {HTMLInputElement} */ (h("input", { id: "typed", placeholder: t("or type a move, e.g. play QC"), autocomplete: "off", style: "flex:1;min-width:160px" }));
  el.replaceChildren(
    h("div", { class: "row choices", role: "group", "aria-label": t("moves") }, moves.map((m) =>
      h("button", { type: "button", class: "choice", "data-move": m, onclick: () => send(m), text: actionLabel(m) }))),
    h("form", { class: "row", onsubmit: (/** @type {Event} */ ev) => { ev.preventDefault(); if (typed.value.trim()) send(typed.value.trim()); } }, [
      h("label", { for: "typed", class: "visually-hidden", text: t("A move") }), typed, h("button", { type: "submit", text: t("Play it") }),
    ]),
  );
}

/**
 * The server's words for people: a house written as the records write it ("H9") said as "the
 * house of 9", as the moves' labels say it.
 * @param {string} text
 */
export function spoken(text) {
  return String(text).replace(/\bH(\d{1,2})\b/g, (m) => tokenWords(m));
}
