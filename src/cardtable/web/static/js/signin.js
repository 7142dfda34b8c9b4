// @ts-check
/**
 * The sign-in page (`/signin`): sign in with a passkey, or ask for a link by e-mail; and where such
 * a link lands (`/signin#TOKEN`: the token is in the fragment, so it reaches no log; the page posts
 * it). A sign-in gives this browser a session of the player, kept as the player's credential
 * (`localStorage["cardtable:player"]`), and goes on to the player's page.
 * @module signin
 */

import { language, load as loadLanguage, t, words } from "./i18n.js";
import { passkeysHere, post, usePasskey } from "./passkey.js";

const PLAYER_KEY = "cardtable:player";

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** @param {string} text */
function say(text) { $("msg").textContent = text; $("err").textContent = ""; }
/** @param {unknown} e */
function fail(e) { $("err").textContent = /** @type {Error} */ (e).message ?? String(e); $("msg").textContent = ""; }

/** Keep the session and go to the player's page. @param {any} got */
function signedIn(got) {
  localStorage.setItem(PLAYER_KEY, got.token);
  say(t("Signed in as {name}.", { name: got.name }));
  location.assign("/player");
}

async function followLink() {
  const token = decodeURIComponent(location.hash.slice(1));
  history.replaceState(null, "", "/signin"); // the token leaves the address bar
  say(t("Checking the link…"));
  try {
    const got = await post("/api/signin/link", { token, lang: language() });
    if (got.token) signedIn(got);
    else say(t("The address {address} is confirmed: links to sign in can go there now.", { address: got.verified }));
  } catch (e) { fail(e); }
}

async function withPasskey() {
  const button = /** @type {HTMLButtonElement} */ ($("passkey"));
  button.disabled = true;
  try {
    const start = await post("/api/signin/passkey/options", {});
    const credential = await usePasskey(start.options);
    signedIn(await post("/api/signin/passkey", { challenge: start.challenge, credential }));
  } catch (e) { fail(e); }
  button.disabled = false;
}

/** @param {SubmitEvent} ev */
async function askLink(ev) {
  ev.preventDefault();
  const address = /** @type {HTMLInputElement} */ ($("address")).value;
  try {
    await post("/api/signin/email", { address, lang: language() });
    say(t("If this address belongs to a player, a link is on its way. It works once, within 15 minutes."));
  } catch (e) { fail(e); }
}

async function main() {
  await loadLanguage();
  document.title = `cardtable · ${t("sign in")}`;
  words("#where", t("sign in"));
  words("#signin-h", t("Sign in as your player"));
  words("#intro", t("On a new device, be the player you are elsewhere: with a passkey you added on your player page, or with a link sent to your confirmed e-mail address."));
  words("#passkey", t("Sign in with a passkey"));
  words("#address-l", t("Your e-mail address"));
  words("#send", t("Send me a sign-in link"));
  if (!passkeysHere()) {
    /** @type {HTMLButtonElement} */ ($("passkey")).disabled = true;
    $("passkey").title = t("This browser cannot use passkeys on this address.");
  }
  $("passkey").addEventListener("click", withPasskey);
  $("mailform").addEventListener("submit", (ev) => { askLink(/** @type {SubmitEvent} */ (ev)); });
  // a link opened where this page is open already changes only the fragment
  window.addEventListener("hashchange", () => { if (location.hash.length > 1) followLink(); });
  if (location.hash.length > 1) await followLink();
}

main();
