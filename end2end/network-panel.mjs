// What Chromium's network panel shows for a first and a repeat visit of a public page (the
// DevTools protocol through Playwright): each request, where it came from, its encoding and
// Cache-Control, and the bytes over the network. BENCHMARKS.md, "Delivery".
//   node end2end/network-panel.mjs http://127.0.0.1:3000/{calendar}/{event}
import { chromium } from "playwright";
const url = process.argv[2];
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const context = await browser.newContext({ timezoneId: "Asia/Tokyo" });
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send("Network.enable");
let rows = [];
const byId = new Map();
cdp.on("Network.requestWillBeSent", (e) => byId.set(e.requestId, { url: e.request.url, type: e.type }));
cdp.on("Network.responseReceived", (e) => {
  const r = byId.get(e.requestId) || {};
  r.status = e.response.status; r.encoding = e.response.headers["content-encoding"] || e.response.headers["Content-Encoding"] || "";
  r.cache = e.response.fromDiskCache ? "disk cache" : (e.response.fromPrefetchCache ? "prefetch" : "");
  r.cc = e.response.headers["cache-control"] || "";
});
cdp.on("Network.requestServedFromCache", (e) => { const r = byId.get(e.requestId); if (r) r.cache = "memory/disk cache"; });
cdp.on("Network.loadingFinished", (e) => { const r = byId.get(e.requestId); if (r) { r.wire = e.encodedDataLength; rows.push(r); } });
for (const visit of ["first", "repeat"]) {
  rows = []; byId.clear();
  const t0 = Date.now();
  await page.goto(url, { waitUntil: "load" });
  await page.waitForSelector("body[data-hydrated=true]");
  await page.waitForTimeout(500);
  const docs = rows.filter((r) => r.type === "Document").length;
  const total = rows.reduce((s, r) => s + (r.cache ? 0 : r.wire || 0), 0);
  console.log(`== ${visit} visit: ${rows.length} requests, ${docs} document(s), ${total} bytes over the network, live after ${Date.now() - t0} ms; address ${page.url().replace(/^https?:\/\/[^/]+/, "")}`);
  for (const r of rows) console.log(`  ${r.type}\t${r.status}\t${r.cache || (r.wire + " B")}\t${r.encoding || "-"}\t${r.cc}\t${r.url.replace(/^https?:\/\/[^/]+/, "")}`);
  if (visit === "first") await page.goto("about:blank");
}
await browser.close();
