// @ts-check
/**
 * What the pages draw of Four-Point Smear their own way (`games.js`): the bids marked at the seats,
 * the trick as the view keeps it, trump, the bid, the kitty and the match, and the end of a hand
 * in Smear's words (High, Low, Jack and Game, the bid made or set). The hand is held the generic
 * way: trump first once it is known, suits in alternating colours, ace high, no jick.
 *
 * Served at `/static/games/smear/game.js`; it imports nothing: `game(kit)` is handed the pages'
 * generic helpers (`gameload.js`).
 * @module smear
 */

/**
 * @param {any} kit the exports of the pages' cards, format and dom modules
 * @returns {import("../../../web/static/js/games.js").GameParts}
 */
export function game(kit) {
  const { prettyCard, seatName, teamName, teamPair, trumpWords, joinAnd, plus, t } = kit;
  return {
    title: t("Four-Point Smear"),
    seats: 4,
    partnerships: true,

    seatFacts(view, s, fact) {
      if (s === view.bidder) fact.marks.push(t("bid {n}", { n: view.bid }));
      else if (view.phase === "auction") {
        const said = (view.auction ?? []).filter((/** @type {any} */ a) => a.seat === s).at(-1);
        if (said) fact.marks.push(said.call === "pass" ? t("pass") : t("bid {n}", { n: String(said.call).replace(/^bid /, "") }));
      }
    },

    trick: (view) => ({ leader: view.leader, cards: view.trick ?? [] }),

    infoLines(view, names, ended, me) {
      const out = [];
      if (view.trump) out.push(t("Trump {suit}", { suit: trumpWords(view.trump) }));
      if (view.bidder !== null && view.bidder !== undefined) out.push(t("Bid {bid} by {who}", { bid: view.bid, who: seatName(view.bidder, me, names) }));
      if (view.kitty) out.push(t("Kitty: {cards}", { cards: view.kitty.map(prettyCard).join(" ") }));
      const scores = Array.isArray(ended?.scores) ? ended.scores : view.scores;
      if (Array.isArray(scores)) out.push(t("Match: {scores}", { scores: teamPair(scores, me, names) }));
      return out;
    },

    summary(hand, me, names) {
      const d = hand.details ?? {};
      const who = (/** @type {number} */ s) => seatName(s, me, names);
      if (hand.result === "passed_out") return ["Everyone passed: the hand is dealt again."];
      const pts = d.points ?? {};
      /** @type {Record<string, string[]>} */
      const byTeam = { 0: [], 1: [] };
      const label = {
        high: `High${d.high_card ? " " + prettyCard(d.high_card) : ""}`,
        low: `Low${d.low_card ? " " + prettyCard(d.low_card) : ""}`,
        jack: "Jack",
        game: `Game${Array.isArray(d.game_counts) ? ` ${d.game_counts[0]}–${d.game_counts[1]}` : ""}`,
      };
      for (const k of ["high", "low", "jack", "game"]) {
        if (pts[k] === 0 || pts[k] === 1) byTeam[pts[k]].push(/** @type {any} */ (label)[k]);
      }
      const parts = [0, 1]
        .filter((t) => byTeam[t].length)
        .map((t) => `${joinAnd(byTeam[t])} to ${teamName(t, me, names)}`);
      const bidTeam = typeof d.bidder === "number" ? d.bidder % 2 : null;
      const tp = Array.isArray(d.team_points) ? d.team_points : [0, 0];
      let head = parts.join("; ") || "No points";
      if (bidTeam !== null && me !== null) {
        const mine = me % 2;
        head += `: ${tp[mine]} point${tp[mine] === 1 ? "" : "s"} to you, ${tp[1 - mine]} to them`;
      }
      if (bidTeam !== null) head += `; bid ${d.bid} by ${who(d.bidder)} ${d.made ? "made" : "set"}`;
      const lines = [head + "."];
      if (Array.isArray(d.change)) lines.push(`Score change: ${teamPair(d.change, me, names, plus)}.`);
      if (Array.isArray(d.scores)) lines.push(`Match: ${teamPair(d.scores, me, names)}.`);
      return lines;
    },
  };
}
