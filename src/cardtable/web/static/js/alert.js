// @ts-check
/**
 * Your turn, unmissable: a short beep (WebAudio), a vibration on phones that have one, the tab's
 * title and icon while it is your turn, and whether played cards move. Each is a switch kept in
 * the browser; the sound is off until switched on, and under `prefers-reduced-motion` the
 * vibration, the blinking title and the motion start off too. The choice of switches is pure and
 * tested by `node --test`; the effects are small and run only in the browser.
 * @module alert
 */

/** @typedef {{sound: boolean, vibrate: boolean, title: boolean, motion: boolean}} Settings */
/** @typedef {{getItem(k: string): string | null, setItem(k: string, v: string): void}} StorageLike */

/** The switches and their words on the page. */
export const SWITCHES = /** @type {const} */ ([
  ["sound", "a sound on your turn"],
  ["vibrate", "vibrate on your turn"],
  ["title", "the tab's title and icon on your turn"],
  ["motion", "cards move"],
]);

const KEY = "cardtable:settings";

/**
 * The switches as this browser has them: the stored choice, else the default (sound off; the
 * others on unless the person asked for reduced motion).
 * @param {StorageLike | null} store
 * @param {boolean} reduced whether `prefers-reduced-motion: reduce` holds
 * @returns {Settings}
 */
export function settings(store, reduced) {
  /** @type {Record<string, unknown>} */
  let got = {};
  try {
    const parsed = JSON.parse(store?.getItem(KEY) ?? "{}");
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) got = parsed;
  } catch {
    got = {};
  }
  const pick = (/** @type {string} */ k, /** @type {boolean} */ d) => (typeof got[k] === "boolean" ? /** @type {boolean} */ (got[k]) : d);
  return { sound: pick("sound", false), vibrate: pick("vibrate", !reduced), title: pick("title", true), motion: pick("motion", !reduced) };
}

/**
 * Remember one switch.
 * @param {StorageLike | null} store
 * @param {boolean} reduced
 * @param {keyof Settings} key
 * @param {boolean} on
 * @returns {Settings}
 */
export function setSetting(store, reduced, key, on) {
  const next = { ...settings(store, reduced), [key]: on };
  try {
    store?.setItem(KEY, JSON.stringify(next));
  } catch {
    /* a browser that keeps nothing: for this page only */
  }
  return next;
}

/**
 * The tab's title: marked while it is your turn.
 * @param {string} base
 * @param {boolean} myTurn
 */
export function turnTitle(base, myTurn) {
  return myTurn ? `▶ Your turn · ${base}` : base;
}

/** @type {AudioContext | null} */
let audio = null;
let beeps = 0;
// for the browser tests: how many beeps were played
Object.defineProperty(globalThis, "cardtableBeeps", { get: () => beeps, configurable: true });

/** Make the page able to sound (browsers allow audio only after a person's gesture). */
export function unlockSound() {
  try {
    audio ??= new AudioContext();
    if (audio.state === "suspended") audio.resume();
  } catch {
    audio = null;
  }
}

/** A short two-note beep. */
export function beep() {
  unlockSound();
  if (!audio) return;
  beeps += 1;
  const t = audio.currentTime;
  for (const [i, f] of [660, 880].entries()) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = f;
    gain.gain.setValueAtTime(0.0001, t + i * 0.12);
    gain.gain.exponentialRampToValueAtTime(0.2, t + i * 0.12 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + i * 0.12 + 0.11);
    osc.connect(gain).connect(audio.destination);
    osc.start(t + i * 0.12);
    osc.stop(t + i * 0.12 + 0.12);
  }
}

/**
 * Tell the person it is now their turn, as the switches say.
 * @param {Settings} s
 */
export function turnStarts(s) {
  if (s.sound) beep();
  if (s.vibrate && typeof navigator !== "undefined" && "vibrate" in navigator) {
    try {
      navigator.vibrate([120, 60, 120]);
    } catch {
      /* not allowed here */
    }
  }
}

/**
 * The tab's title and icon for whether it is the person's turn.
 * @param {Settings} s
 * @param {string} base
 * @param {boolean} myTurn
 */
export function showTurn(s, base, myTurn) {
  const on = s.title && myTurn;
  document.title = turnTitle(base, on);
  const icon = /** @type {HTMLLinkElement | null} */ (document.querySelector("link[rel=icon]"));
  if (icon) icon.href = on ? "/static/favicon-turn.svg" : "/static/favicon.svg";
}
