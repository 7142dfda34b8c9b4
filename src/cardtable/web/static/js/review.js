// @ts-check
/**
 * The review panel's logic, without the page: a reviewed hand (the server's review, docs/web.md
 * "The review panel") turned into steps to walk through, each decision's grade in words and
 * marks, the cards of a move, and the graph of the hand's expected points as points and paths of
 * an SVG. `review_view.js` draws them; `node --test tests/js` tests them. Their words are in the
 * language read (`i18n.js`), a decision's reason too, from the words the analysis keeps beside
 * its English sentence (`why_words`, `saidWords`); a review kept with the English sentence only
 * says it in the line only in English, and apart, marked as English, in another language
 * (`reasonOf`).
 * @module review
 */

import { decimals, language, num, t, tn } from "./i18n.js";

/** The grades, best first, with their marks (as chess players write them) and their words. */
export const GRADES = {
  best: { mark: "✓", get words() { return t("best"); } },
  good: { mark: "", get words() { return t("good"); } },
  inaccuracy: { mark: "?!", get words() { return t("an inaccuracy"); } },
  mistake: { mark: "?", get words() { return t("a mistake"); } },
  blunder: { mark: "??", get words() { return t("a blunder"); } },
};

/**
 * How many decisions got a grade, in words: "2 mistakes".
 * @param {string} grade
 * @param {number} n
 */
function counted(grade, n) {
  if (grade === "inaccuracy") return tn("{n} inaccuracy", "{n} inaccuracies", n);
  if (grade === "mistake") return tn("{n} mistake", "{n} mistakes", n);
  return tn("{n} blunder", "{n} blunders", n);
}

const CARD = /^(10|[2-9AJQK])[CDHS]$/;

/**
 * The cards a move names, in its order: `play 10D` → `["10D"]`, `build 9 6S+3D` → `["6S", "3D"]`.
 * A record's line (`"2 play 10D"`) works the same.
 * @param {string | null | undefined} action
 * @returns {string[]}
 */
export function cardsOf(action) {
  if (typeof action !== "string") return [];
  return action.split(/[\s+]+/).filter((t) => CARD.test(t));
}

/**
 * A value in the game's points, signed, two places, a true minus sign: `+1.25`, `−0.50`.
 * @param {number | null | undefined} v
 */
export function points(v) {
  if (typeof v !== "number" || !Number.isFinite(v)) return "–";
  return `${v < 0 ? "−" : "+"}${decimals(Math.abs(v))}`;
}

/**
 * The steps of the hand to walk through: at each, the seat's view, the line that led to it, the
 * line made next, and the seat's graded decision there (made from this view), if it had one.
 * @param {any} review
 * @returns {{at: number, view: any, before: string | null, next: string | null, decision: any}[]}
 */
export function reviewSteps(review) {
  const steps = Array.isArray(review?.steps) ? review.steps : [];
  /** @type {Map<number, any>} */
  const byIndex = new Map((review?.decisions ?? []).map((/** @type {any} */ d) => [d.index, d]));
  return steps.map((/** @type {any} */ s, /** @type {number} */ i) => ({
    at: i,
    view: s.view,
    before: s.action ?? null,
    next: steps[i + 1]?.action ?? null,
    decision: byIndex.get(i) ?? null,
  }));
}

/** How deep a reason's words may nest (as the server reads them back). */
const DEEPEST = 24;

/**
 * A reason kept as words (`why_words`: `cardtable.i18n.words_of`) said in the language read: each
 * message through `t` with its parts said first, an amount with its decimals (`{n, places}`,
 * `decimals`), a whole number as the language writes it, any other text (a card, `10♦`) as it
 * is; `null` for words not so made.
 * @param {unknown} words
 * @param {number} [depth]
 * @returns {string | null}
 */
export function saidWords(words, depth = 0) {
  if (depth > DEEPEST) return null;
  if (typeof words === "string") return words;
  if (typeof words === "number") return Number.isFinite(words) ? num(words) : null;
  if (Array.isArray(words)) {
    const parts = words.map((w) => saidWords(w, depth + 1));
    return parts.every((p) => p !== null) ? parts.join(", ") : null;
  }
  if (!words || typeof words !== "object") return null;
  const w = /** @type {Record<string, unknown>} */ (words);
  if (typeof w.n === "number" && Number.isInteger(w.places)) return Number.isFinite(w.n) ? decimals(w.n, Number(w.places)) : null;
  if (typeof w.m !== "string" || !w.p || typeof w.p !== "object") return null;
  /** @type {Record<string, string>} */
  const parts = {};
  for (const [name, part] of Object.entries(w.p)) {
    const said = saidWords(part, depth + 1);
    if (said === null) return null;
    parts[name] = said;
  }
  return t(w.m, parts);
}

/**
 * The server's own words (why a review stopped or failed, why a hand has no open-card value) in
 * the language read: from the words kept beside the English (`stopped_words`, `error_words`,
 * `reason_words`), else the English as it came.
 * @param {unknown} english
 * @param {unknown} words
 * @returns {string | null}
 */
export function serverWords(english, words) {
  if (typeof english !== "string" || !english) return null;
  if (language() === "en" || !words) return english;
  return saidWords(words) ?? english;
}

/**
 * A decision's reason as the panel says it: `{text, english}`, the reason in the language read
 * (`english` false), or the analysis's English sentence where it kept no words and another
 * language is read (`english` true: shown apart, marked as English); `null` without a reason.
 * @param {any} d a decision of the review
 * @returns {{text: string, english: boolean} | null}
 */
export function reasonOf(d) {
  if (!d?.why || typeof d.why !== "string") return null;
  if (language() === "en") return { text: d.why, english: false };
  const said = d.why_words ? saidWords(d.why_words) : null;
  return said ? { text: said, english: false } : { text: d.why, english: true };
}

/**
 * A reason as a sentence of its own: its first letter a capital, a full stop at the end.
 * @param {string} text
 */
export function sentence(text) {
  return `${text[0].toUpperCase()}${text.slice(1)}.`;
}

/**
 * One decision in a line of words: the move, its grade, and (when not best) the better move, the
 * points lost and why.
 * @param {any} d a decision of the review
 * @param {(action: string) => string} [show] an action in words (default: as written)
 */
export function decisionLine(d, show = (a) => a) {
  if (!d) return "";
  const made = show(d.made);
  if (d.forced) return t("{made}: the only legal move.", { made });
  const grade = GRADES[/** @type {keyof typeof GRADES} */ (d.grade)]?.words ?? d.grade;
  if (d.grade === "best") return t("{made}: best (expected {value}).", { made, value: points(d.made_value) });
  // the reason in the language read; an English sentence only stays out of another language's line
  const reason = reasonOf(d);
  const why = reason && !reason.english ? ` ${sentence(reason.text)}` : "";
  const better = language() === "en" ? show(d.best).replace(/^You\b/, "you") : show(d.best);
  return t("{made}: {grade}, {lost} points lost; better {better} (expected {best} against {value}).", {
    made, grade, lost: decimals(Number(d.loss)), better, best: points(d.best_value), value: points(d.made_value) }) + why;
}

/**
 * The review summed up: decisions, those with a choice, accuracy (the share of those graded best
 * or good), points lost, and how many got each grade other than best and good.
 * @param {any} review
 */
export function summaryLine(review) {
  const ds = Array.isArray(review?.decisions) ? review.decisions : [];
  const chosen = ds.filter((/** @type {any} */ d) => !d.forced);
  const lost = ds.reduce((/** @type {number} */ a, /** @type {any} */ d) => a + (d.loss ?? 0), 0);
  const good = chosen.filter((/** @type {any} */ d) => d.grade === "best" || d.grade === "good").length;
  const acc = chosen.length ? t("accuracy {share}%", { share: Math.round((100 * good) / chosen.length) }) : t("no choice to make");
  const bad = /** @type {[string, number][]} */ (["inaccuracy", "mistake", "blunder"]
    .map((g) => [g, chosen.filter((/** @type {any} */ d) => d.grade === g).length]))
    .filter(([, n]) => n)
    .map(([g, n]) => counted(g, n));
  const decisions = tn("{n} decision, {chosen} with a choice", "{n} decisions, {chosen} with a choice", ds.length, { chosen: chosen.length });
  const lostWords = t("{lost} points lost", { lost: decimals(lost) });
  return `${decisions}: ${acc}, ${lostWords}${bad.length ? ` (${bad.join(", ")})` : ""}.`;
}

/**
 * How far a review job got, in words.
 * @param {{state: string, done?: number, total?: number | null}} job
 */
export function progressText(job) {
  if (job.state === "queued") return t("Waiting for the reviewer…");
  if (job.total === null || job.total === undefined) return t("Reviewing…");
  return tn("Reviewing: {done} of {n} decision", "Reviewing: {done} of {n} decisions", job.total, { done: job.done ?? 0 });
}

/**
 * The graph of the hand's expected points: at each decision with a choice, the search's value
 * of the best move and of the move made, then the hand's result; x by the step, y by the value
 * (0 drawn as a line). Returns the points in the SVG's units and the two paths.
 * @param {any} review
 * @param {number} width
 * @param {number} height
 * @param {number} [pad]
 */
export function graph(review, width, height, pad = 24) {
  const steps = Math.max(1, (review?.steps?.length ?? 1) - 1);
  /** @type {{at: number, best: number, made: number, grade: string}[]} */
  const raw = [];
  for (const d of review?.decisions ?? []) {
    if (typeof d.made_value === "number" && typeof d.best_value === "number") {
      raw.push({ at: d.index, best: d.best_value, made: d.made_value, grade: d.grade });
    }
  }
  if (typeof review?.value === "number") raw.push({ at: steps, best: review.value, made: review.value, grade: "result" });
  const values = raw.flatMap((p) => [p.best, p.made]).concat([0]);
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  if (hi - lo < 1e-9) { lo -= 1; hi += 1; }
  const x = (/** @type {number} */ at) => pad + ((width - 2 * pad) * at) / steps;
  const y = (/** @type {number} */ v) => pad + ((height - 2 * pad) * (hi - v)) / (hi - lo);
  const pts = raw.map((p) => ({ ...p, x: x(p.at), yBest: y(p.best), yMade: y(p.made) }));
  const path = (/** @type {"yBest" | "yMade"} */ k) => pts.map((p, i) => `${i ? "L" : "M"}${p.x.toFixed(1)},${p[k].toFixed(1)}`).join(" ");
  return { points: pts, best: path("yBest"), made: path("yMade"), zero: y(0), low: lo, high: hi };
}

/**
 * The graph in words, for those who cannot see it: where the expected points started and ended,
 * and the largest drop.
 * @param {any} review
 */
export function graphWords(review) {
  const ds = (review?.decisions ?? []).filter((/** @type {any} */ d) => typeof d.made_value === "number");
  if (!ds.length) return t("No decision with a choice to draw.");
  const worst = ds.reduce((/** @type {any} */ a, /** @type {any} */ d) => (d.loss > a.loss ? d : a));
  const end = typeof review.value === "number" ? ` ${t("The hand ended at {value}.", { value: points(review.value) })}` : "";
  const drop = worst.loss > 0 ? ` ${t("The largest loss was {lost} at step {step}.", { lost: decimals(worst.loss), step: worst.index })}` : "";
  const from = t("Expected points from {first} at the first decision to {last} at the last.", { first: points(ds[0].best_value), last: points(ds[ds.length - 1].made_value) });
  return `${from}${drop}${end}`;
}
