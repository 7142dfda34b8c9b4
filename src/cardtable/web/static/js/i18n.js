// @ts-check
/**
 * The pages' words in the language people read (docs/languages.md): English is each message
 * itself; German and Hindi come from the server's catalogs (`GET /i18n/de.json`, made from the
 * gettext `.po` files). `t("It is {who}'s turn.", {who})` says a message, `tn(one, other, n)` one
 * that depends on a number (its plural form chosen by `Intl.PluralRules`), `num(n)` a number
 * as the language writes it (`Intl.NumberFormat`, with a true minus sign).
 *
 * The language is the one chosen on a page (kept in this browser, `cardtable:lang`), else the
 * first of the browser's languages (`navigator.languages`) that the pages speak, else English.
 * @module i18n
 */

/** The languages the pages speak, each by its own name. */
export const LANGUAGES = /** @type {const} */ ([["en", "English"], ["de", "Deutsch"], ["hi", "हिन्दी"]]);
const KEY = "cardtable:lang";

/** @type {{language: string, messages: Record<string, string | Record<string, string>>}} */
const now = { language: "en", messages: {} };

/**
 * The language tag a wish names among the pages' languages (`de-AT` → `de`), or null.
 * @param {unknown} tag
 * @returns {string | null}
 */
export function known(tag) {
  const base = String(tag ?? "").toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.some(([code]) => code === base) ? base : null;
}

/**
 * The language to read in: the one chosen here, else the browser's first that the pages speak.
 * @param {{getItem(k: string): string | null} | null} [store]
 * @param {readonly string[]} [wishes] the browser's languages, best first
 * @returns {string}
 */
export function chosenLanguage(store = globalThis.localStorage ?? null, wishes = globalThis.navigator?.languages ?? []) {
  let kept = null;
  try { kept = store?.getItem(KEY) ?? null; } catch { kept = null; }
  if (known(kept)) return /** @type {string} */ (known(kept));
  for (const wish of wishes) {
    const lang = known(wish);
    if (lang) return lang;
  }
  return "en";
}

/** The language the pages speak now. */
export function language() {
  return now.language;
}

/**
 * Speak `lang` with its `messages` (the `messages` of `/i18n/LANG.json`; none for English).
 * @param {string} lang
 * @param {Record<string, string | Record<string, string>>} [messages]
 */
export function use(lang, messages = {}) {
  now.language = known(lang) ?? "en";
  now.messages = now.language === "en" ? {} : messages;
  if (globalThis.document?.documentElement) globalThis.document.documentElement.lang = now.language;
}

/**
 * Load and speak the language people chose (its catalog from the server); English if it cannot
 * be had. Resolves to the language spoken.
 * @param {string} [lang]
 * @returns {Promise<string>}
 */
export async function load(lang = chosenLanguage()) {
  if (lang === "en" || !known(lang)) {
    use("en");
    return "en";
  }
  try {
    const res = await fetch(`/i18n/${lang}.json`);
    if (!res.ok) throw new Error(String(res.status));
    const data = await res.json();
    use(lang, data.messages ?? {});
  } catch {
    use("en");
  }
  return now.language;
}

/**
 * Keep `lang` as this browser's choice (the pages read it on their next load).
 * @param {string} lang
 */
export function choose(lang) {
  try { globalThis.localStorage?.setItem(KEY, known(lang) ?? "en"); } catch { /* private mode: this page only */ }
}

/**
 * `text` with each `{name}` replaced by its value in `params` (a number written as the language
 * writes it).
 * @param {string} text
 * @param {Record<string, unknown>} [params]
 */
function fill(text, params) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? (typeof params[name] === "number" ? num(/** @type {number} */ (params[name])) : String(params[name])) : whole));
}

/**
 * A message in the language spoken, with its `{name}`s filled from `params`.
 * @param {string} msgid the English message
 * @param {Record<string, unknown>} [params]
 * @returns {string}
 */
export function t(msgid, params) {
  const said = now.messages[msgid];
  return fill(typeof said === "string" && said ? said : msgid, params);
}

/**
 * A message that depends on the number `n` (given as `{n}` too): its form by the language's
 * plural rule (`Intl.PluralRules`).
 * @param {string} one the English singular
 * @param {string} other the English plural
 * @param {number} n
 * @param {Record<string, unknown>} [params]
 * @returns {string}
 */
export function tn(one, other, n, params) {
  const said = now.messages[one];
  const all = { n, ...(params ?? {}) };
  if (said && typeof said === "object") {
    const category = new Intl.PluralRules(now.language).select(n);
    const form = said[category] ?? said.other;
    if (form) return fill(form, all);
  }
  return fill(n === 1 ? one : other, all);
}

/**
 * A number as the language writes it, with a true minus sign (−4); whole numbers without
 * grouping below 10,000, as scores are written.
 * @param {number} n
 * @returns {string}
 */
export function num(n) {
  if (!Number.isFinite(n)) return String(n);
  const shown = new Intl.NumberFormat(now.language === "en" ? "en" : now.language, { useGrouping: Math.abs(n) >= 10000 ? "auto" : false, maximumFractionDigits: 2 }).format(Math.abs(n));
  return n < 0 ? `−${shown}` : shown;
}

/**
 * A number with ``places`` decimals as the language writes them, without grouping, with a true
 * minus sign: "0.40", "−1.25" ("0,40" in German).
 * @param {number} n
 * @param {number} [places]
 * @returns {string}
 */
export function decimals(n, places = 2) {
  if (!Number.isFinite(n)) return String(n);
  const shown = new Intl.NumberFormat(now.language, { useGrouping: false, minimumFractionDigits: places, maximumFractionDigits: places }).format(Math.abs(n));
  return n < 0 ? `−${shown}` : shown;
}

/**
 * A picker of the pages' language: choosing one keeps it and loads the page again in it (after
 * `chosen`, if given, is done with it: the player page keeps it for the player too).
 * @param {(tag: string, props: Record<string, any>, children?: any[]) => HTMLElement} h the pages' element maker
 * @param {(lang: string) => Promise<unknown>} [chosen]
 * @returns {HTMLElement}
 */
export function languagePicker(h, chosen) {
  const select = /** @type {HTMLSelectElement} */ (h("select", { id: "language", "aria-label": t("Language"), onchange: async (/** @type {Event} */ ev) => {
    const lang = /** @type {HTMLSelectElement} */ (ev.target).value;
    choose(lang);
    try { await chosen?.(lang); } catch { /* the page's language changes all the same */ }
    location.reload();
  } }, LANGUAGES.map(([code, name]) => h("option", { value: code, selected: code === now.language ? true : null, text: name }))));
  return h("label", { class: "language" }, [select]);
}

/**
 * Put `text` in place of the words an element of the page shows, leaving its controls (a
 * label's input) be: a page's fixed words in the language chosen.
 * @param {string} selector
 * @param {string} text
 */
export function words(selector, text) {
  const el = globalThis.document?.querySelector(selector);
  if (!el) return;
  const node = [...el.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
  if (node) node.textContent = el.firstChild === node ? `${text} ` : ` ${text}`;
  else if (!el.children.length) el.textContent = text;
}

/**
 * A paragraph's words around its links: `message` names each link as `{name}`, and `links` gives
 * each its element (its own words already in the language spoken).
 * @param {Element | null | undefined} el @param {string} message @param {Record<string, HTMLElement>} links
 */
export function around(el, message, links) {
  if (!el) return;
  el.replaceChildren(...message.split(/(\{\w+\})/).map((part) => {
    const name = part.match(/^\{(\w+)\}$/)?.[1];
    return name && links[name] ? links[name] : part;
  }).filter((part) => part !== ""));
}
