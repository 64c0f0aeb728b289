import { expect, test } from "@playwright/test";
import { api, checkAxe, checkAxeAsRendered, makeEvent, signInAs, tabTo } from "./support";

// Privacy (DESIGN 2.11) in a browser, at a phone's and a desktop's width: an attendee erases
// their data from the manage page (JavaScript on and off); the booking form asks for consent;
// an administrator finds, downloads and erases one address on "Personal data", and sets the
// Privacy section of the settings. Settings are the site's: each test leaves them as it found
// them (the browser tests run one at a time).

const adminPassword = process.env.E2E_PASSWORD ?? "e2e-admin-password";

function tomorrowInBerlin(): string {
  const now = new Date(Date.now() + 24 * 3600 * 1000);
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(now);
}

/** A booking of a new event tomorrow by `email`: its hash and the event. */
async function booked(email: string, index = 0) {
  const event = await makeEvent();
  const date = tomorrowInBerlin();
  const slots = await api("GET", `/bookings/slots/${event.id}?timezone=Europe/Berlin&start_date=${date}%2000:00:00`);
  const time: string = slots.available_slots[date][index];
  const made = await api("POST", `/bookings/create/${event.id}`,
    { name: "Erin Erasable", email, timezone: "Europe/Berlin", event_time: `${date} ${time}:00` });
  return { hash: made.booking.hash as string, id: made.booking.id as number, event, date, time };
}

async function privacy(settings: Record<string, unknown>) {
  return (await api("POST", "/settings/privacy", { settings })).settings;
}

for (const width of [360, 1280]) {
  for (const javaScriptEnabled of [true, false]) {
    test(`an attendee erases their data from the booking's page at ${width} px (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({ browser }) => {
      const before = await privacy({ attendee_erasure: true });
      try {
        const { hash } = await booked(`erin-${width}-${javaScriptEnabled}@example.org`);
        const context = await browser.newContext({ bypassCSP: true, javaScriptEnabled, viewport: { width, height: 900 } });
        const page = await context.newPage();
        await page.goto(`/booking/${hash}`);
        const link = page.getByRole("link", { name: "Erase my data" });
        if (javaScriptEnabled) {
          await tabTo(page, link);
          await page.keyboard.press("Enter");
        } else {
          await link.click();
        }
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Erase my data");
        if (javaScriptEnabled) await checkAxe(page, `erase page, ${width}`);
        else await checkAxeAsRendered(page, `erase page, ${width}, no JavaScript`);
        await page.getByRole("button", { name: "Erase my data" }).click();
        await expect(page.getByRole("alert")).toContainText("Please confirm that you want to erase your data");
        await page.getByRole("checkbox", { name: "I understand that this cannot be undone" }).check();
        await page.getByRole("button", { name: "Erase my data" }).click();
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your data has been erased");
        if (javaScriptEnabled) await checkAxe(page, `erased page, ${width}`);
        else await checkAxeAsRendered(page, `erased page, ${width}, no JavaScript`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        const gone = await page.goto(`/booking/${hash}`);
        expect(gone?.status()).toBe(404);
        await context.close();
      } finally {
        await privacy({ attendee_erasure: before.attendee_erasure });
      }
    });
  }
}

test("the booking form asks for consent to the privacy notice, without JavaScript", async ({ browser }) => {
  const before = await privacy({});
  await privacy({ consent_required: true, consent_text: "We keep your details only for this meeting.", consent_version: "e2e-1" });
  try {
    const event = await makeEvent();
    const context = await browser.newContext({ bypassCSP: true, javaScriptEnabled: false, viewport: { width: 360, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${event.path}?date=${tomorrowInBerlin()}`);
    await page.locator("#slots a").first().click();
    await expect(page).toHaveURL(/time=/);
    await page.getByLabel("Your Name").fill("Connie Sent");
    await page.getByLabel("Your Email").fill("connie@example.org");
    const consent = page.getByRole("checkbox", { name: /We keep your details only for this meeting/ });
    await expect(consent).toBeVisible();
    await checkAxeAsRendered(page, "booking form with consent, 360, no JavaScript");
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await expect(page.getByRole("alert")).toContainText("Please accept the privacy notice");
    await page.getByRole("checkbox", { name: /We keep your details only for this meeting/ }).check();
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await expect(page).toHaveURL(/\/booking\/[0-9a-f]{32}\?lang=en$/);
    await context.close();
  } finally {
    await privacy({ consent_required: before.consent_required, consent_text: before.consent_text, consent_version: before.consent_version });
  }
});

test("an administrator finds, downloads and erases one address's data, and sets the Privacy section", async ({ browser }) => {
  const email = `pat-${Date.now()}@example.org`;
  await booked(email);
  const before = await privacy({});
  try {
    for (const width of [360, 1280]) {
      const context = await browser.newContext({ bypassCSP: true, javaScriptEnabled: false, viewport: { width, height: 900 } });
      const page = await context.newPage();
      await signInAs(page, "admin", adminPassword);
      await page.goto("/admin/settings#privacy");
      const section = page.locator("#privacy");
      await section.getByRole("spinbutton", { name: "Keep attendee data for (days)" }).fill("400");
      await section.getByRole("checkbox", { name: "Let attendees erase their data" }).check();
      await section.getByRole("button", { name: "Save" }).click();
      await expect(page.locator("#privacy")).toContainText("Saved");
      await checkAxeAsRendered(page, `settings with the Privacy section, ${width}`);
      await page.goto("/admin/privacy");
      await expect(page.locator("#section-title")).toHaveText("Personal data");
      await page.getByRole("textbox", { name: "Email" }).fill(email.toUpperCase());
      await page.getByRole("button", { name: "Find" }).click();
      if (width === 360) {
        await expect(page.locator("#privacy-bookings li")).toHaveCount(1);
        const download = page.getByRole("link", { name: "Download JSON" });
        const href = await download.getAttribute("href");
        const json = await page.request.get(href ?? "");
        expect(json.status()).toBe(200);
        expect((await json.json()).bookings[0].email).toBe(email);
        await checkAxeAsRendered(page, `personal data found, ${width}`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.getByRole("button", { name: "Erase all data" }).click();
        await expect(page.getByRole("alert")).toContainText("Please confirm that you want to erase your data");
        await page.getByRole("checkbox", { name: "I understand that this cannot be undone" }).check();
        await page.getByRole("button", { name: "Erase all data" }).click();
        await expect(page.getByRole("status")).toHaveText("Personal data has been erased (1 booking).");
      } else {
        await expect(page.locator("#privacy-empty")).toHaveText("No booking holds this address.");
        await checkAxeAsRendered(page, `personal data, nothing found, ${width}`);
      }
      await context.close();
    }
    const saved = await api("GET", "/settings/privacy");
    expect(saved.settings.retention_days).toBe(400);
  } finally {
    await privacy({ retention_days: before.retention_days, attendee_erasure: before.attendee_erasure });
  }
});
