// @ts-check
/**
 * What the pages draw of Sheepshead their own way (`games.js`): five seats, each for himself; the
 * hand held with the fourteen trumps first (R4) and the fail suits after (R5); the picker, the
 * partner once known and a crack marked at the seats, the cards each holds counted from the view
 * (the picker holds the blind until the bury); the pick, the call, the blind and the bury above
 * the trick; each seat's role as the reader may know it; and the end of a hand in Sheepshead's
 * words (the picker's side's points, schneider or schwarz, the multiplier, a leaster, a doubler).
 *
 * Served at `/static/games/sheepshead/game.js`; it imports nothing: `game(kit)` is handed the
 * pages' generic helpers (`gameload.js`).
 * @module sheepshead
 */

/** R4: the fourteen trumps, highest first. */
export const TRUMPS = ["QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AD", "10D", "KD", "9D", "8D", "7D"];
/** R5: the fail suits' order, highest first. */
const FAIL = ["A", "10", "K", "9", "8", "7"];

/**
 * @param {any} kit the exports of the pages' cards, format and dom modules
 * @returns {import("../../../web/static/js/games.js").GameParts}
 */
export function game(kit) {
  const { parseCard, prettyCard, seatName, suitOrder, sortBy, trumpWords, joinAnd, plus, cap, num, t } = kit;
  /** A played hand's outcome for the picker's side (the engine's `outcome`), in words. */
  const OUTCOMES = /** @type {Record<string, () => string>} */ ({
    "all tricks": () => t("all tricks"), schneider: () => t("schneider"), win: () => t("win"),
    loss: () => t("loss"), schneidered: () => t("schneidered"), "no trick": () => t("no trick"),
  });

  /**
   * A side's label in the reader's language (the labels are worked out in English, then said).
   * @param {string} label
   */
  function said(label) {
    switch (label) {
      case "picker": return t("picker");
      case "picker (you)": return t("picker (you)");
      case "picker's partner": return t("picker's partner");
      case "the picker's partner": return t("the picker's partner");
      case "picker's partner (you)": return t("picker's partner (you)");
      case "picker's partner (you, secret)": return t("picker's partner (you, secret)");
      case "picker's partner (secret)": return t("picker's partner (secret)");
      case "defender": return t("defender");
      case "defender (you)": return t("defender (you)");
      case "cracked": return t("cracked");
      default: return label;
    }
  }

  /**
   * The fourteen trumps first in their order, then clubs, spades, hearts by rank.
   * @param {string[]} hand
   */
  function sortHand(hand) {
    const cards = hand.map((t) => ({ t, c: parseCard(t) }));
    const present = [...new Set(cards.flatMap(({ c }) => (c ? [c.suit] : [])))];
    const fail = present.filter((s) => s !== "D");
    const trumps = (/** @type {string} */ t) => TRUMPS.indexOf(t);
    const failSuits = suitOrder(null, fail.filter((s) => cards.some(({ t, c }) => c?.suit === s && trumps(t) < 0)));
    /** @param {{t: string, c: any}} x */
    const key = ({ t, c }) => {
      const norm = c ? c.rank + c.suit : t;
      const i = trumps(norm);
      if (i >= 0) return [0, i];
      if (!c) return [9, 0];
      return [1 + failSuits.indexOf(c.suit), FAIL.indexOf(c.rank)];
    };
    return sortBy(cards, key);
  }

  /**
   * Cards a seat holds, counted from the view: dealt less played (the picker holds the blind
   * until the bury).
   * @param {any} view
   * @param {number} seat
   */
  function held(view, seat) {
    if (Array.isArray(view.hand_sizes)) return view.hand_sizes[seat];
    const played = Array(5).fill(0);
    for (const t of view.tricks ?? []) (t.cards ?? []).forEach((/** @type {any} */ _c, /** @type {number} */ i) => { played[(t.leader + i) % 5] += 1; });
    const trick = view.trick ?? {};
    if (typeof trick.leader === "number") (trick.cards ?? []).forEach((/** @type {any} */ _c, /** @type {number} */ i) => { played[(trick.leader + i) % 5] += 1; });
    const holding = view.phase === "bury";
    const me = view.seat;
    if (typeof me !== "number") return null;
    const dealt = (view.hand ?? []).length + played[me] - (holding && view.picker === me ? 2 : 0);
    if (seat === me) return (view.hand ?? []).length;
    return dealt - played[seat] + (holding && seat === view.picker ? 2 : 0);
  }

  /**
   * The called card ("AH", "10S", "JD"; the ace of the suit for the unknown call, R35a), or null
   * when the picker called none.
   * @param {any} call
   */
  function calledCard(call) {
    if (!call) return null;
    if (call.kind === "jack_of_diamonds") return "JD";
    if ((call.kind === "ace" || call.kind === "unknown") && call.suit) return `A${call.suit}`;
    if (call.kind === "ten" && call.suit) return `10${call.suit}`;
    return null;
  }

  /**
   * Whether the called card has been played (so that the partner is known to all).
   * @param {any} view
   */
  function calledPlayed(view) {
    const card = calledCard(view?.call);
    if (!card) return true;
    const played = [...(view.tricks ?? []).flatMap((/** @type {any} */ t) => t.cards ?? []), ...(view.trick?.cards ?? [])];
    return played.includes(card);
  }

  /** The phases after the call, when each seat knows whether it holds the called card. */
  const CALLED = ["crack", "recrack", "play", "done", "over"];

  /**
   * A seat's side as the reader's view shows it, and no more (R22): "picker"; "picker's partner"
   * once the reader knows who it is (the partner himself, everyone once the called card is
   * played, anyone when the picker plays alone); "defender" for the others once the partner is
   * known to the reader (or there is none); and, while the partner is hidden, "defender" only for
   * the reader himself after the call (he knows he does not hold the called card). The picker does
   * not know his partner until the called card shows, so until then the other seats have no side
   * to him; "" when nothing is known.
   * @param {any} view
   * @param {number} seat
   * @param {number | null} me
   */
  function sides(view, seat, me) {
    const picker = view?.picker;
    if (typeof picker !== "number") return "";
    if (seat === picker) return seat === me ? "picker (you)" : "picker";
    if (view?.partner_known) {
      if (seat === view.partner) return seat === me ? `picker's partner (you${calledPlayed(view) ? "" : ", secret"})` : "picker's partner";
      return seat === me ? "defender (you)" : "defender";
    }
    if (seat === me && CALLED.includes(String(view?.phase))) return "defender (you)";
    return "";
  }

  /**
   * A seat's side as the reader's view shows it (`sides`), in the reader's language.
   * @param {any} view
   * @param {number} seat
   * @param {number | null} me
   */
  const relation = (view, seat, me) => said(sides(view, seat, me));

  return {
    title: t("Sheepshead"),
    seats: 5,
    sortHand,
    relation,

    whoAmI(view, me, names, head) {
      const role = sides(view, me, me).replace(/ \(you.*\)$/, "").replace(/^picker's partner$/, "the picker's partner");
      const secret = /secret/.test(sides(view, me, me)) ? ` (${t("secret")})` : "";
      return role ? `${head} · ${said(role)}${secret}` : head;
    },

    ownRole: (view, me) => said(sides(view, me, me).replace(" (you)", "").replace("(you, ", "(")),

    seatFacts(view, s, fact) {
      if (s === view.picker) fact.marks.push(t("picker"));
      if (view.partner_known && s === view.partner) fact.marks.push(t("picker's partner"));
      if (view.cracks && s === view.cracker) fact.marks.push(t("cracked"));
      fact.held = held(view, s);
    },

    infoLines(view, names, ended, me) {
      const out = [];
      if (view.picker !== null && view.picker !== undefined) out.push(t("Picker: {who}", { who: seatName(view.picker, me, names) }));
      else if (view.phase === "pick") out.push(t("Passes so far: {n}", { n: view.passes ?? 0 }));
      const call = view.call;
      if (call && call.kind) {
        const kind = call.kind === "ace" ? t("ace") : call.kind === "ten" ? t("ten") : call.kind === "unknown" ? t("unknown") : String(call.kind).replace(/_/g, " ");
        const jack = t("jack of diamonds");
        out.push(call.suit ? t("Called the {kind} of {suit}", { kind, suit: trumpWords(call.suit) }) : t("Call: {kind}", { kind: call.kind === "jack_of_diamonds" ? jack : kind }));
      }
      if (view.blind?.length && view.phase !== "done") out.push(t("Blind: {cards}", { cards: view.blind.map(prettyCard).join(" ") }));
      if (view.bury?.length) out.push(t("Buried: {cards}", { cards: view.bury.map(prettyCard).join(" ") }));
      if (view.pending_doublers) out.push(t("Doublers pending: {n}", { n: view.pending_doublers }));
      return out;
    },

    summary(hand, me, names) {
      const d = hand.details ?? {};
      const who = (/** @type {number} */ s) => seatName(s, me, names);
      if (hand.result === "leaster") {
        const seats = /** @type {number[]} */ (d.winners ?? []);
        const winners = joinAnd(seats.map(who));
        const taken = (d.points ?? []).map((/** @type {number} */ p, /** @type {number} */ s) => `${who(s)} ${num(p)}`).join(", ");
        return [seats.length === 1 && seats[0] === me ? t("Leaster: nobody picked; you win with the fewest points.")
          : seats.length === 1 ? t("Leaster: nobody picked; {who} wins with the fewest points.", { who: winners })
          : t("Leaster: nobody picked; {who} win with the fewest points.", { who: winners }),
          t("Points taken: {points}.", { points: taken })];
      }
      if (hand.result === "doubler") return [t("Nobody picked: a doubler, the next hand counts double.")];
      const side = d.alone || d.partner === null || d.partner === undefined ? t("{who} alone", { who: who(d.picker) }) : t("{who} and {partner}", { who: who(d.picker), partner: who(d.partner) });
      const outcome = OUTCOMES[String(d.outcome ?? "")]?.() ?? String(d.outcome ?? "").replace(/_/g, " ");
      const parts = { side: cap(side), picker: num(d.picker_points), defenders: num(d.defender_points), outcome, times: num(d.multiplier) };
      const lines = [d.multiplier > 1 ? t("{side}: {picker} to {defenders}, {outcome} (×{times}).", parts) : t("{side}: {picker} to {defenders}, {outcome}.", parts)];
      if (d.picker_tricks === 0) lines.push(t("The picker's side took no trick."));
      lines.push(t("Scores: {scores}.", { scores: hand.score.map((/** @type {number} */ p, /** @type {number} */ s) => `${who(s)} ${plus(p)}`).join(", ") }));
      return lines;
    },
  };
}
