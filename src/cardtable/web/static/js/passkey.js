// @ts-check
/**
 * Passkeys in the browser (WebAuthn): the server's options (JSON, binary fields in base64url) made
 * into what `navigator.credentials` takes, and the credential it gives back made into JSON for the
 * server (`cardtable.web.accounts`). The passkeys are discoverable, so signing in types no name.
 * @module passkey
 */

/** Whether this browser can make and use passkeys here (WebAuthn needs a secure context). */
export function passkeysHere() {
  return typeof globalThis.PublicKeyCredential === "function" && globalThis.isSecureContext === true;
}

/** @param {string} text base64url @returns {ArrayBuffer} */
export function fromB64(text) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  const raw = atob(b64);
  const out = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out.buffer;
}

/** @param {ArrayBuffer | null | undefined} buf @returns {string | null} base64url */
export function toB64(buf) {
  if (!buf) return null;
  let raw = "";
  for (const b of new Uint8Array(buf)) raw += String.fromCharCode(b);
  return btoa(raw).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** @param {any[] | undefined} list */
const descriptors = (list) => (list ?? []).map((c) => ({ ...c, id: fromB64(c.id) }));

/**
 * A new passkey for the options of `/api/players/me/passkeys/options`, as JSON for `.../add`.
 * @param {any} options
 */
export async function createPasskey(options) {
  const publicKey = {
    ...options,
    challenge: fromB64(options.challenge),
    user: { ...options.user, id: fromB64(options.user.id) },
    excludeCredentials: descriptors(options.excludeCredentials),
  };
  const cred = /** @type {PublicKeyCredential | null} */ (await navigator.credentials.create({ publicKey }));
  if (!cred) throw new Error("no passkey was made");
  const r = /** @type {AuthenticatorAttestationResponse} */ (cred.response);
  return {
    id: cred.id,
    rawId: toB64(cred.rawId),
    type: cred.type,
    response: {
      clientDataJSON: toB64(r.clientDataJSON),
      attestationObject: toB64(r.attestationObject),
      transports: typeof r.getTransports === "function" ? r.getTransports() : [],
    },
    clientExtensionResults: cred.getClientExtensionResults(),
    authenticatorAttachment: cred.authenticatorAttachment ?? undefined,
  };
}

/**
 * The answer of a passkey the person picks to the options of `/api/signin/passkey/options`.
 * @param {any} options
 */
export async function usePasskey(options) {
  const publicKey = { ...options, challenge: fromB64(options.challenge), allowCredentials: descriptors(options.allowCredentials) };
  const cred = /** @type {PublicKeyCredential | null} */ (await navigator.credentials.get({ publicKey }));
  if (!cred) throw new Error("no passkey was chosen");
  const r = /** @type {AuthenticatorAssertionResponse} */ (cred.response);
  return {
    id: cred.id,
    rawId: toB64(cred.rawId),
    type: cred.type,
    response: {
      clientDataJSON: toB64(r.clientDataJSON),
      authenticatorData: toB64(r.authenticatorData),
      signature: toB64(r.signature),
      userHandle: toB64(r.userHandle),
    },
    clientExtensionResults: cred.getClientExtensionResults(),
    authenticatorAttachment: cred.authenticatorAttachment ?? undefined,
  };
}

/**
 * POST a JSON body; the answer's JSON, or an Error saying the server's one line.
 * @param {string} path @param {any} body @returns {Promise<any>}
 */
export async function post(path, body) {
  const res = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  let data = null;
  try { data = await res.json(); } catch { data = null; }
  if (!res.ok) throw new Error(data?.error ?? `${res.status} ${res.statusText}`);
  return data;
}
