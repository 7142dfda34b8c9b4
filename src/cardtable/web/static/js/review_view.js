// @ts-check
/**
 * The review panel on the page: a finished hand replayed step by step from one seat, each of its
 * decisions graded, the better move marked on the cards, and the graph of the hand's expected
 * points. The server reviews the hand as a job (`POST /api/review` for a record,
 * `POST /api/tables/{id}/review` for a finished hand of a table); the panel polls
 * `GET /api/review/{job}` and shows how far it got (docs/web.md, "The review panel").
 * @module review_view
 */

import { cardImg, h } from "./dom.js";
import { describe, seatName } from "./format.js";
import { t } from "./i18n.js";
import { GRADES, cardsOf, decisionLine, graph, graphWords, points, progressText, reasonOf, reviewSteps, sentence, serverWords, summaryLine } from "./review.js";

const SVG = "http://www.w3.org/2000/svg";
/** How often the panel asks how far the review got (milliseconds). */
const POLL_MS = 400;

/**
 * @param {string} tag
 * @param {Record<string, string | number>} attrs
 * @param {(Node | null)[]} [children]
 */
function svg(tag, attrs, children = []) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  for (const c of children) if (c) el.append(c);
  return el;
}

/**
 * The cards on the table in a view, whatever the game: the trick being played, or the loose cards
 * and houses of a floor.
 * @param {any} view
 * @returns {string[]}
 */
function tableCards(view) {
  const trick = Array.isArray(view?.trick) ? view.trick : view?.trick?.cards;
  if (Array.isArray(trick)) return trick.filter((/** @type {any} */ c) => typeof c === "string");
  const floor = view?.floor;
  if (!floor) return [];
  const houses = (floor.houses ?? []).flatMap((/** @type {any} */ hs) => (hs.sets ?? []).flat());
  return [...(floor.loose ?? []), ...houses];
}

/**
 * A row of cards with the made and the better move marked.
 * @param {string[]} cards
 * @param {string[]} made
 * @param {string[]} better
 * @param {string} label
 */
function cardRow(cards, made, better, label) {
  return h("div", { class: "reviewcards", role: "group", "aria-label": label }, cards.map((c) => {
    const img = /** @type {HTMLImageElement} */ (cardImg(c, "card small"));
    const isBetter = better.includes(c);
    const isMade = made.includes(c);
    if (isBetter) img.alt += ` ${t("(the better move)")}`;
    if (isMade) img.alt += ` ${t("(the move made)")}`;
    return h("span", { class: `reviewcard${isBetter ? " better" : ""}${isMade ? " made" : ""}` }, [img,
      isBetter ? h("span", { class: "tag", "aria-hidden": "true", text: t("better") }) : null,
      isMade && !isBetter ? h("span", { class: "tag", "aria-hidden": "true", text: t("made") }) : null]);
  }));
}

/**
 * The graph of expected points as an inline SVG, with its words for screen readers.
 * @param {any} review
 */
function graphBox(review) {
  const W = 480, H = 160;
  const g = graph(review, W, H);
  const dots = g.points.map((p) => svg("circle", { cx: p.x.toFixed(1), cy: p.yMade.toFixed(1), r: p.grade === "result" ? 5 : 4, class: `dot ${p.grade}` }, [
    svg("title", {}, [document.createTextNode(p.grade === "result" ? t("the hand's result {value}", { value: points(p.made) })
      : t("step {n}: {grade}, expected {value}", { n: p.at, grade: GRADES[/** @type {keyof typeof GRADES} */ (p.grade)]?.words ?? p.grade, value: points(p.made) }))]),
  ]));
  const words = graphWords(review);
  return svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "reviewgraph", role: "img", "aria-label": `${t("Expected points as the hand went.")} ${words}` }, [
    svg("title", {}, [document.createTextNode(t("Expected points as the hand went"))]),
    svg("line", { x1: 24, x2: W - 24, y1: g.zero.toFixed(1), y2: g.zero.toFixed(1), class: "zero" }),
    svg("text", { x: 2, y: (g.zero + 4).toFixed(1), class: "axis" }, [document.createTextNode("0")]),
    svg("path", { d: g.best, class: "best" }),
    svg("path", { d: g.made, class: "made" }),
    ...dots,
  ]);
}

/**
 * Draw the review in ``box``.
 * @param {HTMLElement} box
 * @param {any} review
 * @param {{names?: string[], me?: number | null, onClose?: () => void}} opts
 */
function drawReview(box, review, opts) {
  const names = opts.names ?? [];
  const me = opts.me ?? null;
  const steps = reviewSteps(review);
  const turns = steps.filter((s) => s.decision);
  let at = turns.length ? turns[0].at : 0;
  const say = (/** @type {string} */ line) => describe(line, me, names);
  const show = (/** @type {string} */ action) => say(`${review.seat} ${action}`).replace(/\.$/, "");
  const who = seatName(review.seat, me, names);
  const mine = review.seat === me;
  const body = h("div", { class: "reviewstep", "aria-live": "polite" });
  const list = h("ol", { class: "reviewlist" });
  const where = h("span", { class: "where" });

  function go(/** @type {number} */ n) {
    at = Math.max(0, Math.min(steps.length - 1, n));
    draw();
  }

  function draw() {
    const s = steps[at];
    const d = s.decision;
    const made = d ? cardsOf(d.made) : [];
    const better = d && d.grade !== "best" && !d.forced ? cardsOf(d.best) : [];
    where.textContent = t("step {n} of {total}", { n: at, total: steps.length - 1 });
    const grade = d ? GRADES[/** @type {keyof typeof GRADES} */ (d.grade)] : null;
    const reason = reasonOf(d);
    body.replaceChildren(...[
      h("p", { class: "said", text: s.before ? say(s.before) : t("The cards are dealt.") }),
      tableCards(s.view).length ? cardRow(tableCards(s.view), made, better, t("the cards on the table")) : null,
      Array.isArray(s.view?.hand) ? cardRow(s.view.hand, made, better, mine ? t("your hand") : t("{who}'s hand", { who })) : null,
      d ? h("p", { class: `reviewline grade-${d.grade}` }, [
        grade?.mark ? h("strong", { "aria-hidden": "true", text: `${grade.mark} ` }) : null,
        decisionLine(d, show),
      ]) : h("p", { class: "muted", text: s.next ? t("Next: {move}", { move: say(s.next) }) : t("The hand is over.") }),
      // a review kept with the analysis's English sentence only: in another language, apart and marked so
      reason?.english ? h("p", { class: "muted reviewwhy" }, [`${t("Why, in the analysis's English:")} `,
        h("span", { lang: "en", class: "reason", text: sentence(reason.text) })]) : null,
    ].filter((x) => x !== null));
    for (const li of list.querySelectorAll("button")) li.setAttribute("aria-current", li.dataset.at === String(at) ? "step" : "false");
  }

  list.replaceChildren(...turns.map((s) => {
    const d = s.decision;
    const g = GRADES[/** @type {keyof typeof GRADES} */ (d.grade)];
    return h("li", {}, [h("button", { class: `grade-${d.grade}`, "data-at": String(s.at), onclick: () => go(s.at),
      text: `${show(d.made)} ${g?.mark ?? ""}`.trim(), "aria-label": t("step {n}: {move}, {grade}", { n: s.at, move: show(d.made), grade: g?.words ?? d.grade }) })]);
  }));
  const opened = review.open_card;
  const worth = opened && typeof opened.value === "number" ? points(opened.value) : "";
  // a seat's own sentence and another seat's are two messages: languages decline "you" differently
  const whole = mine ? t("With every card shown, the hand was worth {value} to you.", { value: worth })
    : t("With every card shown, the hand was worth {value} to {who}.", { value: worth, who });
  const part = mine ? t("With every card shown, the hand was worth {value} to you from step {n} on.", { value: worth, n: opened?.from })
    : t("With every card shown, the hand was worth {value} to {who} from step {n} on.", { value: worth, who, n: opened?.from });
  const openLine = opened && typeof opened.value === "number" ? (opened.whole ? whole : part)
    : opened?.reason ? t("With every card shown: {reason}.", { reason: serverWords(opened.reason, opened.reason_words) }) : "";
  box.replaceChildren(h("section", { class: "panel review", id: "reviewpanel", role: "region", "aria-label": t("the review of hand {n}", { n: review.hand + 1 }) }, [
    h("h2", { text: mine ? t("Review of hand {n} for you", { n: review.hand + 1 }) : t("Review of hand {n} for {who}", { n: review.hand + 1, who }) }),
    h("p", { id: "reviewsummary", text: summaryLine(review) }),
    review.complete ? null : h("p", { class: "error", text: t("Not complete: {why}.", { why: serverWords(review.stopped, review.stopped_words) ?? t("the review stopped early") }) }),
    graphBox(review),
    h("p", { class: "legend muted", text: t("The solid line: the expected points of the move made; the dashed line: of the best move; the last dot: the hand's result.") }),
    openLine ? h("p", { class: "muted", text: openLine }) : null,
    h("div", { class: "row" }, [
      h("button", { "aria-label": t("previous step"), onclick: () => go(at - 1), text: "◀" }), where,
      h("button", { "aria-label": t("next step"), onclick: () => go(at + 1), text: "▶" }),
      h("button", { onclick: () => { box.replaceChildren(); opts.onClose?.(); }, text: t("Close the review") }),
    ]),
    body,
    h("h3", { text: mine ? t("Your decisions") : t("{who}'s decisions", { who }) }),
    list,
    h("p", { class: "muted", text: t("Values in points per hand (the seat's points minus the others' mean) by the search at level {level}, from what the seat could see then.", { level: review.level }) }),
  ]));
  draw();
}

/**
 * Start a review and show it in ``box``: the job's progress while it works, then the review, or
 * the server's refusal in one line.
 * @param {HTMLElement} box
 * @param {() => Promise<Response>} start posts the job
 * @param {{names?: string[], me?: number | null, onClose?: () => void}} [opts]
 */
export async function openReview(box, start, opts = {}) {
  const bar = /** @type {HTMLProgressElement} */ (h("progress", { id: "reviewprogress", "aria-label": t("the review's progress") }));
  const words = h("span", { text: t("Asking for the review…") });
  box.replaceChildren(h("section", { class: "panel review", id: "reviewpanel", role: "region", "aria-label": t("the review"), "aria-busy": "true" }, [
    h("h2", { text: t("Reviewing the hand") }), h("div", { class: "row", role: "status" }, [bar, words])]));
  let res;
  try {
    res = await start();
  } catch {
    res = null;
  }
  let job = res ? await res.json().catch(() => null) : null;
  while (res && job && res.ok && (job.state === "queued" || job.state === "running")) {
    if (!box.isConnected || !box.querySelector("#reviewprogress")) return; // closed meanwhile
    words.textContent = progressText(job);
    if (typeof job.total === "number" && job.total > 0) { bar.max = job.total; bar.value = job.done ?? 0; }
    await new Promise((r) => setTimeout(r, POLL_MS));
    try {
      res = await fetch(`/api/review/${encodeURIComponent(job.job)}`);
      job = await res.json().catch(() => null);
    } catch {
      res = null;
    }
  }
  if (!res || !res.ok || !job?.review) {
    box.replaceChildren(h("section", { class: "panel review", id: "reviewpanel", role: "region", "aria-label": t("the review") }, [
      h("p", { class: "error", role: "alert", text: t("No review: {why}", { why: serverWords(job?.error, job?.error_words) ?? t("the server could not be reached") }) }),
      h("button", { onclick: () => { box.replaceChildren(); opts.onClose?.(); }, text: t("Close") })]));
    return;
  }
  drawReview(box, job.review, opts);
}

/**
 * The table's "Review this hand" button for a seat's own decisions in a finished hand.
 * @param {{table: string, match: number | null | undefined, hand: number, seat: number, names?: string[]}} p
 */
export function tableReviewButton(p) {
  return h("button", { id: "reviewhand", onclick: () => {
    const box = document.getElementById("review");
    if (!box) return;
    const body = { hand: p.hand, seat: p.seat, ...(typeof p.match === "number" ? { match: p.match } : {}) };
    openReview(box, () => fetch(`/api/tables/${encodeURIComponent(p.table)}/review`, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
    { names: p.names, me: p.seat });
    box.scrollIntoView?.({ block: "nearest" });
  }, text: t("Review my play") });
}

/**
 * The replay viewer's review controls: a seat and a button reviewing the hand on show.
 * @param {HTMLElement} box
 * @param {any} record the record as loaded
 * @param {number} seats
 * @param {() => number} hand the hand on show
 * @param {string[]} [names]
 */
export function replayReviewControls(box, record, seats, hand, names = []) {
  const out = document.getElementById("review");
  const pick = /** @type {HTMLSelectElement} */ (h("select", { id: "reviewseat" },
    Array.from({ length: seats }, (_, s) => h("option", { value: String(s), text: seatName(s, null, names) }))));
  box.replaceChildren(h("div", { class: "panel row" }, [
    h("label", {}, [`${t("Review the play of")} `, pick]),
    h("button", { id: "reviewhand", onclick: () => {
      if (!out) return;
      const seat = Number(pick.value);
      openReview(out, () => fetch(`/api/review?hand=${hand()}&seat=${seat}`, {
        method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(record) }),
      { names, me: null });
    }, text: t("Review this hand") }),
  ]));
}
