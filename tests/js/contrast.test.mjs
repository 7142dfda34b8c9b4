import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

const css = readFileSync(new URL("../../src/cardtable/web/static/style.css", import.meta.url), "utf8");
const vars = Object.fromEntries([...css.matchAll(/--([a-z-]+):\s*(#[0-9a-fA-F]{3,6})/g)].map((m) => [m[1], m[2]]));

/** WCAG relative luminance of a #rgb or #rrggbb colour. */
function luminance(hex) {
  let h = hex.slice(1);
  if (h.length === 3) h = [...h].map((c) => c + c).join("");
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const ratio = (a, b) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
};
const color = (name) => (name.startsWith("#") ? name : vars[name]);

test("text on every background of the pages meets WCAG AA (4.5:1)", () => {
  const pairs = [
    ["ink", "felt"], ["ink", "felt-dark"], ["ink", "panel"], ["muted", "panel"], ["muted", "felt"],
    ["accent", "felt"], ["accent", "panel"], ["button-ink", "button"], ["danger", "panel"],
    ["#10261b", "#f4f1e8"], ["#0b4a2e", "#f4f1e8"], ["#ffffff", "#5a1a12"], ["#ffffff", "#7a5a00"], ["#1d1600", "accent"],
  ];
  for (const [fg, bg] of pairs) {
    assert.ok(color(fg) && color(bg), `${fg} on ${bg} is a colour of the style sheet`);
    const r = ratio(color(fg), color(bg));
    assert.ok(r >= 4.5, `${fg} on ${bg}: ${r.toFixed(2)}:1`);
  }
  for (const literal of ["#10261b", "#0b4a2e", "#5a1a12", "#7a5a00", "#1d1600"]) assert.ok(css.includes(literal), literal);
});

test("the four-colour suits stand out from white card faces (3:1 for graphics)", () => {
  const deck = new URL("../../src/cardtable/web/static/cards/", import.meta.url);
  for (const [file, hex] of [["4/10D.svg", "#0072B2"], ["4/10C.svg", "#009E73"]]) {
    const svg = readFileSync(new URL(file, deck), "utf8");
    assert.ok(svg.includes(`"${hex}"`), `${file} is drawn in ${hex}`);
    assert.ok(!/"(blue|green)"/.test(svg), `${file} keeps none of the original blue or green`);
    assert.ok(ratio(hex, "#ffffff") >= 3, hex);
  }
  assert.ok(ratio("#ff0000", "#ffffff") >= 3, "the hearts' red");
});
