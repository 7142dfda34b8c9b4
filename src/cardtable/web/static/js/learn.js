// @ts-check
/**
 * The lessons: a game's first lesson step by step (`/learn/GAME`), each step a prepared position
 * drawn as the table draws it, its text, the moves to try; the server's engine judges each move
 * (`POST /api/learn/GAME/check`). The last step leads to a first hand against gentle bots.
 * Everything is said in the language chosen (docs/languages.md): the page's words here, the
 * lesson's own words and the engine's verdicts by the server, asked with `lang`.
 * @module learn
 */

import { actionLabel, gameTitle } from "./format.js";
import { h } from "./dom.js";
import { loadGame } from "./gameload.js";
import { language, languagePicker, load as loadLanguage, t } from "./i18n.js";
import { drawPosition, moveButtons, spoken } from "./position.js";

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/**
 * @param {string} path
 * @param {any} [body]
 */
async function api(path, body) {
  const res = await fetch(path, body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const data = await res.json().catch(() => null);
  if (!res.ok) throw new Error(data?.error ?? res.statusText);
  return data;
}

/** @type {{lesson: any, at: number}} */
const ui = { lesson: null, at: 0 };

async function chooser() {
  const got = await api(`/api/learn?lang=${language()}`);
  $("title").textContent = t("Learn to play");
  $("intro").textContent = t("A first lesson for each game: a few steps on prepared deals, then a first hand against gentle bots.");
  $("lesson").replaceChildren(h("ul", { class: "tables" }, got.lessons.map((/** @type {any} */ l) =>
    h("li", {}, [h("a", { href: `/learn/${encodeURIComponent(l.game)}`, text: gameTitle(l.game) }), ` · ${l.title}`]))));
}

function render() {
  const les = ui.lesson;
  if (ui.at >= les.steps.length) return finish();
  const step = les.steps[ui.at];
  $("where").textContent = t("Step {n} of {total}: {title}", { n: ui.at + 1, total: les.steps.length, title: step.title });
  $("intro").hidden = ui.at > 0;  // said once, so that a phone shows the step and its position together
  $("step").hidden = false;
  $("text").textContent = step.text;
  $("said").hidden = true;
  $("said").className = "banner";
  $("next").hidden = true;
  drawPosition($("table"), les.game, step.view, les.seats);
  $("moves").hidden = false;
  moveButtons($("moves"), step.choices, send);
}

/** @param {string} move */
async function send(move) {
  const said = $("said");
  try {
    const got = await api(`/api/learn/${encodeURIComponent(ui.lesson.game)}/check`, { step: ui.at, move, lang: language() });
    said.hidden = false;
    // a legal move that is not the lesson's, said as the moves' buttons say it
    const text = got.kind === "other" && got.move ? `${t("{move} is allowed, but it is not this step's move.", { move: actionLabel(got.move) })} ${got.why}` : got.text;
    said.textContent = spoken(text);
    said.className = `banner ${got.kind === "right" ? "news right" : "refused"}`;
    said.dataset.kind = got.kind;
    if (got.kind === "right") {
      $("moves").replaceChildren();
      $("moves").hidden = true;
      $("next").hidden = false;
      $("next").textContent = ui.at + 1 < ui.lesson.steps.length ? t("Next step") : t("Finish the lesson");
      $("next").focus();
    }
  } catch (e) {
    said.hidden = false;
    said.className = "banner refused";
    said.textContent = /** @type {Error} */ (e).message;
  }
}

function finish() {
  const les = ui.lesson;
  $("where").textContent = t("Lesson done");
  $("text").textContent = les.finish;
  $("said").hidden = true;
  $("next").hidden = true;
  $("table").replaceChildren();
  $("moves").hidden = false;
  const err = h("p", { class: "error", role: "alert" });
  $("moves").replaceChildren(h("div", { class: "row" }, [
    h("button", { class: "primary", id: "firsthand", type: "button", onclick: () => firstHand(err), text: t("Play your first hand") }),
    h("a", { href: "/learn", text: t("Another game's lesson") }),
  ]), err);
}

/**
 * A table of this game, the learner at seat 0 and the lesson's gentle bots at the others; the
 * learner sits down and goes to it.
 * @param {HTMLElement} err
 */
async function firstHand(err) {
  const les = ui.lesson;
  try {
    const seats = Array.from({ length: les.seats }, (_, i) => (i === 0 ? "human" : les.bots));
    const got = await api("/api/tables", { game: les.game, seats, hints: true });
    localStorage.setItem(`cardtable:host:${got.table}`, got.host);
    localStorage.setItem(`cardtable:invite:${got.table}`, got.invite);
    const seat = await api(`/api/tables/${encodeURIComponent(got.table)}/join`, { invite: got.invite, name: "Learner" });
    localStorage.setItem(`cardtable:seat:${got.table}`, JSON.stringify({ token: seat.token, seat: seat.seat, name: "Learner" }));
    location.href = `/t/${encodeURIComponent(got.table)}`;
  } catch (e) {
    err.textContent = t("Could not start the hand: {reason}", { reason: /** @type {Error} */ (e).message });
  }
}

/** The page's fixed words in the language chosen, and the language picker. */
function pageWords() {
  document.title = `cardtable · ${t("learn")}`;
  document.querySelector(".topbar > div")?.replaceChildren(h("a", { href: "/", text: "cardtable" }), " · ",
    h("a", { href: "/learn", text: t("learn") }), " · ", h("a", { href: "/puzzles", text: t("puzzles") }), " ", languagePicker(h));
  $("title").textContent = t("Learn to play");
  $("next").textContent = t("Next step");
}

async function main() {
  await loadLanguage();
  pageWords();
  $("next").addEventListener("click", () => { ui.at += 1; render(); });
  const game = decodeURIComponent(location.pathname.replace(/^\/learn\/?/, "").replace(/\/$/, ""));
  try {
    if (!game) return await chooser();
    const les = await api(`/api/learn/${encodeURIComponent(game)}?lang=${language()}`);
    await loadGame(les.game);
    ui.lesson = les;
    document.title = `cardtable · ${t("learn {game}", { game: gameTitle(les.game) })}`;
    $("title").textContent = les.title;
    $("intro").textContent = les.intro;
    render();
  } catch (e) {
    $("intro").textContent = /** @type {Error} */ (e).message;
  }
}

main();
