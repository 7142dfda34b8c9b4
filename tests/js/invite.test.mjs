// The invite link's address: built so that it opens on another device (web.md §5).
import { test } from "node:test";
import assert from "node:assert/strict";
import { inviteLink, isLoopback, linkBase } from "../../src/cardtable/web/static/js/invite.js";

test("a page opened on the machine itself links to the machine's network address", () => {
  const got = linkBase({ public_url: null, shared: ["http://192.168.1.20:8000/", "http://10.0.0.5:8000/"] },
    { origin: "http://127.0.0.1:8000", hostname: "127.0.0.1" });
  assert.deepEqual(got, { base: "http://192.168.1.20:8000", others: ["http://10.0.0.5:8000"] });
  assert.equal(linkBase({ public_url: null, shared: ["http://192.168.1.20:8000/"] }, { origin: "http://localhost:8000", hostname: "localhost" }).base,
    "http://192.168.1.20:8000");
});

test("a page opened by a network address links to that address", () => {
  const got = linkBase({ public_url: null, shared: ["http://192.168.1.20:8000/"] }, { origin: "http://myhost.local:8000", hostname: "myhost.local" });
  assert.equal(got.base, "http://myhost.local:8000");
});

test("the public URL wins over everything", () => {
  const got = linkBase({ public_url: "https://cards.example.org/", shared: [] }, { origin: "http://127.0.0.1:8000", hostname: "127.0.0.1" });
  assert.equal(got.base, "https://cards.example.org");
});

test("a server on loopback only keeps the page's own address", () => {
  assert.equal(linkBase({ public_url: null, shared: [] }, { origin: "http://127.0.0.1:8000", hostname: "127.0.0.1" }).base, "http://127.0.0.1:8000");
});

test("loopback names and invite links", () => {
  for (const name of ["localhost", "127.0.0.1", "127.0.0.2", "[::1]", "a.localhost"]) assert.ok(isLoopback(name), name);
  for (const name of ["192.168.1.2", "cards.example.org", "10.0.0.1"]) assert.ok(!isLoopback(name), name);
  assert.equal(inviteLink("http://h:1", "a b", "t/k"), "http://h:1/t/a%20b?invite=t%2Fk");
});
