// @ts-check
/**
 * The game in words for the table page: seats by name or as "you", actions as a player says them,
 * the end of a hand summed up, sides and the score sheet. Pure functions over views, actions and
 * the engine's hand results, tested by `node --test`.
 * @module format
 */

import { prettyCard, SUIT_SYMBOLS } from "./cards.js";
import { partsOf } from "./games.js";
import { decimals, num as numIn, t, tn } from "./i18n.js";

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
  return raw.map((n, i) => (n && raw.filter((m) => m === n).length > 1 ? t("{name} (seat {n})", { name: n, n: String(i) }) : n));
}

/**
 * A seat's name as the viewing seat says it.
 * @param {number | null | undefined} seat
 * @param {number | null | undefined} me
 * @param {string[]} [names]
 */
export function seatName(seat, me, names = []) {
  if (seat === null || seat === undefined) return t("nobody");
  if (seat === me) return t("you");
  return names[seat] || t("seat {n}", { n: String(seat) });
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
  if (house) return t("the house of {n}", { n: house[1] });
  return token.split("+").map((t) => (/^(10|[2-9AJQKT])[CDHS]$/i.test(t) ? prettyCard(t) : t)).join("+");
}

/**
 * An action in words: "Ann bids 3", "you play 10♦", "seat 2 captures K♣ with K♥".
 * @param {string} entry an action with its seat (`"2 play 10D"`) or `"deal"`
 * @param {number | null} me
 * @param {string[]} [names]
 */
export function describe(entry, me, names = []) {
  if (entry === "deal") return t("The cards are dealt.");
  const m = /^(\d+) (.*)$/.exec(entry);
  if (!m) return entry;
  const seat = Number(m[1]);
  const who = seatName(seat, me, names);
  const you = seat === me;
  const [verb, ...rest] = m[2].split(" ");
  const cards = (/** @type {string[]} */ xs) => xs.map(tokenWords).join(" ");
  // a seat's own sentence and another's are two messages: languages conjugate differently
  const say = (/** @type {string} */ mine, /** @type {string} */ other, /** @type {Record<string, unknown>} */ params = {}) =>
    cap(you ? fillIn(mine, params) : fillIn(other, { who, ...params }));
  switch (verb) {
    case "pass":
      return say(t("You pass."), t("{who} passes."));
    case "bid":
      return say(t("You bid {bid}."), t("{who} bids {bid}."), { bid: rest[0] });
    case "play":
      return say(t("You play {card}."), t("{who} plays {card}."), { card: rest.length ? cards(rest) : t("a card") });
    case "pick":
      return say(t("You pick up the blind."), t("{who} picks up the blind."));
    case "bury":
      return say(t("You bury {cards}."), t("{who} buries {cards}."), { cards: /^\d+$/.test(rest[0] ?? "") || !rest.length ? t("two cards") : cards(rest) });
    case "discard":
      return say(t("You discard {cards}."), t("{who} discards {cards}."), { cards: rest.length ? cards(rest) : t("cards") });
    case "alone":
      return say(t("You go alone."), t("{who} goes alone."));
    case "call":
      return say(t("You call {cards}."), t("{who} calls {cards}."), { cards: rest.map(prettyCard).join(" ") });
    case "throw":
      return say(t("You throw {card} loose."), t("{who} throws {card} loose."), { card: cards(rest) });
    case "capture":
      return say(t("You capture {what} with {card}."), t("{who} captures {what} with {card}."), { what: joinAnd(rest.slice(1).map(tokenWords)), card: prettyCard(rest[0]) });
    case "build":
      return say(t("You build a house of {value}: {cards}."), t("{who} builds a house of {value}: {cards}."), { value: rest[0], cards: cards(rest.slice(1)) });
    case "cement":
      return say(t("You cement {house} with {cards}."), t("{who} cements {house} with {cards}."), { house: tokenWords(rest[0] ?? ""), cards: cards(rest.slice(1)) });
    case "break":
      return say(t("You break {house} with {cards}."), t("{who} breaks {house} with {cards}."), { house: tokenWords(rest[0] ?? ""), cards: cards(rest.slice(1)) });
    default:
      return cap(`${who}: ${m[2]}`);
  }
}

/**
 * A message already in the reader's language with its `{name}`s filled in.
 * @param {string} said
 * @param {Record<string, unknown>} params
 */
function fillIn(said, params) {
  return said.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/**
 * A button's label for a legal action: bids, passes, calls, and the moves built by picking, cards
 * as A♥ and a house as "the house of 9" ("capture the house of 9 with 9♥", "cement the house of
 * 10 with 4♦+6♣"), never the records' "H9".
 * @param {string} action
 */
export function actionLabel(action) {
  const [verb, ...rest] = action.split(" ");
  const what = rest.map(tokenWords).join(" ");
  if (verb === "call" && rest.length) return t("call {cards}", { cards: rest.map(prettyCard).join(" ") });
  if (verb === "pick") return t("pick up the blind");
  if (verb === "alone") return t("go alone");
  if (verb === "capture" && rest.length > 1) return t("capture {what} with {card}", { what: joinAnd(rest.slice(1).map(tokenWords)), card: tokenWords(rest[0]) });
  if ((verb === "cement" || verb === "break") && /^H\d/i.test(rest[0] ?? "")) {
    const params = { house: tokenWords(rest[0]), cards: rest.slice(1).map(tokenWords).join(" ") };
    return verb === "cement" ? t("cement {house} with {cards}", params) : t("break {house} with {cards}", params);
  }
  switch (verb) {
    case "pass": return rest.length ? `${t("pass")} ${what}` : t("pass");
    case "bid": return t("bid {what}", { what });
    case "play": return t("play {what}", { what });
    case "discard": return t("discard {what}", { what });
    case "bury": return t("bury {what}", { what });
    case "throw": return t("throw {what}", { what });
    case "build": return t("build {what}", { what });
    case "crack": return t("crack");
    case "recrack": return t("re-crack");
    default: return [verb, ...rest.map(tokenWords)].join(" ");
  }
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
    return names[team] || names[team + 2] ? t("{a} and {b}", { a: seatName(team, me, names), b: seatName(team + 2, me, names) }) : t("seats {a}+{b}", { a: String(team), b: String(team + 2) });
  }
  return team === me % 2 ? t("you") : t("them");
}

/**
 * A number as people write it, a negative one with a true minus sign: "−4", never "-4" after a dash.
 * @param {number} n
 */
export const num = (n) => numIn(n);

/**
 * @param {number} n
 */
export const plus = (n) => (n > 0 ? `+${n}` : num(n));

/**
 * A value with its sign and two places, a true minus sign for a negative one: "+0.40", "−0.20".
 * @param {number} v
 */
export const signedValue = (v) => `${v < 0 ? "−" : "+"}${decimals(Math.abs(v))}`;

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
  if (seat === me) return t("you");
  if (!partsOf(game).partnerships) return t("opponent");
  return seat % 2 === me % 2 ? t("your partner") : t("opponent");
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
  if (me === null) return t("You are watching: every seat's hidden cards stay hidden.");
  const head = t("You are {name}, seat {n}", { name: myName || names[me] || t("here"), n: String(me) });
  const own = partsOf(game).whoAmI;
  if (own) return own(view, me, names, head);
  if (partsOf(game).partnerships) return t("{head} · your partner: {partner}", { head, partner: seatName((me + 2) % 4, me, names) });
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
  if (msg.reason === "stale") return t("The table moved on before your move arrived: look again and choose.");
  if (msg.reason === "not_your_turn") {
    const turn = /seat (\d+)'s turn/.exec(text);
    return turn ? t("It is {who}'s turn, not yours.", { who: seatName(Number(turn[1]), me, names) }) : t("It is nobody's turn now.");
  }
  if (msg.reason === "spectator") return t("You are watching: a spectator cannot make moves.");
  let reason = text.replace(/^seat \d+ [^:]*: /, "").replace(/\s*\((?:R|§)[\w.]+\)\s*$/, "");
  reason = reason.replace(/\bseat (\d+)/g, (_m, s) => seatName(Number(s), me, names)).replace(/\b(10|[2-9AJQKT])([CDHS])\b/g, (m) => prettyCard(m))
    .replace(/\bH(\d{1,2})\b/g, (_m, n) => t("the house of {n}", { n }));
  reason = plainWords(reason).replace(/^(must|may not|cannot) /, "you $1 ");
  const what = action ? actionLabel(action) : t("that");
  return t("You cannot {what}: {reason}.", { what, reason: reason || t("not allowed now") }).replace(/([.।])\.$/, "$1").replace(/\.।$/, "।");
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
    return [t("Misdeal: {reason}.", { reason: d.reason ?? t("the hand is dealt again") })];
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
  return t("{first} and {last}", { first: xs.slice(0, -1).join(", "), last: xs[xs.length - 1] });
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
  return `${/** @type {any} */ (SUIT_SYMBOLS)[suit]} ${suitName(suit)}`;
}

/**
 * A game's name as players say it ("Four-Point Smear" for `smear`): its module's `title`, else its
 * name in words.
 * @param {string} game
 */
export function suitName(suit) {
  switch (suit) {
    case "C": return t("clubs");
    case "D": return t("diamonds");
    case "H": return t("hearts");
    case "S": return t("spades");
    default: return String(suit ?? "");
  }
}

/**
 * A game's title, as its module names it.
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
      const what = verb === "bury" ? tn("Bury {n} card", "Bury {n} cards", size) : tn("Discard {n} card", "Discard {n} cards", size);
      if (left <= 0) return verb === "bury" ? t("{what}: press bury.", { what }) : t("{what}: press discard.", { what });
      if (picked) return t("{what}: pick {left} more in your hand.", { what, left });
      return size === 1 ? t("{what}: pick it in your hand.", { what }) : t("{what}: pick them in your hand.", { what });
    }
    if (verb === "play") return t("Your move: play a card (the lit ones may be played).");
  }
  return partsOf(game).prompt ?? t("Your move: choose a card.");
}

/**
 * The keys of the table, said under the moves on a keyboard's screen: the rows the arrow keys go
 * between are the game's middle when its module gives pieces to pick there (`middleWords`: Seep's
 * "the floor"), the moves and the hand; a trick game's middle has nothing to pick, so it is not named.
 * @param {string} game
 */
export function keyHint(game) {
  const own = partsOf(game);
  const middle = own.pieces ? `${own.middleWords ?? t("the middle")}, ` : "";
  return own.oneClickPlay === false
    ? t("Keys: ← → within a row, ↑ ↓ between {middle}the moves and your hand; Enter picks.", { middle })
    : t("Keys: ← → within a row, ↑ ↓ between {middle}the moves and your hand; Enter plays or picks.", { middle });
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
  // a hint's standing as the server names it (`cardtable.table.ranked_hints`), said in the language read
  const said = (/** @type {string} */ s) => (s === "best" ? t("best") : s === "about equal to the best" ? t("about equal to the best") : s);
  const rows = list.map((x, i) => {
    const label = said(i === 0 ? x.standing : close ? "" : x.standing);
    return { action: x.action, text: `${signedValue(x.value)} ± ${decimals(x.stderr)}${label ? ` (${label})` : ""}` };
  });
  const note = close ? t("Too close to call: the search's margin of error (up to ± {margin}) is wider than the differences between these moves.", { margin: decimals(margin) }) : "";
  return { note, rows };
}
