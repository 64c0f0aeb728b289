import { expect, test } from "@playwright/test";
import { api, checkAxe, checkAxeAsRendered, makeEvent, signInAs, tabTo } from "./support";

// The waitlist (DESIGN 2.12) in a browser, at a phone's and a desktop's width, with JavaScript
// on and off: a taken time's "Join the waitlist" link (reached by keyboard), the form, the
// entry's page and leaving it; the host's desk lists the entry.

const adminPassword = process.env.E2E_PASSWORD ?? "e2e-admin-password";

function tomorrowInBerlin(): string {
  const now = new Date(Date.now() + 24 * 3600 * 1000);
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(now);
}

/** A new event with its waitlist on, whose first time tomorrow (Berlin) is booked. */
async function takenTime() {
  const event = await makeEvent();
  await api("POST", `/calendars/${event.calendarId}/events/${event.id}/advanced-settings`,
    { settings: { waitlist: { enabled: true, offer_minutes: 30 } } });
  const date = tomorrowInBerlin();
  const slots = await api("GET", `/bookings/slots/${event.id}?timezone=Europe/Berlin&start_date=${date}%2000:00:00`);
  const time: string = slots.available_slots[date][0];
  await api("POST", `/bookings/create/${event.id}`,
    { name: "Taken Seat", email: "taken@example.org", timezone: "Europe/Berlin", event_time: `${date} ${time}:00` });
  return { event, date, time };
}

for (const width of [360, 1280]) {
  for (const javaScriptEnabled of [true, false]) {
    test(`a visitor joins and leaves the waitlist of a taken time at ${width} px (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({ browser }) => {
      const { event, date } = await takenTime();

      const context = await browser.newContext({ bypassCSP: true, javaScriptEnabled, viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${event.path}?date=${date}&tz=Europe%2FBerlin`);
      const join = page.locator("#waitlist-slots a").first();
      await expect(join).toContainText("Join the waitlist");
      if (javaScriptEnabled) {
        await checkAxe(page, `booking page with a waitlist, ${width}`);
        await tabTo(page, join);
        await page.keyboard.press("Enter");
      } else {
        await checkAxeAsRendered(page, `booking page with a waitlist, ${width}, no JavaScript`);
        await join.click();
      }
      await expect(page).toHaveURL(/waitlist=1/);
      await page.getByRole("textbox", { name: /^Name/ }).fill("Wai Ting");
      await page.getByRole("textbox", { name: /^Email/ }).fill(`wai-${width}-${javaScriptEnabled}@example.org`);
      await page.getByRole("button", { name: "Join the waitlist" }).click();
      await expect(page).toHaveURL(/\/waitlist\/leave\/[A-Za-z0-9_-]{22,}\?joined=1&lang=en$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("You have joined the waitlist");
      await expect(page.locator("#entry-status")).toHaveText("You are number 1 in line.");
      if (javaScriptEnabled) await checkAxe(page, `waitlist entry, ${width}`);
      else await checkAxeAsRendered(page, `waitlist entry, ${width}, no JavaScript`);
      const width_ok = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width_ok).toBeLessThanOrEqual(width);

      await page.getByRole("button", { name: "Leave the waitlist" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("You have left the waitlist");
      await context.close();
    });
  }
}

test("the host's waitlist desk lists an entry and removes it", async ({ browser }) => {
  const { event, date, time } = await takenTime();
  const joined = await fetch(`${process.env.BASE_URL ?? "http://127.0.0.1:3000"}/api/v2/waitlist/join/${event.id}`, {
    method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "Desk Waiter", email: "desk-waiter@example.org", timezone: "Europe/Berlin", event_time: `${date} ${time}:00` }),
  });
  expect(joined.status).toBe(201);

  for (const width of [360, 1280]) {
    const context = await browser.newContext({ bypassCSP: true, javaScriptEnabled: false, viewport: { width, height: 900 } });
    const page = await context.newPage();
    await signInAs(page, "admin", adminPassword);
    await page.goto(`/admin/waitlist?event=${event.id}`);
    await expect(page.locator("#section-title")).toHaveText("Waitlist");
    const row = page.locator("#waitlist-table tbody tr", { hasText: "desk-waiter@example.org" });
    await expect(row).toContainText("waiting");
    await checkAxeAsRendered(page, `waitlist desk, ${width}`);
    if (width === 1280) {
      await row.getByRole("button", { name: "Remove Desk Waiter from the waitlist" }).click();
      await expect(page.getByRole("status")).toContainText("Waitlist entry has been removed");
      await expect(page.locator("#waitlist-table tbody tr", { hasText: "desk-waiter@example.org" })).toContainText("removed");
    }
    await context.close();
  }
});
