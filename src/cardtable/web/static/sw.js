// The service worker of the notices (docs/web.md, "Your turn"): it shows the server's Web Push
// message, which names the game, the deadline and the seat's link but never a card, as a
// notification, and opens the seat's page when the notification is clicked.
/* eslint-env serviceworker */

self.addEventListener("push", (event) => {
  let data = {};
  try { data = event.data ? event.data.json() : {}; } catch { data = {}; }
  const title = typeof data.title === "string" && data.title ? data.title : "cardtable";
  event.waitUntil(self.registration.showNotification(title, {
    body: typeof data.body === "string" ? data.body : "",
    tag: typeof data.tag === "string" ? data.tag : "cardtable",
    lang: typeof data.lang === "string" ? data.lang : "",
    icon: "/static/favicon-turn.svg",
    data: { url: typeof data.url === "string" ? data.url : "/" },
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  let url = "/";
  try {
    const target = new URL(event.notification.data?.url ?? "/", self.location.origin);
    if (target.protocol === "https:" || target.protocol === "http:") url = target.href;
  } catch { url = "/"; }
  event.waitUntil((async () => {
    const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    const same = open.find((c) => c.url === url);
    if (same) return same.focus();
    return self.clients.openWindow(url);
  })());
});
