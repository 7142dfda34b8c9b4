// @ts-check
/**
 * The player page's "Devices and sign-in" section: the player's e-mail address (confirmed or not;
 * setting it sends a link to confirm it), the passkeys to sign in with on another device (add one
 * here, remove one), and the devices signed in (the sessions, this one marked), each of which can
 * be ended (`cardtable.web.accounts`).
 * @module devices
 */

import { h } from "./dom.js";
import { language, load as loadLanguage, t } from "./i18n.js";
import { createPasskey, passkeysHere, post } from "./passkey.js";

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** @param {number | null} at seconds since the epoch */
const when = (at) => at === null ? t("never") : new Date(at * 1000).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** @param {string} text */
function say(text) { $("devmsg").textContent = text; $("deverr").textContent = ""; }
/** @param {unknown} e */
function fail(e) { $("deverr").textContent = /** @type {Error} */ (e).message ?? String(e); $("devmsg").textContent = ""; }

/**
 * Draw the section for the player whose credential is `token`.
 * @param {string} token
 */
export async function devices(token) {
  await loadLanguage();
  $("devices").hidden = false;
  const data = await post("/api/players/me/signin", { token });
  email(token, data);
  passkeys(token, data.passkeys);
  sessions(token, data.sessions);
}

/** @param {string} token @param {any} data */
function email(token, data) {
  const e = data.email;
  $("emailstate").textContent = e === null ? t("No e-mail address yet.")
    : e.verified !== null ? t("Your address: {address} (confirmed).", { address: e.address })
      : t("Your address: {address} (not confirmed yet: follow the link sent there).", { address: e.address });
  const form = /** @type {HTMLFormElement} */ ($("emailform"));
  form.hidden = !data.mail;
  form.onsubmit = async (ev) => {
    ev.preventDefault();
    try {
      const got = await post("/api/players/me/email", { token, address: /** @type {HTMLInputElement} */ ($("email")).value, lang: language() });
      email(token, { ...data, email: got.email });
      say(got.message);
    } catch (err) { fail(err); }
  };
}

/** @param {string} token @param {any[]} list */
function passkeys(token, list) {
  $("passkeys").replaceChildren(...list.map((k) => h("li", {}, [
    `${k.label} · ${t("added {when}", { when: when(k.created) })} · ${t("last used {when}", { when: when(k.last_used) })} `,
    h("button", { type: "button", text: t("Remove"), onclick: async () => {
      try { passkeys(token, (await post("/api/players/me/passkeys/remove", { token, id: k.id })).passkeys); say(t("The passkey is removed.")); }
      catch (err) { fail(err); }
    } }),
  ])));
  if (!list.length) $("passkeys").append(h("li", { class: "muted", text: t("No passkey yet.") }));
  const add = /** @type {HTMLButtonElement} */ ($("addpasskey"));
  add.disabled = !passkeysHere();
  add.onclick = async () => {
    add.disabled = true;
    try {
      const start = await post("/api/players/me/passkeys/options", { token });
      const credential = await createPasskey(start.options);
      passkeys(token, (await post("/api/players/me/passkeys/add", { token, challenge: start.challenge, credential })).passkeys);
      say(t("The passkey is added: sign in with it at /signin on another device."));
    } catch (err) { fail(err); }
    add.disabled = !passkeysHere();
  };
}

/** @param {string} token @param {any[]} list */
function sessions(token, list) {
  $("sessions").replaceChildren(...list.map((s) => h("li", {}, [
    `${s.label}${s.current ? ` (${t("this device")})` : ""} · ${t("last used {when}", { when: when(s.last_used) })} `,
    h("button", { type: "button", text: t("End"), onclick: async () => {
      try { sessions(token, (await post("/api/players/me/sessions/end", { token, id: s.id })).sessions); say(t("That device is signed out.")); }
      catch (err) { fail(err); }
    } }),
  ])));
  if (!list.length) $("sessions").append(h("li", { class: "muted", text: t("No device signed in with a passkey or a link.") }));
  const others = /** @type {HTMLButtonElement} */ ($("endothers"));
  others.hidden = !list.some((s) => !s.current);
  others.onclick = async () => {
    try { sessions(token, (await post("/api/players/me/sessions/end", { token, id: "others" })).sessions); say(t("The other devices are signed out.")); }
    catch (err) { fail(err); }
  };
}
