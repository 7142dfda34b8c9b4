// @ts-check
/**
 * The replay viewer: any record (a finished match of this server, or a file) stepped through
 * forwards and back, with every hand face up. The server replays the record through the engine
 * (`POST /api/replay`) and sends every seat's view at every step.
 * @module replay
 */

import { describe, gameTitle, num, places, seatName, summary } from "./format.js";
import { h, infoLines, middleBox, seatBox, seatFacts, actorOf } from "./dom.js";
import { loadGame } from "./gameload.js";
import { languagePicker, language, load as loadLanguage, t, words } from "./i18n.js";
import { serverWords } from "./review.js";
import { replayReviewControls } from "./review_view.js";

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** @type {{data: any, at: number, record: any}} */
const ui = { data: null, at: 0, record: null };

/** @param {any} record */
async function load(record) {
  $("loaderr").textContent = "";
  const res = await fetch(`/api/replay?lang=${language()}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(record) });
  const data = await res.json().catch(() => null);
  if (!res.ok) { $("loaderr").textContent = t("This record does not replay: {why}", { why: serverWords(data?.error, data?.error_words) ?? res.statusText }); return; }
  await loadGame(data.game);
  ui.data = data;
  ui.record = record;
  ui.at = 0;
  document.title = `cardtable · ${t("replay")} · ${gameTitle(data.game)}`;
  $("nav").hidden = false;
  const hands = [...new Set(data.steps.map((/** @type {any} */ s) => s.hand))];
  $("hand").replaceChildren(...hands.map((n) => h("option", { value: String(n), text: num(n + 1) })));
  render();
  $("review").replaceChildren();
  replayReviewControls($("reviewbox"), record, data.seats, () => ui.data.steps[ui.at].hand, (data.names ?? []).map((/** @type {any} */ n) => String(n ?? "")));
}

/** @param {number} at */
function go(at) {
  if (!ui.data) return;
  ui.at = Math.max(0, Math.min(ui.data.steps.length - 1, at));
  render();
}

function render() {
  const { data, at } = ui;
  const step = data.steps[at];
  const game = data.game;
  const seats = data.seats;
  // the players' names as the record gives them ("" for a bot: said "seat N", as at the table)
  const names = Array.from({ length: seats }, (_, i) => String(data.names?.[i] ?? ""));
  const view = { ...step.views[0], seat: null };
  const where = places(seats, 0);
  const facts = seatFacts(game, step.views[0], seats);
  const turn = actorOf(step.views[0]);
  /** @type {HTMLElement[]} */
  const children = [];
  for (let s = 0; s < seats; s++) {
    const place = where[s] === "bottom" ? "hand" : where[s];
    const box = seatBox({ seat: s, place, name: seatName(s, null, names), facts: facts[s], turn: turn === s, game, open: step.views[s].hand ?? [] });
    if (place === "hand") box.style.gridArea = "hand";
    children.push(box);
  }
  children.push(h("section", { class: "middle" }, [
    h("div", { class: "info" }, infoLines(game, view, names).map((t) => h("span", { text: t }))),
    middleBox(game, view, seats, names),
  ]));
  $("table").className = `table${seats === 5 ? " five" : ""}`;
  $("table").replaceChildren(...children);
  const handSteps = data.steps.filter((/** @type {any} */ s) => s.hand === step.hand);
  const index = handSteps.indexOf(step);
  $("where").textContent = t("hand {hand}, step {step} of {steps}", { hand: step.hand + 1, step: index, steps: handSteps.length - 1 });
  /** @type {HTMLSelectElement} */ ($("hand")).value = String(step.hand);
  const said = $("said");
  said.hidden = false;
  // a move a bot made for a person (the record's `stand_ins`: places in the hand's actions) says so
  const stood = ui.record?.hands?.[step.hand]?.stand_ins;
  const acted = handSteps.slice(0, index + 1).filter((/** @type {any} */ s) => s.action).length - 1;
  const bot = step.action && Array.isArray(stood) && stood.includes(acted)
    ? ` ${t("(a bot played for {who})", { who: seatName(Number(/^(\d+) /.exec(step.action)?.[1] ?? -1), null, names) })}` : "";
  said.textContent = step.action ? `${describe(step.action, null, names).replace(/[.।]$/, "")}${bot}${language() === "hi" ? "।" : "."}` : t("Hand {n} is dealt.", { n: step.hand + 1 });
  const last = index === handSteps.length - 1;
  const hand = data.report?.hands?.[step.hand];
  const words = data.narration?.[step.hand];
  $("summary").replaceChildren(last && hand && hand.result !== "unfinished"
    ? h("div", { class: "summary" }, [h("h2", { text: t("Hand {n}", { n: step.hand + 1 }) }),
      ...(Array.isArray(words) && words.length ? words : summary(game, hand, null, names)).map((/** @type {string} */ l) => h("p", { text: l })),
      h("p", { text: t("Scores: {scores}", { scores: hand.score.map((/** @type {number} */ p, /** @type {number} */ s) => `${seatName(s, null, names)} ${num(p)}`).join(", ") }) })])
    : "");
}

/** The page's fixed words in the language chosen, and the language picker. */
function pageWords() {
  document.title = `cardtable · ${t("replay")}`;
  document.querySelector(".topbar > div")?.replaceChildren(h("a", { href: "/", text: "cardtable" }), ` · ${t("replay")} `, languagePicker(h));
  words("label:has(#file)", t("A record file"));
  words("label:has(#hand)", t("Hand"));
  for (const [id, label] of [["first", t("first step")], ["prev", t("previous step")], ["next", t("next step")], ["last", t("last step")]]) {
    $(id).setAttribute("aria-label", label);
  }
}

async function main() {
  await loadLanguage();
  pageWords();
  $("first").addEventListener("click", () => go(0));
  $("prev").addEventListener("click", () => go(ui.at - 1));
  $("next").addEventListener("click", () => go(ui.at + 1));
  $("last").addEventListener("click", () => go(ui.data.steps.length - 1));
  $("hand").addEventListener("change", (ev) => {
    const n = Number(/** @type {HTMLSelectElement} */ (ev.target).value);
    go(ui.data.steps.findIndex((/** @type {any} */ s) => s.hand === n));
  });
  addEventListener("keydown", (ev) => {
    if (!ui.data || /** @type {HTMLElement} */ (ev.target).tagName === "SELECT") return;
    if (ev.key === "ArrowRight") go(ui.at + 1);
    else if (ev.key === "ArrowLeft") go(ui.at - 1);
    else if (ev.key === "Home") go(0);
    else if (ev.key === "End") go(ui.data.steps.length - 1);
  });
  $("file").addEventListener("change", async (ev) => {
    const file = /** @type {HTMLInputElement} */ (ev.target).files?.[0];
    if (!file) return;
    const text = await file.text();
    let record;
    try {
      record = JSON.parse(text.trim().split("\n")[0]);
    } catch {
      $("loaderr").textContent = t("This file is not a JSON record.");
      return;
    }
    await load(record);
  });
  // a finished match of this server: ?table=ID, its match (&match=N, else the table's current
  // one) and the seat whose play to review first (&seat=S, as a player's page links it)
  const params = new URLSearchParams(location.search);
  const table = params.get("table");
  const match = params.get("match");
  if (table) {
    const q = match !== null && /^\d+$/.test(match) ? `?match=${match}` : "";
    fetch(`/api/tables/${encodeURIComponent(table)}/record${q}`).then(async (res) => {
      const data = await res.json().catch(() => null);
      if (!res.ok) { $("loaderr").textContent = serverWords(data?.error, data?.error_words) ?? t("No finished hand to replay yet."); return; }
      await load(data);
      const seat = params.get("seat");
      const pick = /** @type {HTMLSelectElement | null} */ (document.getElementById("reviewseat"));
      if (pick && seat !== null && [...pick.options].some((o) => o.value === seat)) pick.value = seat;
    });
  }
}

main();
