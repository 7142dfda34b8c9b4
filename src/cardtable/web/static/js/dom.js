// @ts-check
/**
 * Small DOM helpers and the parts of the table drawn the same on the table page and in the
 * replay viewer: cards, seats around the table, the trick, the Seep floor.
 * @module dom
 */

import { cardImage, cardWords, prettyCard, sortHand } from "./cards.js";
import { houseWords, num, places, seatName, teamName, teamPair, trumpWords } from "./format.js";

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
    alt: card === null ? "a card face down" : cardWords(card),
    "data-card": card ?? "back",
    draggable: "false",
  });
}

/**
 * The markers of each seat as the view shows them, and how many cards each holds.
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
    if (s === view?.dealer) marks.push("dealer");
    let taken = "";
    let held = Array.isArray(view?.hand_sizes) ? view.hand_sizes[s] : null;
    if (game === "smear") {
      if (s === view.bidder) marks.push(`bid ${view.bid}`);
      else if (view.phase === "auction") {
        const said = (view.auction ?? []).filter((/** @type {any} */ a) => a.seat === s).at(-1);
        if (said) marks.push(said.call);
      }
      taken = tricks.length ? `tricks ${won[s]}` : "";
    } else if (game === "sheepshead") {
      if (s === view.picker) marks.push("picker");
      if (view.partner_known && s === view.partner) marks.push("picker's partner");
      if (view.cracks && s === view.cracker) marks.push("cracked");
      taken = tricks.length ? `tricks ${won[s]}` : "";
      held = sheepsheadHeld(view, s);
    } else if (game === "seep") {
      if (view.dealer !== undefined && s === (view.dealer + 1) % 4) marks.push(view.bid ? `bid ${view.bid}` : "bidder");
      if (s === view.last_capture) marks.push("took last");
    }
    out.push({ held, marks, taken });
  }
  return out;
}

/**
 * Cards a Sheepshead seat holds, counted from the view: dealt less played (the picker holds the
 * blind until the bury).
 * @param {any} view
 * @param {number} seat
 */
function sheepsheadHeld(view, seat) {
  if (Array.isArray(view.hand_sizes)) return view.hand_sizes[seat];
  const played = Array(5).fill(0);
  for (const t of view.tricks ?? []) (t.cards ?? []).forEach((/** @type {any} */ _c, /** @type {number} */ i) => { played[(t.leader + i) % 5] += 1; });
  const trick = view.trick ?? {};
  if (typeof trick.leader === "number") (trick.cards ?? []).forEach((/** @type {any} */ _c, /** @type {number} */ i) => { played[(trick.leader + i) % 5] += 1; });
  const holding = view.phase === "bury";
  const me = view.seat;
  if (typeof me !== "number") return null;
  const dealt = (view.hand ?? []).length + played[me] - (holding && view.picker === me ? 2 : 0);
  if (seat === me) return (view.hand ?? []).length;
  return dealt - played[seat] + (holding && seat === view.picker ? 2 : 0);
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
  return h("section", { class: `seat place-${p.place}${p.turn ? " turn" : ""}`, "data-seat": p.seat, "aria-label": `seat ${p.seat}: ${p.name}` }, [
    h("div", { class: "name" }, [p.name, p.bot ? h("span", { class: "muted", text: ` (${p.bot})` }) : null, p.connected === false && !p.bot ? h("span", { class: "muted", text: " · not connected" }) : null]),
    h("div", { class: "count", text: typeof p.facts.held === "number" ? `${p.facts.held} card${p.facts.held === 1 ? "" : "s"}${p.facts.taken ? " · " + p.facts.taken : ""}` : p.facts.taken }),
    h("div", { class: "marks" }, [...p.facts.marks.map((m) => h("span", { class: `mark ${m === "dealer" ? "dealer" : ""}`, text: m })), p.turn ? h("span", { class: "mark", text: "to play" }) : null]),
    open ?? backs,
  ]);
}

/**
 * The trick in the middle (or, between tricks, the last one with its winner).
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
  if (game === "smear") { leader = view.leader; played = view.trick ?? []; }
  else { leader = view.trick?.leader; played = view.trick?.cards ?? []; }
  if ((showLast || !played.length) && tricks.length) {
    const last = tricks[tricks.length - 1];
    leader = last.leader; played = last.cards ?? []; winner = last.winner;
    caption = `Trick ${tricks.length} won by ${seatName(winner, me, names)}`;
  } else if (typeof leader === "number" && view.phase === "play") {
    caption = `Trick ${tricks.length + 1}, led by ${seatName(leader, me, names)}`;
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
 * The lines of facts above the middle: trump, bid, call, floor state, piles, the match.
 * @param {string} game
 * @param {any} view
 * @param {string[]} names
 * @param {any} [after] the match state after the hand (records §5), once it is over: a view shows
 *   the match as it stood when the hand began
 * @returns {string[]}
 */
export function infoLines(game, view, names, after = null) {
  const me = typeof view.seat === "number" ? view.seat : null;
  const out = [];
  const ended = view.phase === "over" && after ? after : null;
  if (game === "smear") {
    if (view.trump) out.push(`Trump ${trumpWords(view.trump)}`);
    if (view.bidder !== null && view.bidder !== undefined) out.push(`Bid ${view.bid} by ${seatName(view.bidder, me, names)}`);
    if (view.kitty) out.push(`Kitty: ${view.kitty.map(prettyCard).join(" ")}`);
    const scores = Array.isArray(ended?.scores) ? ended.scores : view.scores;
    if (Array.isArray(scores)) out.push(`Match: ${teamPair(scores, me, names)}`);
  } else if (game === "sheepshead") {
    if (view.picker !== null && view.picker !== undefined) out.push(`Picker: ${seatName(view.picker, me, names)}`);
    else if (view.phase === "pick") out.push(`Passes so far: ${view.passes ?? 0}`);
    const call = view.call;
    if (call && call.kind) out.push(call.suit ? `Called the ${call.kind} of ${trumpWords(call.suit)}` : `Call: ${String(call.kind).replace(/_/g, " ")}`);
    if (view.blind?.length && view.phase !== "done") out.push(`Blind: ${view.blind.map(prettyCard).join(" ")}`);
    if (view.bury?.length) out.push(`Buried: ${view.bury.map(prettyCard).join(" ")}`);
    if (view.pending_doublers) out.push(`Doublers pending: ${view.pending_doublers}`);
  } else if (game === "seep") {
    if (view.bid) out.push(`Bid ${view.bid} by ${seatName((view.dealer + 1) % 4, me, names)}`);
    const piles = view.piles ?? [[], []];
    const sweeps = view.sweeps ?? [0, 0];
    const order = me !== null && me % 2 === 1 ? [1, 0] : [0, 1];
    out.push(`Captured: ${order.map((t) => `${teamName(t, me, names)} ${piles[t].length}${sweeps[t] ? ` (sweep points ${sweeps[t]})` : ""}`).join(", ")}`);
    const m = ended ?? view.match ?? {};
    if (typeof m.difference === "number") {
      const baazis = m.baazis ?? [0, 0];
      out.push(`Lead ${Math.abs(m.difference)}${m.difference ? ` to ${teamName(m.difference > 0 ? 0 : 1, me, names)}` : ""} · baazis: ${teamPair(baazis, me, names, num)}`);
    }
  }
  return out;
}

/**
 * The Seep floor: loose cards and houses, each a piece that may be picked.
 * @param {any} view
 * @param {string[]} names
 * @param {{live?: Set<string>, picked?: string[], onPick?: (piece: string) => void, active?: boolean}} [pick]
 */
export function floorBox(view, names, pick = {}) {
  const me = typeof view.seat === "number" ? view.seat : null;
  const floor = view.floor ?? {};
  const items = [];
  const cls = (/** @type {string} */ piece) => {
    if (!pick.active) return "piece";
    if (pick.picked?.includes(piece)) return "piece picked";
    return pick.live?.has(piece) ? "piece live" : "piece dead";
  };
  for (const c of floor.loose ?? []) {
    items.push(h("button", { class: cls(c), "data-piece": c, "aria-pressed": pick.picked?.includes(c) ? "true" : "false",
      "aria-label": `loose ${cardWords(c)}`, disabled: pick.active ? null : true, onclick: () => pick.onPick?.(c) }, [cardImg(c, "")]));
  }
  for (const house of floor.houses ?? []) {
    const piece = `H${house.value}`;
    // the name read out starts with the words shown (WCAG 2.5.3), then the cards in words
    const shown = `House ${house.value}${house.sets.length > 1 ? " · cemented" : ""} · ${house.owners.map((/** @type {number} */ o) => seatName(o, me, names)).join(", ")}`;
    items.push(h("button", { class: `${cls(piece)} house`, "data-piece": piece, "aria-label": `${shown}: ${houseWords(house, me, names)}`,
      "aria-pressed": pick.picked?.includes(piece) ? "true" : "false", disabled: pick.active ? null : true, onclick: () => pick.onPick?.(piece) }, [
      h("span", { class: "label", text: shown }),
      h("span", { class: "sets" }, house.sets.map((/** @type {string[]} */ set) => h("span", { class: "set" }, set.map((c) => cardImg(c, ""))))),
    ]));
  }
  if (floor.hidden) for (let i = 0; i < floor.hidden; i++) items.push(h("span", { class: "piece" }, [cardImg(null, "")]));
  if (!items.length) items.push(h("span", { class: "muted", text: "The floor is empty." }));
  return h("div", { class: "floor", role: "group", "aria-label": "the floor" }, items);
}

export { places };
