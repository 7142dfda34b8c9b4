// @ts-check
/**
 * The game in words for the table page: seats by name or as "you", actions as a player says them,
 * the end of a hand summed up, sides and the score sheet. Pure functions over views, actions and
 * the engine's hand results, tested by `node --test`.
 * @module format
 */

import { prettyCard, SUIT_NAMES, SUIT_SYMBOLS } from "./cards.js";
import { partsOf } from "./games.js";

/**
 * How many seats a game has, when the table does not say (its module's `seats`, else 4).
 * @param {string} game
 */
export function seatCount(game) {
  return partsOf(game).seats ?? 4;
}

/**
 * The sides that score: partnerships (seats 0+2, 1+3) in a game whose module says it is played in
 * partnerships, else each seat for himself.
 * @param {string} game
 * @param {number} [seats]
 * @returns {number[][]}
 */
export function sides(game, seats = seatCount(game)) {
  if (partsOf(game).partnerships) return [[0, 2], [1, 3]];
  return Array.from({ length: seats }, (_, s) => [s]);
}

/**
 * The names to tell the seats by, from the table's summary (`seats`): each person's own name, a
 * name two people share told apart by the seat ("Ann (seat 2)"), and "" (said "seat N") for a bot
 * or a free seat, as the server's narration tells them (`words.people_names`), so that the page's
 * own words and the narration it shows name a seat alike.
 * @param {any[]} seats
 * @returns {string[]}
 */
export function peopleNames(seats) {
  const raw = seats.map((/** @type {any} */ s) => (s?.player === "human" && s?.name ? String(s.name) : ""));
  return raw.map((n, i) => (n && raw.filter((m) => m === n).length > 1 ? `${n} (seat ${i})` : n));
}

/**
 * A seat's name as the viewing seat says it.
 * @param {number | null | undefined} seat
 * @param {number | null | undefined} me
 * @param {string[]} [names]
 */
export function seatName(seat, me, names = []) {
  if (seat === null || seat === undefined) return "nobody";
  if (seat === me) return "you";
  return names[seat] || `seat ${seat}`;
}

/**
 * Where each seat sits on the screen when `me` sits at the bottom (a spectator watches from seat 0).
 * @param {number} seats
 * @param {number | null} me
 * @returns {Record<number, string>}
 */
export function places(seats, me) {
  const order = seats === 5 ? ["bottom", "left", "top-left", "top-right", "right"] : ["bottom", "left", "top", "right"];
  const base = me ?? 0;
  /** @type {Record<number, string>} */
  const out = {};
  for (let i = 0; i < seats; i++) out[(base + i) % seats] = order[i];
  return out;
}

/**
 * One token of a move as people read it: a card as A♥ (cards joined by "+" each so), a house of
 * the floor (written "H9" in the records) as "the house of 9", anything else as written.
 * @param {string} token
 */
export function tokenWords(token) {
  const house = /^H(\d{1,2})$/i.exec(token);
  if (house) return `the house of ${house[1]}`;
  return token.split("+").map((t) => (/^(10|[2-9AJQKT])[CDHS]$/i.test(t) ? prettyCard(t) : t)).join("+");
}

/**
 * An action in words: "Ann bids 3", "you play 10♦", "seat 2 captures K♣ with K♥".
 * @param {string} entry an action with its seat (`"2 play 10D"`) or `"deal"`
 * @param {number | null} me
 * @param {string[]} [names]
 */
export function describe(entry, me, names = []) {
  if (entry === "deal") return "The cards are dealt.";
  const m = /^(\d+) (.*)$/.exec(entry);
  if (!m) return entry;
  const seat = Number(m[1]);
  const who = seatName(seat, me, names);
  const you = seat === me;
  const [verb, ...rest] = m[2].split(" ");
  const s = (/** @type {string} */ v) => (you ? v : v + "s");
  const cards = (/** @type {string[]} */ xs) => xs.map(tokenWords).join(" ");
  const cap = (/** @type {string} */ t) => t.charAt(0).toUpperCase() + t.slice(1);
  switch (verb) {
    case "pass":
      return cap(`${who} ${s("pass").replace("passs", "passes")}.`);
    case "bid":
      return cap(`${who} ${s("bid")} ${rest[0]}.`);
    case "play":
      return cap(`${who} ${s("play")} ${rest.length ? cards(rest) : "a card"}.`);
    case "pick":
      return cap(`${who} ${s("pick")} up the blind.`);
    case "bury":
      return cap(`${who} ${s("bury")} ${/^\d+$/.test(rest[0] ?? "") || !rest.length ? "two cards" : cards(rest)}.`).replace("burys", "buries");
    case "discard":
      return cap(`${who} ${s("discard")} ${rest.length ? cards(rest) : "cards"}.`);
    case "alone":
      return cap(`${who} ${you ? "go" : "goes"} alone.`);
    case "call":
      return cap(`${who} ${s("call")} ${rest.map(prettyCard).join(" ")}.`);
    case "throw":
      return cap(`${who} ${s("throw")} ${cards(rest)} loose.`);
    case "capture":
      return cap(`${who} ${s("capture")} ${joinAnd(rest.slice(1).map(tokenWords))} with ${prettyCard(rest[0])}.`);
    case "build":
      return cap(`${who} ${s("build")} a house of ${rest[0]}: ${cards(rest.slice(1))}.`);
    case "cement":
    case "break":
      return cap(`${who} ${s(verb)} ${tokenWords(rest[0] ?? "")} with ${cards(rest.slice(1))}.`);
    default:
      return cap(`${who}: ${m[2]}`);
  }
}

/**
 * A button's label for a legal action: bids, passes, calls, and the moves built by picking, cards
 * as A♥ and a house as "the house of 9" ("capture the house of 9 with 9♥", "cement the house of
 * 10 with 4♦+6♣"), never the records' "H9".
 * @param {string} action
 */
export function actionLabel(action) {
  const [verb, ...rest] = action.split(" ");
  if (verb === "call" && rest.length) return `call ${rest.map(prettyCard).join(" ")}`;
  if (verb === "pick") return "pick up the blind";
  if (verb === "alone") return "go alone";
  if (verb === "capture" && rest.length > 1) return `capture ${joinAnd(rest.slice(1).map(tokenWords))} with ${tokenWords(rest[0])}`;
  if ((verb === "cement" || verb === "break") && /^H\d/i.test(rest[0] ?? "")) return `${verb} ${tokenWords(rest[0])} with ${rest.slice(1).map(tokenWords).join(" ")}`;
  return [verb, ...rest.map(tokenWords)].join(" ");
}

/**
 * A side of a partnership game as the viewer says it: "you" or "them" to a seated player; to a
 * spectator its players' names where the table gives them ("Ann and Cy"), else "seats 0+2".
 * @param {number} team
 * @param {number | null} me
 * @param {string[]} [names]
 */
export function teamName(team, me, names = []) {
  if (me === null) {
    return names[team] || names[team + 2] ? `${seatName(team, me, names)} and ${seatName(team + 2, me, names)}` : `seats ${team}+${team + 2}`;
  }
  return team === me % 2 ? "you" : "them";
}

/**
 * A number as people write it, a negative one with a true minus sign: "−4", never "-4" after a dash.
 * @param {number} n
 */
export const num = (n) => (n < 0 ? `−${-n}` : `${n}`);

/**
 * @param {number} n
 */
export const plus = (n) => (n > 0 ? `+${n}` : num(n));

/**
 * A value with its sign and two places, a true minus sign for a negative one: "+0.40", "−0.20".
 * @param {number} v
 */
export const signedValue = (v) => `${v < 0 ? "−" : "+"}${Math.abs(v).toFixed(2)}`;

/**
 * Both sides of a partnership game with a number each, the reader's side first: "you 3, them −4"
 * (a spectator: "Ann and Cy 3, Bo and Di −4").
 * @param {number[]} pair the two teams' numbers, team 0 (seats 0+2) first
 * @param {number | null} me
 * @param {string[]} [names]
 * @param {(n: number) => string} [show]
 */
export function teamPair(pair, me, names = [], show = num) {
  const order = me !== null && me % 2 === 1 ? [1, 0] : [0, 1];
  return order.map((t) => `${teamName(t, me, names)} ${show(pair[t] ?? 0)}`).join(", ");
}

/**
 * What a seat is to the reader: "you", "your partner", "opponent" in a partnership game; what the
 * game's module says (`relation`: the Sheepshead picker, partner and defenders, as the reader's
 * view shows them); else "you" and "opponent" ("" to a spectator).
 * @param {string} game
 * @param {any} view the reader's view
 * @param {number} seat
 * @param {number | null} me
 */
export function relation(game, view, seat, me) {
  const own = partsOf(game).relation;
  if (own) return own(view, seat, me);
  if (me === null) return "";
  if (seat === me) return "you";
  if (!partsOf(game).partnerships) return "opponent";
  return seat % 2 === me % 2 ? "your partner" : "opponent";
}

/**
 * Who the reader is, said once at the top of the page: "You are Ann, seat 2 · your partner: Cy"
 * in a partnership game, what the game's module adds (`whoAmI`: the reader's Sheepshead role),
 * or that the reader watches.
 * @param {string} game
 * @param {any} view
 * @param {number | null} me
 * @param {string[]} [names]
 * @param {string} [myName]
 */
export function whoAmI(game, view, me, names = [], myName = "") {
  if (me === null) return "You are watching: every seat's hidden cards stay hidden.";
  const head = `You are ${myName || names[me] || "here"}, seat ${me}`;
  const own = partsOf(game).whoAmI;
  if (own) return own(view, me, names, head);
  if (partsOf(game).partnerships) return `${head} · your partner: ${seatName((me + 2) % 4, me, names)}`;
  return head;
}

/**
 * A refusal in the reader's words: the move as a player says it, the seat as "you", cards as
 * A♥, the engine's rule number left out. `message` is the server's (web.md §2) and may be
 * "seat 0 play AH: must follow hearts (R24)".
 * @param {{reason?: string, message?: string}} msg
 * @param {string | undefined} action
 * @param {number | null} me
 * @param {string[]} [names]
 */
export function refusalWords(msg, action, me, names = []) {
  const text = String(msg.message ?? "");
  if (msg.reason === "stale") return "The table moved on before your move arrived: look again and choose.";
  if (msg.reason === "not_your_turn") {
    const turn = /seat (\d+)'s turn/.exec(text);
    return turn ? `It is ${seatName(Number(turn[1]), me, names)}'s turn, not yours.` : "It is nobody's turn now.";
  }
  if (msg.reason === "spectator") return "You are watching: a spectator cannot make moves.";
  let reason = text.replace(/^seat \d+ [^:]*: /, "").replace(/\s*\((?:R|§)[\w.]+\)\s*$/, "");
  reason = reason.replace(/\bseat (\d+)/g, (_m, s) => seatName(Number(s), me, names)).replace(/\b(10|[2-9AJQKT])([CDHS])\b/g, (m) => prettyCard(m))
    .replace(/\bH(\d{1,2})\b/g, "the house of $1");
  reason = plainWords(reason).replace(/^(must|may not|cannot) /, "you $1 ");
  const what = action ? actionLabel(action) : "that";
  return `You cannot ${what}: ${reason || "not allowed now"}.`.replace(/\.\.$/, ".");
}

/**
 * The end of a hand in words, from the engine's hand result (`result`, `score`, `details`): as the
 * game's module says it (`summary`), else the result and the scores.
 * @param {string} game
 * @param {{result: string, score: number[], details: any}} hand
 * @param {number | null} me
 * @param {string[]} [names]
 * @returns {string[]} the headline first, then the breakdown
 */
export function summary(game, hand, me, names = []) {
  const d = hand.details ?? {};
  if (hand.result === "misdeal") {
    return [`Misdeal: ${d.reason ?? "the hand is dealt again"}.`];
  }
  const own = partsOf(game).summary;
  if (own) return own(hand, me, names);
  return [`${hand.result}: ${hand.score.map(num).join(" ")}`];
}

/**
 * @param {string[]} xs
 */
export function joinAnd(xs) {
  if (xs.length <= 1) return xs.join("");
  return xs.slice(0, -1).join(", ") + " and " + xs[xs.length - 1];
}

/**
 * @param {string} t
 */
export function cap(t) {
  return t.charAt(0).toUpperCase() + t.slice(1);
}

/**
 * The trump suit in words.
 * @param {string | null | undefined} suit
 */
export function trumpWords(suit) {
  if (!suit) return "";
  return `${/** @type {any} */ (SUIT_SYMBOLS)[suit]} ${/** @type {any} */ (SUIT_NAMES)[suit]}`;
}

/**
 * A game's name as players say it ("Four-Point Smear" for `smear`): its module's `title`, else its
 * name in words.
 * @param {string} game
 */
export function gameTitle(game) {
  return partsOf(game).title ?? cap(String(game).replace(/_/g, " "));
}

/**
 * A house rule's words for people: identifiers as words ("follow or trump"), "null" as the blank
 * box it is on the page, the rule book's section numbers left out.
 * @param {string} text
 */
export function plainWords(text) {
  return String(text)
    .replace(/\s*\((?:R\d+[a-z]?(?:\s*[-–,]\s*R\d+[a-z]?)*|§[\d.]+)\)/g, "")
    .replace(/,\s*R\d+[a-z]?(?:\s*[-–]\s*R\d+[a-z]?)?(?=\))/g, "")
    .replace(/\(null: ([^)]*)\)/g, "(left blank: $1)")
    .replace(/;?\s*null = ([^;)]*)/g, " (left blank: $1)")
    .replace(/\b([a-z]+(?:_[a-z]+)+)\b/gi, (m) => m.replace(/_/g, " "))
    .replace(/\b(10|[2-9AJQK])([CDHS])\b/g, (m) => prettyCard(m))
    .trim();
}

/**
 * What to do now, when the moves are made by picking cards: "Bury 2 cards: pick them in your
 * hand." rather than "choose a card".
 * @param {string} game
 * @param {string[]} legal the legal moves made by picking
 * @param {number} picked how many are picked already
 */
export function movePrompt(game, legal, picked = 0) {
  const verbs = new Set(legal.map((a) => a.split(" ")[0]));
  const size = Math.max(0, ...legal.map((a) => a.split(" ").length - 1));
  if (verbs.size === 1) {
    const verb = [...verbs][0];
    if (verb === "bury" || verb === "discard") {
      const left = size - picked;
      const what = `${cap(verb)} ${size} card${size === 1 ? "" : "s"}`;
      return left > 0 ? `${what}: pick ${picked ? `${left} more` : size === 1 ? "it" : "them"} in your hand.` : `${what}: press ${verb}.`;
    }
    if (verb === "play") return "Your move: play a card (the lit ones may be played).";
  }
  return partsOf(game).prompt ?? "Your move: choose a card.";
}

/**
 * The keys of the table, said under the moves on a keyboard's screen: the rows the arrow keys go
 * between are the game's middle when its module gives pieces to pick there (`middleWords`: Seep's
 * "the floor"), the moves and the hand; a trick game's middle has nothing to pick, so it is not named.
 * @param {string} game
 */
export function keyHint(game) {
  const own = partsOf(game);
  const middle = own.pieces ? `${own.middleWords ?? "the middle"}, ` : "";
  return `Keys: ← → within a row, ↑ ↓ between ${middle}the moves and your hand; Enter ${own.oneClickPlay === false ? "picks" : "plays or picks"}.`;
}

/**
 * The search bot's hints as the page shows them: each move with its value and margin of error,
 * and, when the margins are wider than the differences (as they often are early in a deal),
 * one note that says so instead of calling every move "about equal to the best".
 * @param {{action: string, value: number, stderr: number, standing?: string}[]} list best first
 * @returns {{note: string, rows: {action: string, text: string}[]}}
 */
export function hintView(list) {
  const close = list.length > 1 && list.slice(1).every((x) => x.standing === "about equal to the best");
  const margin = Math.max(0, ...list.map((x) => x.stderr));
  const rows = list.map((x, i) => {
    const label = i === 0 ? x.standing : close ? "" : x.standing;
    return { action: x.action, text: `${signedValue(x.value)} ± ${x.stderr.toFixed(2)}${label ? ` (${label})` : ""}` };
  });
  const note = close ? `Too close to call: the search's margin of error (up to ± ${margin.toFixed(2)}) is wider than the differences between these moves.` : "";
  return { note, rows };
}
