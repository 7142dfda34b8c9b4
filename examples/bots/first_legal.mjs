#!/usr/bin/env node
// A bot in the cardtable bot protocol, version 3 (docs/bot-protocol.md), in JavaScript for Node
// with no packages. It plays every game: of the legal actions it prefers a card play whose rank
// no seat has played this hand, the highest such card with the option style=high (the default)
// or the lowest with style=low; else the first action that is not a pass; else the first. It
// follows the hand through the `hand` and `action` messages, breaks ties with the `seed` of each
// question, tells what it weighed in an `info` message before each move, and answers at once.
//
//   cardtable sim smear --bots "cmd:node examples/bots/first_legal.mjs,rule" --deals 20
//   cardtable sim smear --bots "cmd:style=low:node examples/bots/first_legal.mjs,rule" --deals 20
import { createInterface } from "node:readline";

const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];

const HELLO = {
  t: "hello",
  protocol: 3,
  name: "first-legal (JavaScript)",
  author: "cardtable examples",
  games: ["seep", "smear", "sheepshead"],
  options: [
    { name: "style", type: "choice", default: "high", values: ["high", "low"], doc: "play the highest fresh card, or the lowest" },
  ],
};

/** @param {string} card */
const rank = (card) => card.slice(0, -1);

/** A small generator of numbers in [0, 1) from a seed (mulberry32), for ties. @param {number} seed */
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The bot's own score of an action (higher is better). @param {string} action @param {Set<string>} played @param {string} style */
function value(action, played, style) {
  const words = action.split(" ");
  if (words[0] === "play") {
    const order = Math.max(0, RANKS.indexOf(rank(words[1])));
    const fresh = played.has(rank(words[1])) ? 0 : 20;
    return fresh + (style === "high" ? order : 12 - order);
  }
  return action === "pass" ? 0 : 1;
}

/** @type {Map<number, Set<string>>} the ranks played this hand, by seat of ours, as that seat saw them */
const played = new Map();
let style = "high";
const say = (msg) => process.stdout.write(JSON.stringify(msg) + "\n");
const lines = createInterface({ input: process.stdin });
lines.on("line", (line) => {
  const msg = JSON.parse(line);
  if (msg.t === "hello") {
    say(HELLO);
  } else if (msg.t === "options") {
    style = msg.values.style ?? style;
  } else if (msg.t === "hand") {
    played.set(msg.seat, new Set());
  } else if (msg.t === "action") {
    const words = msg.action.split(" ");
    if (words[0] === "play") {
      if (!played.has(msg.seat)) played.set(msg.seat, new Set());
      played.get(msg.seat).add(rank(words[1]));
    }
  } else if (msg.t === "act") {
    const random = seeded(Number(BigInt(msg.seed ?? 0) % 4294967296n));
    const seen = played.get(msg.view.seat) ?? new Set();
    const scored = msg.legal.map((a) => ({ action: a, value: value(a, seen, style), tie: random() }));
    scored.sort((x, y) => y.value - x.value || y.tie - x.tie);
    say({ t: "info", id: msg.id, candidates: scored.slice(0, 5).map(({ action, value }) => ({ action, value })), text: `style ${style}` });
    say({ t: "move", id: msg.id, action: scored[0].action });
  } else if (msg.t === "bye") {
    process.exit(0);
  }
  // "error", "stop" (this bot answers at once anyway) and messages of later versions: nothing to answer
});
