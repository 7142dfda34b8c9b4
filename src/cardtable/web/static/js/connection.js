// @ts-check
/**
 * The live connection of web.md §2: `hello` with the seat's token and the last version seen,
 * snapshots and events kept in order, moves sent with an id and kept until acknowledged (resent
 * with the same id after a reconnect, so a move is never lost nor applied twice), refusals passed
 * on, and a reconnect with growing pauses whenever the socket drops — a page that slept or lost
 * its network comes back to the same seat and the same moment.
 *
 * The socket and the timer are injected, so `node --test` drives it without a browser.
 * @module connection
 */

/**
 * @typedef {{send(data: string): void, close(code?: number): void,
 *   onopen: ((ev?: any) => void) | null, onmessage: ((ev: {data: any}) => void) | null,
 *   onclose: ((ev: {code?: number}) => void) | null, onerror: ((ev?: any) => void) | null}} SocketLike
 * @typedef {{v: number, seat: number | null, view: any, legal: string[], log: string[],
 *   standIns: number[], last: any}} TableState  `last` is the newest message that changed the
 *   state; `standIns` the places in `log` of the moves a bot made for a person (a snapshot's
 *   `stand_ins`, an event's `stand_in`)
 * @typedef {"connecting" | "open" | "reconnecting" | "closed"} Status
 */

/** Close codes after which trying again cannot help (web.md §2). */
export const FATAL_CODES = { 4401: "This seat's token is not valid here.", 4404: "There is no such table." };

export class Connection {
  /**
   * @param {{url: string, token: string | null, player?: string, lang?: string, open: (url: string) => SocketLike,
   *   schedule?: (fn: () => void, ms: number) => any, newId?: () => string,
   *   onState?: (s: TableState, msg: any) => void, onStatus?: (s: Status, why?: string) => void,
   *   onRejected?: (msg: any, action: string | undefined) => void, onAck?: (msg: any) => void,
   *   onOther?: (msg: any) => void}} options
   */
  constructor(options) {
    this.url = options.url;
    this.token = options.token;
    /** @type {string | undefined} a player's token: the seat the player holds at the table (a turn-based table, from any device) */
    this.player = options.player;
    /** @type {string | undefined} the language the table speaks to this connection (`hello`'s `lang`) */
    this.lang = options.lang;
    this.open = options.open;
    this.schedule = options.schedule ?? ((fn, ms) => setTimeout(fn, ms));
    let counter = 0;
    const prefix = Math.random().toString(36).slice(2, 8);
    this.newId = options.newId ?? (() => `c-${prefix}-${++counter}`);
    this.onState = options.onState ?? (() => {});
    this.onStatus = options.onStatus ?? (() => {});
    this.onRejected = options.onRejected ?? (() => {});
    this.onAck = options.onAck ?? (() => {});
    this.onOther = options.onOther ?? (() => {});
    /** @type {TableState} */
    this.state = { v: 0, seat: null, view: null, legal: [], log: [], standIns: [], last: null };
    /** @type {Map<string, {t: "act", v: number, action: string, id: string}>} moves sent and not yet answered */
    this.pending = new Map();
    /** @type {SocketLike | null} */
    this.socket = null;
    /** @type {Status} */
    this.status = "closed";
    this.failures = 0;
    this.stopped = false;
    this.synced = false;
  }

  /** Open the socket (or open it again) and say hello. */
  connect() {
    if (this.stopped) return;
    this.setStatus(this.state.v > 0 ? "reconnecting" : "connecting");
    const socket = this.open(this.url);
    this.socket = socket;
    this.synced = false;
    socket.onopen = () => {
      // the language its person reads the narration and refusals in (docs/languages.md)
      socket.send(JSON.stringify({ t: "hello", token: this.token, v: this.state.v, ...(this.player ? { player: this.player } : {}), ...(this.lang && this.lang !== "en" ? { lang: this.lang } : {}) }));
    };
    socket.onmessage = (ev) => {
      if (socket !== this.socket) return;
      let msg;
      try {
        msg = JSON.parse(String(ev.data));
      } catch {
        return; // not ours to answer: the server speaks JSON
      }
      this.handle(msg);
    };
    socket.onerror = () => {};
    socket.onclose = (ev) => {
      if (socket !== this.socket) return;
      this.socket = null;
      const code = ev?.code ?? 1006;
      if (code in FATAL_CODES) {
        this.stopped = true;
        this.setStatus("closed", /** @type {any} */ (FATAL_CODES)[code]);
        return;
      }
      if (this.stopped) return this.setStatus("closed");
      this.failures += 1;
      this.setStatus("reconnecting");
      this.schedule(() => this.connect(), this.backoff());
    };
  }

  /** The pause before the next attempt: 0.25 s doubling to 8 s. */
  backoff() {
    return Math.min(8000, 250 * 2 ** Math.min(5, this.failures - 1));
  }

  /** Close for good (the page is left). */
  stop() {
    this.stopped = true;
    const s = this.socket;
    this.socket = null;
    s?.close(1000);
    this.setStatus("closed");
  }

  /**
   * @param {Status} status
   * @param {string} [why]
   */
  setStatus(status, why) {
    this.status = status;
    this.onStatus(status, why);
  }

  /**
   * Send a move for this connection's seat; it is kept until the server acknowledges or refuses it.
   * @param {string} action
   * @returns {string} the move's id
   */
  act(action) {
    const msg = { t: /** @type {const} */ ("act"), v: this.state.v, action, id: this.newId() };
    this.pending.set(msg.id, msg);
    if (this.socket && this.synced) this.socket.send(JSON.stringify(msg));
    return msg.id;
  }

  /**
   * Say something at the table (web.md §4). Talk is not kept for later like a move: a text said
   * while the connection is down is not sent, and the caller is told so.
   * @param {string} text
   * @returns {boolean} whether it was sent
   */
  say(text) {
    if (!this.socket || !this.synced) return false;
    this.socket.send(JSON.stringify({ t: "say", text, id: this.newId() }));
    return true;
  }

  /**
   * One message from the server.
   * @param {any} msg
   */
  handle(msg) {
    if (!msg || typeof msg !== "object") return;
    const st = this.state;
    switch (msg.t) {
      case "snapshot":
        this.state = {
          v: msg.v,
          seat: msg.seat ?? null,
          view: msg.view,
          legal: msg.legal ?? [],
          log: Array.isArray(msg.log) ? [...msg.log] : [],
          standIns: Array.isArray(msg.stand_ins) ? msg.stand_ins.filter((/** @type {any} */ i) => Number.isInteger(i)) : [],
          last: msg,
        };
        this.synced = true;
        this.failures = 0;
        this.setStatus("open");
        this.resend();
        this.onState(this.state, msg);
        return;
      case "event":
        if (typeof msg.v !== "number" || msg.v <= st.v) return; // already seen
        if (msg.v !== st.v + 1 && st.v !== 0) {
          // a gap: ask again from what we have
          this.resync();
          return;
        }
        this.state = {
          v: msg.v,
          seat: st.seat ?? (typeof msg.seat === "number" ? msg.seat : null),
          view: msg.view ?? st.view,
          legal: msg.legal ?? [],
          log: [...st.log, msg.action],
          standIns: msg.stand_in ? [...(st.standIns ?? []), st.log.length] : st.standIns ?? [],
          last: msg,
        };
        if (!this.synced) {
          this.synced = true;
          this.failures = 0;
          this.setStatus("open");
          this.resend();
        }
        this.onState(this.state, msg);
        return;
      case "ack":
        this.pending.delete(msg.id);
        this.onAck(msg);
        return;
      case "rejected": {
        const sent = this.pending.get(msg.id);
        this.pending.delete(msg.id);
        this.onRejected(msg, sent?.action);
        return;
      }
      default:
        this.onOther(msg); // messages added to the protocol later (the table's summary, chat)
        return;
    }
  }

  /** Send again every move not yet answered, with its own id (the server applies an id once). */
  resend() {
    if (!this.socket) return;
    for (const msg of this.pending.values()) this.socket.send(JSON.stringify(msg));
  }

  /** Drop the socket and say hello again from the last version seen. */
  resync() {
    const s = this.socket;
    this.socket = null;
    s?.close(4000);
    this.connect();
  }
}
