#!/usr/bin/env node
// A bot in the cardtable bot protocol (docs/bot-protocol.md), in JavaScript for Node with no
// packages: it plays every game; of the legal actions it takes the last card play listed, else
// the first action that is not a pass, else the first.
//
//   cardtable sim smear --bots "cmd:node examples/bots/first_legal.mjs,rule" --deals 20
import { createInterface } from "node:readline";

/** @param {any} view @param {string[]} legal */
function choose(view, legal) {
  const plays = legal.filter((a) => a.startsWith("play "));
  if (plays.length) return plays[plays.length - 1];
  const others = legal.filter((a) => a !== "pass");
  return (others.length ? others : legal)[0];
}

const lines = createInterface({ input: process.stdin });
lines.on("line", (line) => {
  const msg = JSON.parse(line);
  let reply = null;
  if (msg.t === "hello") {
    reply = { t: "hello", protocol: 1, name: "first-legal (JavaScript)", author: "cardtable examples", games: ["seep", "smear", "sheepshead"] };
  } else if (msg.t === "act") {
    reply = { t: "move", id: msg.id, action: choose(msg.view, msg.legal) };
  } else if (msg.t === "bye") {
    process.exit(0);
  }
  if (reply) process.stdout.write(JSON.stringify(reply) + "\n");
});
