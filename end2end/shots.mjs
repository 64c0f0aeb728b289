// Screenshots for a person to look at: node end2end/shots.mjs name=/path ... (admin signed in)
import { chromium } from "@playwright/test";
const base = process.env.BASE_URL ?? "http://127.0.0.1:3222";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
for (const width of [360, 1280]) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: process.env.JS !== "0", colorScheme: process.env.DARK ? "dark" : "light" });
  const page = await context.newPage();
  await page.goto(base + "/login");
  await page.fill("input[name=login]", process.env.LOGIN ?? "admin");
  await page.fill("input[name=password]", process.env.PASSWORD ?? "e2e-admin-password");
  await page.click("button[type=submit]");
  await page.waitForURL(/\/admin/);
  for (const arg of process.argv.slice(2)) {
    const at = arg.indexOf("=");
    const name = arg.slice(0, at), path = arg.slice(at + 1);
    await page.goto(base + path);
    await page.screenshot({ path: `/tmp/shots/${name}-${width}.png`, fullPage: true });
  }
  await context.close();
}
await browser.close();
