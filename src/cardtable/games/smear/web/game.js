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
  const { prettyCard, seatName, teamName, teamPair, trumpWords, joinAnd, plus, num, t, tn } = kit;
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
      if (hand.result === "passed_out") return [t("Everyone passed: the hand is dealt again.")];
      const pts = d.points ?? {};
      /** @type {Record<string, string[]>} */
      const byTeam = { 0: [], 1: [] };
      const label = {
        high: d.high_card ? t("High {card}", { card: prettyCard(d.high_card) }) : t("High"),
        low: d.low_card ? t("Low {card}", { card: prettyCard(d.low_card) }) : t("Low"),
        jack: t("Jack"),
        game: Array.isArray(d.game_counts) ? t("Game {a}–{b}", { a: num(d.game_counts[0]), b: num(d.game_counts[1]) }) : t("Game"),
      };
      for (const k of ["high", "low", "jack", "game"]) {
        if (pts[k] === 0 || pts[k] === 1) byTeam[pts[k]].push(/** @type {any} */ (label)[k]);
      }
      const parts = [0, 1]
        .filter((t) => byTeam[t].length)
        .map((team) => me !== null && team === me % 2 ? t("{points} to you", { points: joinAnd(byTeam[team]) })
          : t("{points} to {team}", { points: joinAnd(byTeam[team]), team: teamName(team, me, names) }));
      const bidTeam = typeof d.bidder === "number" ? d.bidder % 2 : null;
      const tp = Array.isArray(d.team_points) ? d.team_points : [0, 0];
      let head = parts.join("; ") || t("No points");
      if (bidTeam !== null && me !== null) {
        const mine = me % 2;
        head = t("{head}: {ours} to you, {theirs} to them", { head, ours: tn("{n} point", "{n} points", tp[mine]), theirs: num(tp[1 - mine]) });
      }
      if (bidTeam !== null) {
        const bid = { head, bid: num(d.bid), who: who(d.bidder) };
        if (d.bidder === me) head = d.made ? t("{head}; bid {bid} by you made", bid) : t("{head}; bid {bid} by you set", bid);
        else head = d.made ? t("{head}; bid {bid} by {who} made", bid) : t("{head}; bid {bid} by {who} set", bid);
      }
      const lines = [t("{head}.", { head })];
      if (Array.isArray(d.change)) lines.push(t("Score change: {scores}.", { scores: teamPair(d.change, me, names, plus) }));
      if (Array.isArray(d.scores)) lines.push(t("Match: {scores}.", { scores: teamPair(d.scores, me, names) }));
      return lines;
    },
  };
}
