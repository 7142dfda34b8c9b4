// @ts-check
/**
 * A rating's history drawn as a chart, in SVG made here (no library, no build step): the rating
 * after each hand as a line, its range (mean ± two deviations) as a band around it, the lowest
 * and highest values and the first and last hand's numbers on the axes. The picture is an image
 * with a title and a one-line description for screen readers, and the page gives the same points
 * as a table beside it (`historyTable`), so nothing is only in the picture.
 * @module chart
 */

import { h } from "./dom.js";
import { language, t } from "./i18n.js";
import { fixed } from "./standing.js";

const SVG = "http://www.w3.org/2000/svg";
const W = 400;
const H = 170;
const PAD = { left: 40, right: 8, top: 10, bottom: 24 };

/**
 * @param {string} tag
 * @param {Record<string, string | number>} [attrs]
 * @param {(Node | string)[]} [children]
 */
function svg(tag, attrs = {}, children = []) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  for (const c of children) el.append(c);
  return el;
}

/**
 * Where the chart's values fall: the lowest and highest of every range, widened a little and to
 * whole numbers, so the band never touches the frame.
 * @param {{low: number, high: number}[]} points
 * @returns {[number, number]}
 */
export function scale(points) {
  const lo = Math.min(...points.map((p) => p.low));
  const hi = Math.max(...points.map((p) => p.high));
  const pad = Math.max(1, (hi - lo) * 0.05);
  return [Math.floor(lo - pad), Math.ceil(hi + pad)];
}

/**
 * The chart of one game's rating history.
 * @param {{first: number, hands: number, points: {rating: number, low: number, high: number}[]}} history
 * @param {string} id a unique id for the title and description
 * @param {string} what the game's title, for the description
 * @returns {Element}
 */
export function ratingChart(history, id, what) {
  const pts = history.points;
  const [lo, hi] = scale(pts);
  const n = pts.length;
  const x = (/** @type {number} */ i) => PAD.left + (n === 1 ? (W - PAD.left - PAD.right) / 2 : (i * (W - PAD.left - PAD.right)) / (n - 1));
  const y = (/** @type {number} */ v) => PAD.top + ((hi - v) * (H - PAD.top - PAD.bottom)) / (hi - lo);
  const line = pts.map((p, i) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(" ");
  const band = [...pts.map((p, i) => `${x(i).toFixed(1)},${y(p.high).toFixed(1)}`),
    ...pts.map((p, i) => `${x(i).toFixed(1)},${y(p.low).toFixed(1)}`).reverse()].join(" ");
  const last = pts[n - 1];
  const from = history.first;
  const to = history.first + n - 1;
  const desc = t("{what}: the rating went from {first} after hand {from} to {last} after hand {to}; its range is now {low} to {high}.", {
    what, first: fixed(pts[0].rating), from, to, last: fixed(last.rating), low: fixed(last.low), high: fixed(last.high),
  });
  const axis = (/** @type {number} */ v) => svg("text", { x: PAD.left - 6, y: y(v) + 4, "text-anchor": "end", class: "axis" }, [fixed(v)]);
  return svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-labelledby": `${id}-t ${id}-d`, class: "chart", id }, [
    svg("title", { id: `${id}-t` }, [t("Rating history, {what}", { what })]),
    svg("desc", { id: `${id}-d` }, [desc]),
    svg("rect", { x: PAD.left, y: PAD.top, width: W - PAD.left - PAD.right, height: H - PAD.top - PAD.bottom, class: "frame" }),
    svg("polygon", { points: band, class: "band" }),
    ...(n === 1 // one hand: its range as a bar, the rating as a dot on it
      ? [svg("rect", { x: x(0) - 6, y: y(last.high), width: 12, height: y(last.low) - y(last.high), class: "band" }),
        svg("circle", { cx: x(0), cy: y(last.rating), r: 4, class: "dot" })]
      : [svg("polyline", { points: line, class: "line" })]),
    axis(hi), axis(lo),
    svg("text", { x: PAD.left, y: H - 8, class: "axis" }, [t("hand {n}", { n: from })]),
    svg("text", { x: W - PAD.right, y: H - 8, "text-anchor": "end", class: "axis" }, [t("hand {n}", { n: to })]),
  ]);
}

/**
 * The same history as a table (the chart's text alternative), newest first.
 * @param {{first: number, points: {at: number, rating: number, low: number, high: number}[]}} history
 */
export function historyTable(history) {
  const rows = history.points.map((p, i) => h("tr", {}, [
    h("td", { text: String(history.first + i) }),
    h("td", { text: new Date(p.at * 1000).toLocaleDateString(language()) }),
    h("td", { text: fixed(p.rating) }),
    h("td", { text: `${fixed(p.low)} – ${fixed(p.high)}` }),
  ])).reverse();
  return h("table", { class: "board" }, [
    h("thead", {}, [h("tr", {}, [t("Hand"), t("Date"), t("Rating"), t("Range")].map((words) => h("th", { scope: "col", text: words })))]),
    h("tbody", {}, rows),
  ]);
}
