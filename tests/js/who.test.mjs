import { test } from "node:test";
import assert from "node:assert/strict";
import "./games.mjs";
import { num, refusalWords, relation, summary, whoAmI } from "../../src/cardtable/web/static/js/format.js";
import { cardWords } from "../../src/cardtable/web/static/js/cards.js";

const names = ["Ann", "Bo", "Cy", "Di", "Ed"];

test("negative numbers carry a true minus sign (no 'Match 1–-4')", () => {
  assert.equal(num(-4), "−4");
  assert.equal(num(0), "0");
  assert.equal(num(7), "7");
});

test("a partnership game names each seat as you, your partner or an opponent", () => {
  assert.equal(relation("smear", {}, 2, 0), "your partner");
  assert.equal(relation("smear", {}, 1, 0), "opponent");
  assert.equal(relation("seep", {}, 3, 1), "your partner");
  assert.equal(relation("seep", {}, 3, null), "");
  assert.equal(whoAmI("smear", {}, 1, names), "You are Bo, seat 1 · your partner: Di");
  assert.equal(whoAmI("seep", {}, null, names), "You are watching: every seat's hidden cards stay hidden.");
});

test("Sheepshead roles from each seat's own point of view", () => {
  const call = { kind: "ace", suit: "H" };
  // the partner knows himself; nobody else does yet
  const partnerView = { phase: "play", picker: 0, partner_known: true, partner: 2, call, tricks: [], trick: { cards: [] } };
  assert.equal(relation("sheepshead", partnerView, 2, 2), "picker's partner (you, secret)");
  assert.equal(whoAmI("sheepshead", partnerView, 2, names), "You are Cy, seat 2 · the picker's partner (secret)");
  const defenderView = { phase: "play", picker: 0, partner_known: false, partner: null, call, tricks: [], trick: { cards: [] } };
  assert.equal(relation("sheepshead", defenderView, 0, 3), "picker");
  assert.equal(relation("sheepshead", defenderView, 3, 3), "defender (you)");
  assert.equal(relation("sheepshead", defenderView, 2, 3), "", "a defender does not know who else defends");
  assert.equal(whoAmI("sheepshead", defenderView, 3, names), "You are Di, seat 3 · defender");
  // the picker does not know his partner until the called ace shows (R22): no side for anyone
  const pickerBlind = { ...defenderView, seat: 0 };
  for (const s of [1, 2, 3, 4]) assert.equal(relation("sheepshead", pickerBlind, s, 0), "", `seat ${s} to the picker`);
  assert.equal(whoAmI("sheepshead", pickerBlind, 0, names), "You are Ann, seat 0 · picker");
  const pickerView = { ...defenderView, partner_known: true, partner: 2 };
  assert.equal(relation("sheepshead", pickerView, 1, 0), "defender");
  assert.equal(relation("sheepshead", pickerView, 2, 0), "picker's partner");
  // once the called ace is played the partner is no secret
  const played = { ...partnerView, tricks: [{ leader: 0, cards: ["7H", "AH", "8H", "9H", "KH"], winner: 1 }] };
  assert.equal(relation("sheepshead", played, 2, 2), "picker's partner (you)");
  assert.equal(relation("sheepshead", { phase: "pick", picker: null }, 1, 1), "");
});

test("refusals in the reader's words: you, cards as A♥, no engine rule ids", () => {
  const msg = { reason: "illegal", message: "seat 0 play AH: seat 0 must follow the led suit with 9C (R24)" };
  assert.equal(refusalWords(msg, "play AH", 0, names), "You cannot play A♥: you must follow the led suit with 9♣.");
  const smear = { reason: "illegal", message: "seat 1 play 9C: must follow hearts or play a trump (spades) (R24)" };
  assert.equal(refusalWords(smear, "play 9C", 1, names), "You cannot play 9♣: you must follow hearts or play a trump (spades).");
  const pass = { reason: "illegal", message: "seat 0 pass: the dealer may not pass after three passes (stick_dealer) (R15)" };
  assert.equal(refusalWords(pass, "pass", 0, names), "You cannot pass: the dealer may not pass after three passes (stick dealer).");
  assert.equal(refusalWords({ reason: "not_your_turn", message: "it is seat 2's turn, not seat 0's" }, "play AH", 0, names), "It is Cy's turn, not yours.");
  assert.match(refusalWords({ reason: "stale", message: "version 3 is not the table's version 4" }, "play AH", 0), /moved on/);
});

test("the Smear summary's score lines say you and them", () => {
  const hand = { result: "played", score: [3, -2, 3, -2], details: { bidder: 1, bid: 2, trump: "D", points: { high: 0 },
    team_points: [1, 0], made: false, change: [1, -2], scores: [5, -2] } };
  const lines = summary("smear", hand, 1, names);
  assert.equal(lines[1], "Score change: you −2, them +1.");
  assert.equal(lines[2], "Match: you −2, them 5.");
});

test("every card is spoken in words alike", () => {
  assert.equal(cardWords("10S"), "ten of spades");
  assert.equal(cardWords("9C"), "nine of clubs");
  assert.equal(cardWords("2H"), "two of hearts");
  assert.equal(cardWords("AD"), "ace of diamonds");
});
