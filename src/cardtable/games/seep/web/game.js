// @ts-check
/**
 * What the pages draw of Seep their own way (`games.js`): the floor in the middle, its loose cards
 * and houses each a piece to pick (a move is built from a hand card and floor pieces, so a card is
 * never played by one click), the hand held low to high (values are added), the bidder and the
 * last capture marked, the captured piles and the match's lead and baazis, sweeps, and the end of
 * a hand in Seep's words.
 *
 * Served at `/static/games/seep/game.js`; it imports nothing: `game(kit)` is handed the pages'
 * generic helpers (`gameload.js`).
 * @module seep
 */

/**
 * @param {any} kit the exports of the pages' cards, format and dom modules
 * @returns {import("../../../web/static/js/games.js").GameParts}
 */
export function game(kit) {
  const { h, cardImg, cardWords, prettyCard, seatName, teamName, teamPair, num, sortBySuit, RANKS, t } = kit;

  /**
   * A house in words: "house of 11 (cemented), owned by you: 5♣+6♥ | J♥".
   * @param {{value: number, sets: string[][], owners: number[]}} house
   * @param {number | null} me
   * @param {string[]} [names]
   */
  function houseWords(house, me, names = []) {
    const owners = house.owners.map((o) => seatName(o, me, names)).join(", ");
    const sets = house.sets.map((s) => s.map(prettyCard).join("+")).join(" | ");
    const params = { value: house.value, owners, sets };
    return house.sets.length > 1 ? t("house of {value} (cemented), owned by {owners}: {sets}", params) : t("house of {value} (open), owned by {owners}: {sets}", params);
  }

  /**
   * The floor: loose cards and houses, each a piece that may be picked.
   * @param {any} view
   * @param {string[]} names
   * @param {{live?: Set<string>, picked?: string[], onPick?: (piece: string) => void, active?: boolean}} [pick]
   */
  function floorBox(view, names, pick = {}) {
    const me = typeof view.seat === "number" ? view.seat : null;
    const floor = view.floor ?? {};
    const items = [];
    const cls = (/** @type {string} */ piece) => {
      if (!pick.active) return "piece";
      if (pick.picked?.includes(piece)) return "piece picked";
      return pick.live?.has(piece) ? "piece live" : "piece dead";
    };
    for (const c of floor.loose ?? []) {
      items.push(h("button", { class: cls(c), "data-piece": c, "aria-pressed": pick.picked?.includes(c) ? "true" : "false",
        "aria-label": t("loose {card}", { card: cardWords(c) }), disabled: pick.active ? null : true, onclick: () => pick.onPick?.(c) }, [cardImg(c, "")]));
    }
    for (const house of floor.houses ?? []) {
      const piece = `H${house.value}`;
      // the name read out starts with the words shown (WCAG 2.5.3), then the cards in words
      const owners = house.owners.map((/** @type {number} */ o) => seatName(o, me, names)).join(", ");
      const shown = house.sets.length > 1 ? t("House {value} · cemented · {owners}", { value: house.value, owners }) : t("House {value} · {owners}", { value: house.value, owners });
      items.push(h("button", { class: `${cls(piece)} house`, "data-piece": piece, "aria-label": `${shown}: ${houseWords(house, me, names)}`,
        "aria-pressed": pick.picked?.includes(piece) ? "true" : "false", disabled: pick.active ? null : true, onclick: () => pick.onPick?.(piece) }, [
        h("span", { class: "label", text: shown }),
        h("span", { class: "sets" }, house.sets.map((/** @type {string[]} */ set) => h("span", { class: "set" }, set.map((c) => cardImg(c, ""))))),
      ]));
    }
    if (floor.hidden) for (let i = 0; i < floor.hidden; i++) items.push(h("span", { class: "piece" }, [cardImg(null, "")]));
    if (!items.length) items.push(h("span", { class: "muted", text: t("The floor is empty.") }));
    return h("div", { class: "floor", role: "group", "aria-label": t("the floor") }, items);
  }

  return {
    title: t("Seep"),
    seats: 4,
    partnerships: true,
    oneClickPlay: false,
    prompt: t("Your move: pick a card of your hand, then floor items."),
    middleWords: t("the floor"),
    houseWords,
    middle: floorBox,

    // suits in alternating colours, low to high (a card's value, ace 1 to king 13, is added)
    sortHand: (hand) => sortBySuit(hand, null, RANKS),

    pieces(view) {
      return [...(view.floor?.loose ?? []), ...(view.floor?.houses ?? []).map((/** @type {any} */ house) => `H${house.value}`)];
    },

    seatFacts(view, s, fact) {
      if (view.dealer !== undefined && s === (view.dealer + 1) % 4) fact.marks.push(view.bid ? t("bid {n}", { n: view.bid }) : t("bidder"));
      if (s === view.last_capture) fact.marks.push(t("took last"));
    },

    infoLines(view, names, ended, me) {
      const out = [];
      if (view.bid) out.push(t("Bid {bid} by {who}", { bid: view.bid, who: seatName((view.dealer + 1) % 4, me, names) }));
      const piles = view.piles ?? [[], []];
      const sweeps = view.sweeps ?? [0, 0];
      const order = me !== null && me % 2 === 1 ? [1, 0] : [0, 1];
      const captured = order.map((team) => `${teamName(team, me, names)} ${piles[team].length}${sweeps[team] ? ` (${t("sweep points {n}", { n: sweeps[team] })})` : ""}`).join(", ");
      out.push(t("Captured: {piles}", { piles: captured }));
      const m = ended ?? view.match ?? {};
      if (typeof m.difference === "number") {
        const baazis = teamPair(m.baazis ?? [0, 0], me, names, num);
        const lead = Math.abs(m.difference);
        out.push(m.difference
          ? t("Lead {n} to {team} · baazis: {baazis}", { n: lead, team: teamName(m.difference > 0 ? 0 : 1, me, names), baazis })
          : t("Lead {n} · baazis: {baazis}", { n: lead, baazis }));
      }
      return out;
    },

    // the sweeps so far, both teams: one more is marked at the seat that made it
    sweeps: (view) => (view?.sweeps ?? [0, 0]).reduce((/** @type {number} */ a, /** @type {number} */ b) => a + b, 0),

    summary(hand, me, names) {
      const d = hand.details ?? {};
      const side = (/** @type {number} */ t) => teamName(t, me, names);
      const tot = d.totals ?? [0, 0];
      const sweeps = d.sweeps ?? [0, 0];
      const lines = [t("Points: {first} {a}, {second} {b}.", { first: side(0), a: num(tot[0]), second: side(1), b: num(tot[1]) })];
      const sw = [0, 1].filter((t) => sweeps[t]).map((t) => `${side(t)} ${num(sweeps[t])}`);
      if (sw.length) lines.push(t("Sweep points: {sides}.", { sides: sw.join(", ") }));
      if (Array.isArray(d.card_points)) {
        const bonus = (d.majority_bonus ?? [0, 0]).map(num).join("–");
        lines.push(t("Card points {a}–{b}; majority bonus {bonus}.", { a: num(d.card_points[0]), b: num(d.card_points[1]), bonus }));
      }
      const baazi = d.baazi; // {team, why} (the engine's details), or null
      if (baazi !== null && baazi !== undefined && (baazi.team === 0 || baazi.team === 1)) {
        const why = baazi.why === "nine_point_rule" ? t("the other side took fewer than 9 points") : t("the lead");
        lines.push(me !== null && baazi.team === me % 2 ? t("A baazi to you ({why})! The lead starts again from 0.", { why })
          : t("A baazi to {team} ({why})! The lead starts again from 0.", { team: side(baazi.team), why }));
      } else if (typeof d.difference_after === "number") {
        const n = num(Math.abs(d.difference_after));
        const ahead = d.difference_after > 0 ? 0 : 1;
        lines.push(!d.difference_after ? t("The lead is now {n}.", { n })
          : me !== null && ahead === me % 2 ? t("The lead is now {n} to you.", { n }) : t("The lead is now {n} to {team}.", { n, team: side(ahead) }));
      }
      return lines;
    },
  };
}
