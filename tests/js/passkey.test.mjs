import { test } from "node:test";
import assert from "node:assert/strict";
import { fromB64, toB64, passkeysHere } from "../../src/cardtable/web/static/js/passkey.js";

test("base64url both ways, as the server writes it (no padding)", () => {
  for (const bytes of [[], [0], [251, 255], [1, 2, 3], [0, 62, 63, 255, 254, 128, 7]]) {
    const text = toB64(new Uint8Array(bytes).buffer);
    assert.ok(text !== null && !/[+/=]/.test(text), text ?? "");
    assert.deepEqual([...new Uint8Array(fromB64(/** @type {string} */ (text)))], bytes);
  }
  assert.equal(toB64(new Uint8Array([251, 255]).buffer), "-_8");
  assert.deepEqual([...new Uint8Array(fromB64("Y3JlZGVudGlhbA"))], [...Buffer.from("credential")]);
  assert.equal(toB64(null), null);
});

test("no passkeys outside a browser's secure context", () => {
  assert.equal(passkeysHere(), false);
});
