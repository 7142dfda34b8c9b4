// The pages' words in another language (docs/languages.md): the catalogs the server makes from
// the .po files, plurals by Intl.PluralRules, numbers by Intl.NumberFormat, the language chosen.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import "./games.mjs";
import { chosenLanguage, known, num, t, tn, use } from "../../src/cardtable/web/static/js/i18n.js";
import { describe as say, actionLabel, movePrompt, refusalWords, summary } from "../../src/cardtable/web/static/js/format.js";
import { reasonOf, saidWords, serverWords } from "../../src/cardtable/web/static/js/review.js";
import { speaker } from "../../src/cardtable/web/static/js/talk.js";

/** A language's messages as `GET /i18n/LANG.json` serves them, made by the server's own code. */
function catalog(lang) {
  const code = `import json, sys; from cardtable.web.pages import catalog_json; sys.stdout.write(catalog_json(${JSON.stringify(lang)}).decode())`;
  const env = { ...process.env, PYTHONPATH: ["src", process.env.PYTHONPATH ?? ""].filter(Boolean).join(":") };
  return JSON.parse(execFileSync(process.env.CARDTABLE_PYTHON ?? "python3", ["-c", code], { env, encoding: "utf8" })).messages;
}

let messages = { de: null, hi: null };
try {
  messages = { de: catalog("de"), hi: catalog("hi") };
} catch (e) {
  // run by pytest (tests/test_js.py names its Python), the catalogs must be made
  if (process.env.CARDTABLE_PYTHON) throw e;
  // run by hand without the web extra (Babel): the checks below that need it say so
}

test("English is the message itself, its parts filled in", () => {
  use("en");
  assert.equal(t("It is {who}'s turn.", { who: "Ann" }), "It is Ann's turn.");
  assert.equal(tn("{n} card", "{n} cards", 1), "1 card");
  assert.equal(tn("{n} card", "{n} cards", 2), "2 cards");
  assert.equal(num(-4), "−4");
  assert.equal(say("1 pass", 0), "Seat 1 passes.");
});

test("the language is the one kept in the browser, else the browser's first known", () => {
  const store = (/** @type {string | null} */ v) => ({ getItem: () => v });
  assert.equal(chosenLanguage(store(null), ["fr-FR", "de-AT", "en"]), "de");
  assert.equal(chosenLanguage(store("hi"), ["de"]), "hi");
  assert.equal(chosenLanguage(store("xx"), ["pt"]), "en");
  assert.equal(known("hi-IN"), "hi");
  assert.equal(known("fr"), null);
});

test("German: sentences, moves, prompts and refusals, plurals and numbers", { skip: messages.de ? false : "Babel (the web extra) is not installed" }, () => {
  use("de", messages.de);
  try {
    assert.equal(say("1 pass", 0), "Platz 1 passt.");
    assert.equal(say("0 bid 3", 0), "Du bietest 3.");
    assert.equal(actionLabel("bid 3"), "3 bieten");
    assert.equal(tn("{n} card", "{n} cards", 1), "1 Karte");
    assert.equal(tn("{n} card", "{n} cards", 5), "5 Karten");
    assert.equal(movePrompt("smear", ["play 10D", "play KD"]), "Dein Zug: Spiele eine Karte (die hellen sind erlaubt).");
    assert.equal(num(-1.5), "−1,5");
    const refused = refusalWords({ reason: "illegal", message: "seat 0 play 9C: du musst Herz bedienen (R24)" }, "play 9C", 0);
    assert.equal(refused, "Das geht nicht (9♣ spielen): du musst Herz bedienen.");
  } finally {
    use("en");
  }
});

test("Hindi: Seep's words and the plural rule", { skip: messages.hi ? false : "Babel (the web extra) is not installed" }, () => {
  use("hi", messages.hi);
  try {
    assert.equal(say("1 build 9 9S 4C+5H", 0), "सीट 1 9 का घर बनाते हैं: 9♠ 4♣+5♥।");
    assert.equal(tn("{n} card", "{n} cards", 1), "1 पत्ता");
    assert.equal(tn("{n} card", "{n} cards", 0), "0 पत्ता"); // CLDR: 0 and 1 are "one" in Hindi
    assert.equal(tn("{n} card", "{n} cards", 7), "7 पत्ते");
  } finally {
    use("en");
  }
});

/** Reasons of each game as the analysis keeps them (`why_words`), with the server's own German and Hindi. */
function reasons() {
  const code = [
    "import json, sys",
    "from cardtable import registry",
    "from cardtable.analysis import parts",
    "from cardtable.i18n import say, speaking, words_of",
    "from tests.analysis.reasons import decisions",
    "out = []",
    "for name in ('seep', 'smear', 'sheepshead'):",
    "    game = registry.get_game(name)",
    "    for d in decisions(game, 25, 'page ' + name):",
    "        why = parts.why(game, d.view, d.made, d.best, d.loss, d.played)",
    "        said = {}",
    "        for lang in ('de', 'hi'):",
    "            with speaking(lang):",
    "                said[lang] = say(why)",
    "        out.append({'why': str(why), 'why_words': words_of(why), 'said': said})",
    "sys.stdout.write(json.dumps(out))",
  ].join("\n");
  const env = { ...process.env, PYTHONPATH: ["src", ".", process.env.PYTHONPATH ?? ""].filter(Boolean).join(":") };
  return JSON.parse(execFileSync(process.env.CARDTABLE_PYTHON ?? "python3", ["-c", code], { env, encoding: "utf8", maxBuffer: 1 << 26 }));
}

test("a reason kept as words is said on the page as the server says it", { skip: messages.de ? false : "Babel (the web extra) is not installed" }, () => {
  const found = reasons();
  assert.ok(found.length >= 60);
  try {
    for (const lang of /** @type {const} */ (["de", "hi"])) {
      use(lang, messages[lang]);
      for (const r of found) {
        assert.equal(saidWords(r.why_words), r.said[lang], r.why);
        assert.deepEqual(reasonOf(r), { text: r.said[lang], english: false });
        // a review kept before reasons had words: its English sentence, marked as such
        assert.deepEqual(reasonOf({ why: r.why }), { text: r.why, english: true });
      }
    }
    use("en");
    assert.deepEqual(reasonOf(found[0]), { text: found[0].why, english: false });
    assert.equal(saidWords(found[0].why_words), found[0].why);
    assert.equal(saidWords({ m: "{x}", p: { x: { bad: 1 } } }), null);
  } finally {
    use("en");
  }
});

test("the server's own words on a review and the talk's speakers, in German", { skip: messages.de ? false : "Babel (the web extra) is not installed" }, () => {
  const none = { m: "no decision in the card play", p: {} };
  const ran = { m: "the review's {seconds} s ran out after {done} of {total} decisions", p: { seconds: { n: 2.5, places: 1 }, done: 3, total: 9 } };
  try {
    use("de", messages.de);
    assert.equal(serverWords("no decision in the card play", none), "keine Entscheidung im Kartenspiel");
    assert.equal(serverWords("the review's 2.5 s ran out after 3 of 9 decisions", ran), "die 2,5 s der Analyse waren nach 3 von 9 Entscheidungen um");
    assert.equal(serverWords("the record is not JSON", undefined), "the record is not JSON"); // the data's English
    assert.equal(serverWords(undefined, none), null);
    assert.equal(speaker({ seat: null, name: "a spectator", text: "hi" }, 1), "ein Zuschauer");
    assert.equal(speaker({ seat: null, name: "Di", text: "hi" }, null), "Di (schaut zu)");
    assert.equal(speaker({ seat: 2, name: "", text: "hi" }, 1), "Platz 2");
    use("en");
    assert.equal(serverWords("no decision in the card play", none), "no decision in the card play");
  } finally {
    use("en");
  }
});

test("each game's own summary of a hand, in German and Hindi", { skip: messages.de ? false : "Babel (the web extra) is not installed" }, () => {
  const smear = { result: "played", score: [3, 1, 3, 1], details: { bidder: 0, bid: 3, trump: "D", points: { high: 0, low: 1, jack: 0, game: 0 },
    high_card: "AD", low_card: "7D", game_counts: [23, 16], team_points: [3, 1], made: false, change: [3, 1], scores: [3, 1] } };
  const seep = { result: "played", score: [60, 40, 60, 40], details: { totals: [60, 40], sweeps: [0, 50], card_points: [60, 40],
    majority_bonus: [0, 0], difference_after: 0, baazi: { team: 1, why: "nine_point_rule" } } };
  const picked = { result: "played", score: [1, -4, 1, 1, 1], details: { picker: 1, partner: 3, picker_points: 31, defender_points: 89,
    outcome: "schneidered", multiplier: 2, picker_tricks: 0 } };
  const leaster = { result: "leaster", score: [1, 1, -4, 1, 1], details: { winners: [0], points: [10, 20, 30, 40, 20] } };
  const hands = () => [
    ...summary("smear", smear, 0), ...summary("smear", { result: "passed_out", score: [0, 0, 0, 0] }, 0),
    ...summary("seep", seep, 0), ...summary("seep", { ...seep, details: { ...seep.details, baazi: null, difference_after: 5 } }, null, ["Ann", "Bo", "Cy", "Di"]),
    ...summary("sheepshead", picked, 0), ...summary("sheepshead", leaster, 0), ...summary("sheepshead", leaster, 2),
    ...summary("sheepshead", { result: "doubler", score: [0, 0, 0, 0, 0] }, 0),
  ];
  const english = /\b(to|you|them|bid|made|set|points?|Points|Score|Match|lead|baazi|nobody|picked|alone|and|with|the|took|trick|wins?|loss|schneidered|Scores|Sweep|Card|High|Low|Jack|Game|Everyone)\b/;
  try {
    use("de", messages.de);
    const de = hands();
    assert.deepEqual(de.filter((l) => english.test(l)), []);
    assert.equal(de[0], "Hoch A♦, Bube und Spiel 23–16 für euch; Tief 7♦ für die Gegner: 3 Punkte für euch, 1 für die anderen; dein Gebot 3 verfehlt.");
    assert.ok(de.includes("Platz 1 und Platz 3: 31 zu 89, Schneider verloren (×2)."), de.join(" | "));
    assert.ok(de.includes("Leaster: Niemand hat aufgenommen; du gewinnst mit den wenigsten Augen."), de.join(" | "));
    use("hi", messages.hi);
    const hi = hands();
    assert.deepEqual(hi.filter((l) => english.test(l)), []);
    assert.ok(hi.includes("बाज़ी विरोधी टीम की (दूसरी टीम ने 9 से कम अंक बनाए)! बढ़त फिर 0 से शुरू होती है।"), hi.join(" | "));
  } finally {
    use("en");
  }
});
