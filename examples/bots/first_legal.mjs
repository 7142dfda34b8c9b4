#!/usr/bin/env node
// A bot in the cardtable bot protocol, version 2 (docs/bot-protocol.md), in JavaScript for Node
// with no packages: it plays every game; of the legal actions it takes the last card play listed
// whose rank no seat has played this hand, else the last card play, else the first action that is
// not a pass, else the first. It follows the hand through the `hand` and `action` messages.
//
//   cardtable sim smear --bots "cmd:node examples/bots/first_legal.mjs,rule" --deals 20
import { createInterface } from "node:readline";

/** @param {string} card */
const rank = (card) => card.slice(0, -1);

/** @param {any} view @param {string[]} legal @param {Set<string>} played */
function choose(view, legal, played) {
  const plays = legal.filter((a) => a.startsWith("play "));
  if (plays.length) {
    const fresh = plays.filter((a) => !played.has(rank(a.split(" ").at(-1))));
    const pick = fresh.length ? fresh : plays;
    return pick[pick.length - 1];
  }
  const others = legal.filter((a) => a !== "pass");
  return (others.length ? others : legal)[0];
}

/** @type {Map<number, Set<string>>} the ranks played this hand, by seat of ours, as that seat saw them */
const played = new Map();
const lines = createInterface({ input: process.stdin });
lines.on("line", (line) => {
  const msg = JSON.parse(line);
  let reply = null;
  if (msg.t === "hello") {
    reply = { t: "hello", protocol: 2, name: "first-legal (JavaScript)", author: "cardtable examples", games: ["seep", "smear", "sheepshead"] };
  } else if (msg.t === "hand") {
    played.set(msg.seat, new Set());
  } else if (msg.t === "action") {
    const words = msg.action.split(" ");
    if (words[0] === "play") {
      if (!played.has(msg.seat)) played.set(msg.seat, new Set());
      played.get(msg.seat).add(rank(words[1]));
    }
  } else if (msg.t === "act") {
    reply = { t: "move", id: msg.id, action: choose(msg.view, msg.legal, played.get(msg.view.seat) ?? new Set()) };
  } else if (msg.t === "bye") {
    process.exit(0);
  }
  if (reply) process.stdout.write(JSON.stringify(reply) + "\n");
});
