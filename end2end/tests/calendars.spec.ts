import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { checkAxe, signInAs } from "./support";

// "Connected calendars" (/admin/settings/calendars): a feed is connected, its calendar's choices
// saved, synced and disconnected, all without JavaScript; refusals show beside their fields.
// The feed is served on loopback here (scripts/test allows private targets).

const login = process.env.E2E_LOGIN ?? "admin";
const password = process.env.E2E_PASSWORD ?? "";

function feed(): Promise<{ url: string; close: () => void }> {
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10).replaceAll("-", "");
  const ics = [
    "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//e2e//EN", "X-WR-CALNAME:Team offsites",
    "BEGIN:VEVENT", "UID:e2e-1", `DTSTART:${day}T100000Z`, `DTEND:${day}T110000Z`, "SUMMARY:Offsite", "END:VEVENT",
    "END:VCALENDAR", "",
  ].join("\r\n");
  const server = createServer((req, res) => {
    if (!req.url?.includes("token=e2e-secret")) { res.writeHead(403); res.end(); return; }
    res.writeHead(200, { "content-type": "text/calendar" });
    res.end(ics);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => {
    const port = (server.address() as AddressInfo).port;
    resolve({ url: `http://127.0.0.1:${port}/cal.ics?token=e2e-secret`, close: () => server.close() });
  }));
}

for (const javaScriptEnabled of [false, true]) {
  test(`a feed is connected, chosen, synced and disconnected (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({ browser }) => {
    const served = await feed();
    const context = await browser.newContext({ bypassCSP: true, javaScriptEnabled, viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    await signInAs(page, login, password);
    await page.goto("/admin/settings");
    await page.getByRole("link", { name: "Manage connected calendars" }).click();
    await expect(page).toHaveURL(/\/admin\/settings\/calendars$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Connected calendars");

    // Refused: the feed's address without its secret answers 403; the message is beside the field.
    await page.getByLabel("ICS feed", { exact: false }).first().check();
    await page.getByLabel("Feed URL").fill(served.url.replace("token=e2e-secret", "token=wrong"));
    await page.getByRole("button", { name: "Connect calendar" }).click();
    await expect(page.getByLabel("Feed URL")).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#connect-feed_url-error")).toContainText("refused access");
    if (javaScriptEnabled) await checkAxe(page, "calendars, refused");

    await page.getByLabel("Feed URL").fill(served.url);
    await page.getByRole("button", { name: "Connect calendar" }).click();
    await expect(page.getByRole("status").first()).toHaveText("Calendar has been connected.");
    const card = page.getByRole("group", { name: /Team offsites \(ICS feed\)/ }).last();
    await expect(card).toContainText("Working");
    await expect(card).toContainText("Last synced");
    await expect(card).not.toContainText("e2e-secret");
    // A feed is read-only: it checks conflicts but cannot receive bookings.
    await expect(card.getByLabel("Check for conflicts")).toBeChecked();
    await expect(card.getByLabel("Add bookings to this calendar")).toHaveCount(0);
    if (javaScriptEnabled) await checkAxe(page, "calendars, connected");
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);

    await card.getByLabel("Check for conflicts").uncheck();
    await page.getByRole("button", { name: "Save choices" }).click();
    await expect(page.getByRole("status").first()).toHaveText("Saved.");
    const saved = page.getByRole("group", { name: /Team offsites \(ICS feed\)/ }).last();
    await expect(saved.getByLabel("Check for conflicts")).not.toBeChecked();

    await saved.getByRole("button", { name: "Sync now" }).click();
    await expect(page.getByRole("status").first()).toHaveText("Calendar has been synced.");
    await page.getByRole("group", { name: /Team offsites \(ICS feed\)/ }).last().getByRole("button", { name: "Disconnect" }).click();
    await expect(page.getByRole("status").first()).toHaveText("Calendar connection has been deleted.");
    served.close();
    await context.close();
  });
}
