// @ts-check
/**
 * The invite link and how it reaches another device: the address it is built from (the public
 * URL, or this machine's address on the network when the page was opened on the machine itself,
 * else the address the page was opened with), a QR code to scan with a phone, and a copy button
 * that says whether it worked, with a fallback where the clipboard API is missing (plain `http`
 * on a network address is not a secure context).
 * @module invite
 */

import { h } from "./dom.js";
import { t } from "./i18n.js";

/**
 * Whether a host name is this device's own loopback (a link with it opens the other device's own).
 * @param {string} hostname
 */
export function isLoopback(hostname) {
  const name = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  return name === "localhost" || name.endsWith(".localhost") || /^127\./.test(name) || name === "::1";
}

/**
 * The address to build links from.
 * @param {{public_url: string | null, shared: string[]}} server what `/api/server` says
 * @param {{origin: string, hostname: string}} here the page's own location
 * @returns {{base: string, others: string[]}} the base (no final "/") and other addresses that may work
 */
export function linkBase(server, here) {
  const strip = (/** @type {string} */ u) => u.replace(/\/+$/, "");
  if (server.public_url) return { base: strip(server.public_url), others: [] };
  if (isLoopback(here.hostname) && server.shared.length) {
    const [first, ...rest] = server.shared.map(strip);
    return { base: first, others: rest };
  }
  return { base: strip(here.origin), others: [] };
}

/**
 * The invite link of a table.
 * @param {string} base @param {string} table @param {string} invite
 */
export function inviteLink(base, table, invite) {
  return `${base}/t/${encodeURIComponent(table)}?invite=${encodeURIComponent(invite)}`;
}

/** @returns {Promise<{base: string, others: string[], loopbackOnly: boolean}>} */
export async function shareBase() {
  let server = { public_url: null, shared: /** @type {string[]} */ ([]) };
  try {
    const res = await fetch("/api/server");
    if (res.ok) server = await res.json();
  } catch { /* an older server: the page's own address */ }
  const got = linkBase(server, location);
  // a server that listens on this machine only has no address to share, and was opened here
  return { ...got, loopbackOnly: !server.public_url && server.shared.length === 0 && isLoopback(location.hostname) };
}

/**
 * Copy `text`: the clipboard API where there is one, else the page's copy command on a selected
 * text field. Resolves to whether it worked.
 * @param {string} text
 */
export async function copyText(text) {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch { /* fall through to the old way */ }
  const area = h("textarea", { "aria-hidden": "true", readonly: true, class: "offscreen" });
  /** @type {HTMLTextAreaElement} */ (area).value = text;
  document.body.append(area);
  /** @type {HTMLTextAreaElement} */ (area).select();
  let ok = false;
  try { ok = document.execCommand("copy"); } catch { ok = false; }
  area.remove();
  return ok;
}

/**
 * The invite box: the link, a copy button that says what happened, and the link as a QR code.
 * @param {string} link
 * @param {{others?: string[], loopbackOnly?: boolean, id?: string, copied?: string, qrAlt?: string, scan?: string}} [opts]
 *   the words may be another link's (the player's private link): what the copy button says it
 *   did, the QR code's text alternative and the line under it
 */
export function inviteBox(link, opts = {}) {
  const id = opts.id ?? "invitelinkout";
  const status = h("span", { class: "copystatus", role: "status", "aria-live": "polite" });
  const linkEl = h("p", { class: "invite", id, text: link });
  const qr = h("div", { class: "qr" });
  const copy = h("button", { type: "button", id: `${id}-copy`, onclick: async () => {
    const ok = await copyText(link);
    if (ok) status.textContent = opts.copied ?? t("Copied: paste it in a message to the others.");
    else {
      const range = document.createRange();
      range.selectNodeContents(linkEl);
      const sel = window.getSelection();
      sel?.removeAllRanges();
      sel?.addRange(range);
      status.textContent = t("This browser would not copy it: the link is selected, copy it with Ctrl+C (or a long press).");
    }
  }, text: t("Copy the link") });
  fetch("/api/qr", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ text: link }) })
    .then((res) => (res.ok ? res.json() : null))
    .then((got) => {
      if (!got?.svg) return;
      qr.replaceChildren(
        h("img", { src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(got.svg)}`, alt: opts.qrAlt ?? t("The invite link as a QR code: scan it with a phone's camera"), width: "180", height: "180" }),
        h("p", { class: "hint", text: opts.scan ?? t("Scan with a phone's camera to join.") }),
      );
    })
    .catch(() => {});
  return h("div", { class: "invitebox" }, [
    linkEl,
    h("div", { class: "row" }, [copy, status]),
    opts.loopbackOnly ? h("p", { class: "warn", text: t("This server listens on this machine only, so the link works only here. Start it with 'cardtable serve' (not --host 127.0.0.1) for others to join.") }) : null,
    opts.others?.length ? h("p", { class: "hint", text: t("If the link does not open on the other device, try: {links}", { links: opts.others.join(` ${t("or")} `) }) }) : null,
    qr,
  ]);
}
