// What the table page marks at each seat, for views given on standard input (a JSON list of
// {game, view, me}): every seat's marks (`seatMarks`), the reader's own line and "who am I". Run
// by tests/sheepshead/test_page_roles.py, which holds each label to what the reader's view allows.
import { readFileSync } from "node:fs";
import "./games.mjs";
import { seatMarks } from "../../src/cardtable/web/static/js/dom.js";
import { seatCount, whoAmI } from "../../src/cardtable/web/static/js/format.js";

const asked = JSON.parse(readFileSync(0, "utf8"));
const out = asked.map(({ game, view, me }) => {
  const { facts, own } = seatMarks(game, view, seatCount(game), me);
  return { marks: facts.map((f) => f.marks), own, who: whoAmI(game, view, me, []) };
});
process.stdout.write(JSON.stringify(out));
