// @ts-check
/**
 * The player page's "Notices" (docs/web.md, "Your turn"): whether a turn-based table that waits
 * for the player's move says so by e-mail (to an address the player confirmed, which is added
 * where they sign in) and by a notification on this device (Web Push: the browser's permission,
 * a subscription made with the server's key through the service worker `/static/sw.js`), how
 * often (each turn, or one digest an hour at most), the quiet hours and the time zone they are
 * counted in (this browser's, until the player chooses). Every change goes through
 * `POST /api/players/me/notices/set`; a refusal is shown in its one line.
 * @module notices
 */

import { t, tn, words } from "./i18n.js";

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** @typedef {(path: string, body?: any) => Promise<any>} Call */

/** The time zone this browser lives in (an IANA name), else UTC. */
export function browserZone() {
  try { return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC"; } catch { return "UTC"; }
}

/**
 * The bytes of a base64url text (the server's VAPID public key).
 * @param {string} text
 */
export function fromB64url(text) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}

/** Whether this browser can take notifications from the server at all. */
function pushable() {
  return "serviceWorker" in navigator && "PushManager" in globalThis && "Notification" in globalThis;
}

/** The service worker's registration (registered on first need). */
async function registration() {
  await navigator.serviceWorker.register("/static/sw.js");
  return navigator.serviceWorker.ready;
}

/**
 * Subscribe this browser with the server's key and tell the server; or say why not.
 * @param {Call} call @param {string} token
 */
async function subscribe(call, token) {
  if (!pushable()) throw new Error(t("this browser cannot show notifications from a page"));
  const permission = await Notification.requestPermission();
  if (permission !== "granted") throw new Error(t("notifications are not allowed for this page in the browser"));
  const reg = await registration();
  const { key } = await call("/api/push/key");
  const sub = await reg.pushManager.getSubscription()
    ?? await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromB64url(key) });
  await call("/api/players/me/push", { token, subscription: sub.toJSON() });
}

/**
 * Forget this browser's subscription, here and at the server.
 * @param {Call} call @param {string} token
 */
async function unsubscribe(call, token) {
  if (!pushable()) return;
  const reg = await navigator.serviceWorker.getRegistration("/static/sw.js");
  const sub = await reg?.pushManager.getSubscription();
  if (!sub) return;
  try { await call("/api/players/me/push/remove", { token, endpoint: sub.endpoint }); } catch { /* not kept there */ }
  await sub.unsubscribe();
}

/** @param {number} hour */
const hourText = (hour) => `${String(hour).padStart(2, "0")}:00`;

/**
 * Show the player's preferences in the section.
 * @param {any} p the server's answer
 */
function show(p) {
  /** @type {HTMLInputElement} */ ($("notice-email")).checked = p.email;
  /** @type {HTMLInputElement} */ ($("notice-push")).checked = p.push;
  /** @type {HTMLSelectElement} */ ($("notice-often")).value = p.often;
  /** @type {HTMLSelectElement} */ ($("notice-from")).value = String(p.quiet_from);
  /** @type {HTMLSelectElement} */ ($("notice-to")).value = String(p.quiet_to);
  /** @type {HTMLInputElement} */ ($("notice-zone")).value = p.saved ? p.zone : browserZone();
  $("notice-address").textContent = p.verified_email ? t("(to your confirmed address)")
    : t("(you have no confirmed address yet: add one where you sign in)");
  $("notice-devices").textContent = p.subscriptions ? tn("({n} device takes notifications)", "({n} devices take notifications)", p.subscriptions) : "";
  $("notice-saved").textContent = p.saved ? "" : t("Not saved yet: these are the defaults.");
}

/** The page's fixed words in the language spoken. */
function fixedWords() {
  words("#notices-h", t("Notices"));
  words("#notices-about", t("A word when a turn-based table waits for your move: the game, the deadline and a link to your seat, never your cards."));
  words("#notice-email-l", t("by e-mail"));
  words("#notice-push-l", t("on this device (a notification)"));
  words("#notice-often-l", t("How often"));
  words("#notice-each", t("at each turn"));
  words("#notice-hourly", t("one digest an hour at most"));
  words("#notice-quiet-l", t("Quiet hours, nothing is sent:"));
  words("#notice-from-l", t("from"));
  words("#notice-to-l", t("to"));
  words("#notice-zone-l", t("Time zone"));
  words("#notice-save", t("Save"));
}

/**
 * Draw and wire the "Notices" section for the player whose token is `token`.
 * @param {Call} call @param {string} token
 */
export async function noticesBox(call, token) {
  fixedWords();
  for (const id of ["notice-from", "notice-to"]) {
    $(id).replaceChildren(...Array.from({ length: 24 }, (_, hour) => {
      const o = document.createElement("option");
      o.value = String(hour);
      o.textContent = hourText(hour);
      return o;
    }));
  }
  const zones = /** @type {any} */ (Intl).supportedValuesOf?.("timeZone") ?? [];
  $("notice-zones").replaceChildren(...zones.map((/** @type {string} */ z) => {
    const o = document.createElement("option");
    o.value = z;
    return o;
  }));
  const err = $("notice-err");
  const failed = (/** @type {unknown} */ e) => { err.textContent = t("Could not change it: {why}", { why: /** @type {Error} */ (e).message }); };
  let saved = false;
  /** @param {Record<string, unknown>} change the first change saved also keeps this browser's time zone */
  const save = async (change) => {
    const zone = saved || "zone" in change ? {} : { zone: browserZone() };
    const p = await call("/api/players/me/notices/set", { token, ...zone, ...change })
      .catch(() => call("/api/players/me/notices/set", { token, ...change })); // a zone the server does not know
    err.textContent = "";
    saved = p.saved;
    show(p);
    return p;
  };
  const first = await call("/api/players/me/notices", { token });
  saved = first.saved;
  show(first);
  $("notices").hidden = false;
  if (location.hash === "#notices") $("notices").scrollIntoView();
  const email = /** @type {HTMLInputElement} */ ($("notice-email"));
  email.onchange = () => save({ email: email.checked }).catch(failed);
  const push = /** @type {HTMLInputElement} */ ($("notice-push"));
  push.onchange = async () => {
    try {
      if (push.checked) await subscribe(call, token);
      else await unsubscribe(call, token);
      await save({ push: push.checked });
    } catch (e) {
      push.checked = !push.checked;
      failed(e);
    }
  };
  /** @type {HTMLFormElement} */ ($("notice-form")).onsubmit = async (ev) => {
    ev.preventDefault();
    try {
      await save({
        often: /** @type {HTMLSelectElement} */ ($("notice-often")).value,
        quiet_from: Number(/** @type {HTMLSelectElement} */ ($("notice-from")).value),
        quiet_to: Number(/** @type {HTMLSelectElement} */ ($("notice-to")).value),
        zone: /** @type {HTMLInputElement} */ ($("notice-zone")).value.trim(),
      });
      $("notice-saved").textContent = t("Saved.");
    } catch (e) { failed(e); }
  };
}
