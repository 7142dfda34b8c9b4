// The player page's notices (docs/web.md, "Your turn"): the server's VAPID key read from
// base64url into the bytes the browser's push manager takes, and the browser's time zone.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browserZone, fromB64url } from "../../src/cardtable/web/static/js/notices.js";

test("a base64url key becomes its bytes, with or without padding", () => {
  const bytes = Uint8Array.from({ length: 65 }, (_, i) => (i * 37 + 4) % 256);
  const b64url = Buffer.from(bytes).toString("base64url");
  assert.ok(!b64url.includes("=") && /[-_]/.test(b64url));
  assert.deepEqual(fromB64url(b64url), bytes);
  assert.deepEqual(fromB64url("-_8"), Uint8Array.from([0xfb, 0xff]));
});

test("the time zone is the browser's, an IANA name", () => {
  const zone = browserZone();
  assert.equal(zone, Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC");
  assert.ok(zone.length > 0);
});
