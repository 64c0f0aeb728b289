// When a booking page first paints a bookable time (issue 29's "first time painted"), in
// Chromium, for slotbook and, side by side, for another booking page (the reference plugin):
// from navigation start to the first animation frame in which an element matching SELECTOR is
// laid out with a size. Cold: a new browser context each load (nothing cached); warm: the
// same context loaded again (its cache, its cookies). Runs alternate between the URLs.
//   node end2end/first-time.mjs RUNS 'URL|SELECTOR' ['URL|SELECTOR' ...]
// e.g. node end2end/first-time.mjs 8 'http://127.0.0.1:3000/alice/30min|a[href*="time="]'
import { chromium } from "playwright";

const runs = Number(process.argv[2] || 8);
const targets = process.argv.slice(3).map((arg) => {
  const cut = arg.indexOf("|");
  return { url: arg.slice(0, cut), selector: arg.slice(cut + 1), cold: [], warm: [] };
});
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });

// Installed before any page script: watches every frame until the selector shows something.
const watcher = (selector) => {
  const look = () => {
    const found = document.querySelector(selector);
    const box = found && found.getBoundingClientRect();
    if (box && box.width > 0 && box.height > 0) {
      window.__firstTime = performance.now();
      return;
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
};

async function load(page, target) {
  await page.goto(target.url, { waitUntil: "commit" });
  await page.waitForFunction(() => window.__firstTime !== undefined, null, { timeout: 30000 });
  return page.evaluate(() => window.__firstTime);
}

for (let run = 0; run < runs; run++) {
  for (const target of targets) {
    const context = await browser.newContext({ timezoneId: "Europe/Berlin" });
    await context.addInitScript(watcher, target.selector);
    const page = await context.newPage();
    target.cold.push(await load(page, target));
    await page.goto("about:blank");
    target.warm.push(await load(page, target));
    await context.close();
  }
}
await browser.close();

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
for (const t of targets) {
  const fmt = (xs) => xs.map((x) => x.toFixed(0)).join(" ");
  console.log(`${t.url}\n  cold median ${median(t.cold).toFixed(1)} ms (${fmt(t.cold)})\n  warm median ${median(t.warm).toFixed(1)} ms (${fmt(t.warm)})`);
}
if (targets.length === 2) {
  const [a, b] = targets;
  console.log(`second / first: cold ${(median(b.cold) / median(a.cold)).toFixed(2)}x, warm ${(median(b.warm) / median(a.warm)).toFixed(2)}x`);
}
