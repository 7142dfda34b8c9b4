import { test } from "node:test";
import assert from "node:assert/strict";
import "./games.mjs";
import { describe as say, summary, places, seatName, teamName, actionLabel, peopleNames, refusalWords, keyHint, hintView, num } from "../../src/cardtable/web/static/js/format.js";
import { partsOf } from "../../src/cardtable/web/static/js/games.js";

const houseWords = partsOf("seep").houseWords;

test("actions in words, with names and 'you'", () => {
  assert.equal(say("2 bid 3", 0, ["Ann", "Bo", "Cy", "Di"]), "Cy bids 3.");
  assert.equal(say("0 pass", 0), "You pass.");
  assert.equal(say("1 pass", 0), "Seat 1 passes.");
  assert.equal(say("3 play 10D", 0), "Seat 3 plays 10♦.");
  assert.equal(say("1 capture KC KH", 1), "You capture K♥ with K♣.");
  assert.equal(say("deal", 0), "The cards are dealt.");
  assert.equal(say("4 bury", 0), "Seat 4 buries two cards.");
});

test("places put me at the bottom and my partner opposite", () => {
  assert.deepEqual(places(4, 1), { 1: "bottom", 2: "left", 3: "top", 0: "right" });
  assert.equal(Object.keys(places(5, 0)).length, 5);
  assert.equal(seatName(null, 0), "nobody");
});

test("the Smear summary names who took each point and whether the bid was made", () => {
  const hand = { result: "played", score: [3, 1, 3, 1], details: {
    bidder: 0, bid: 3, trump: "D", points: { high: 0, low: 1, jack: 0, game: 0 }, high_card: "AD", low_card: "7D",
    game_counts: [23, 16], team_points: [3, 1], made: true, change: [3, 1], scores: [3, 1] } };
  const [head] = summary("smear", hand, 0);
  assert.equal(head, "High A♦, Jack and Game 23–16 to you; Low 7♦ to them: 3 points to you, 1 to them; bid 3 by you made.");
});

test("Sheepshead and Seep summaries", () => {
  const sh = summary("sheepshead", { result: "played", score: [1, -4, 1, 1, 1], details: {
    picker: 1, partner: null, alone: true, picker_points: 31, defender_points: 89, outcome: "loss", multiplier: 1, picker_tricks: 1 } }, 0);
  assert.equal(sh[0], "Seat 1 alone: 31 to 89, loss.");
  const seep = summary("seep", { result: "played", score: [41, 59, 41, 59], details: {
    totals: [41, 59], sweeps: [0, 0], card_points: [41, 59], majority_bonus: [0, 0], difference_after: -18, baazi: null } }, 1);
  assert.deepEqual(seep, ["Points: them 41, you 59.", "Card points 41–59; majority bonus 0–0.", "The lead is now 18 to you."]);
  // A spectator hears the players' names where the table gives them.
  const named = summary("seep", { result: "played", score: [41, 59, 41, 59], details: {
    totals: [41, 59], sweeps: [0, 50], card_points: [41, 59], majority_bonus: [0, 0], difference_after: -18, baazi: null } },
  null, ["Ann", "Bo", "Cy", "Di"]);
  assert.deepEqual(named, ["Points: Ann and Cy 41, Bo and Di 59.", "Sweep points: Bo and Di 50.",
    "Card points 41–59; majority bonus 0–0.", "The lead is now 18 to Bo and Di."]);
  assert.equal(teamName(0, null), "seats 0+2");
  assert.equal(teamName(1, null, ["Ann", "", "Cy"]), "seats 1+3");
  assert.equal(teamName(0, null, ["Ann"]), "Ann and seat 2");
  // A baazi, as the engine's details give it ({team, why}).
  const won = { result: "played", score: [60, 40, 60, 40], details: { totals: [60, 40], sweeps: [0, 0], card_points: [60, 40],
    majority_bonus: [0, 0], difference_after: 0, baazi: { team: 0, why: "lead" } } };
  assert.equal(summary("seep", won, 2).at(-1), "A baazi to you (the lead)! The lead starts again from 0.");
  assert.equal(summary("seep", won, 1).at(-1), "A baazi to them (the lead)! The lead starts again from 0.");
  won.details.baazi = { team: 1, why: "nine_point_rule" };
  assert.equal(summary("seep", won, null, ["Ann", "Bo", "Cy", "Di"]).at(-1),
    "A baazi to Bo and Di (the other side took fewer than 9 points)! The lead starts again from 0.");
  assert.equal(summary("seep", { result: "misdeal", score: [0, 0, 0, 0], details: { reason: "the bidder held no card above 8 (R8)" } }, 0)[0],
    "Misdeal: the bidder held no card above 8 (R8).");
});

test("labels and houses", () => {
  assert.equal(actionLabel("call AS"), "call A♠");
  assert.equal(actionLabel("bid 11"), "bid 11");
  assert.equal(actionLabel("capture 7D 3H+4D"), "capture 3♥+4♦ with 7♦");
  // a house is "the house of 10" where people read it, never the records' "H10"
  assert.equal(actionLabel("cement H10 4D+6C"), "cement the house of 10 with 4♦+6♣");
  assert.equal(actionLabel("capture KH H13 KC"), "capture the house of 13 and K♣ with K♥");
  assert.equal(actionLabel("break H9 KC"), "break the house of 9 with K♣");
  assert.equal(say("2 capture 9H H9", 0), "Seat 2 captures the house of 9 with 9♥.");
  assert.equal(say("2 cement H11 JC", 2), "You cement the house of 11 with J♣.");
  assert.equal(refusalWords({ reason: "illegal", message: "seat 0 throw 9H: 9H can capture H9, so it may not be thrown (R14)" }, "throw 9H", 0),
    "You cannot throw 9♥: 9♥ can capture the house of 9, so it may not be thrown.");
  for (const a of ["capture 9H H9", "cement H12 QC", "break H9 2H", "capture KH H13 KC"]) assert.doesNotMatch(actionLabel(a) + say(`1 ${a}`, 0), /\bH\d/);
  assert.equal(houseWords({ value: 11, sets: [["5C", "6H"], ["JH"]], owners: [0, 2] }, 0), "house of 11 (cemented), owned by you, seat 2: 5♣+6♥ | J♥");
});

test("the page names seats as the narration does: people by name, bots and free seats by number", () => {
  const seats = [
    { player: "human", name: "Ann", taken: true },
    { player: "rule", name: "rule", taken: true },
    { player: "human", name: "Ann", taken: true },
    { player: "rule", name: "rule", taken: true },
    { player: "human", name: null, taken: false },
  ];
  const names = peopleNames(seats);
  assert.deepEqual(names, ["Ann (seat 0)", "", "Ann (seat 2)", "", ""]);
  assert.equal(seatName(1, 0, names), "seat 1");
  assert.equal(say("3 play 10D", 0, names), "Seat 3 plays 10♦.");
  assert.equal(say("2 pass", 0, names), "Ann (seat 2) passes.");
  assert.deepEqual(peopleNames([{ player: "human", name: "Ben" }, { player: "search:hard", name: "search:hard" }]), ["Ben", ""]);
});

test("the key hint names the floor only in a game that has one", () => {
  assert.match(keyHint("seep"), /the floor/);
  for (const game of ["smear", "sheepshead", "toy"]) assert.doesNotMatch(keyHint(game), /floor/, game);
  assert.match(keyHint("smear"), /between the moves and your hand/);
});

test("every negative number on the pages has the one minus sign, U+2212", () => {
  assert.equal(num(-3), "\u22123");
  const rows = hintView([{ action: "play AH", value: -0.5, stderr: 0.1, standing: "best" }, { action: "play KH", value: -1.25, stderr: 0.1, standing: "worse" }]).rows;
  for (const r of rows) assert.doesNotMatch(r.text, /-\d/);
  const lines = [...summary("smear", { result: "played", score: [-2, 3, -2, 3], details: { bidder: 1, bid: 2, points: { high: 1 }, team_points: [0, 2], made: true, change: [-2, 3], scores: [-5, 4] } }, 0),
    ...summary("sheepshead", { result: "picked", score: [-2, 1, -1, 1, 1], details: { picker: 0, partner: 2, picker_points: 40, defender_points: 80, outcome: "lost", multiplier: 1 } }, 0),
    ...summary("toy", { result: "played", score: [-1, 1] }, 0)];
  for (const l of lines) assert.doesNotMatch(l, /(^|[^\w])-\d/, l);
});
