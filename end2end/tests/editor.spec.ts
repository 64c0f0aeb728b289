import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { checkAxe, makeEvent, signInAs, tabTo } from "./support";

// The event editor's later tabs, as a host uses them: a required custom field shows on the
// booking form, a date override takes a day off the booking page, a webhook's test delivery
// reaches a receiver and is logged, and every tab passes axe.

const login = process.env.E2E_LOGIN ?? "admin";
const password = process.env.E2E_PASSWORD ?? "";

/** `days` from today, `YYYY-MM-DD` (UTC). */
function dayAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

test("a required custom field added in the editor is on the booking form, in its place", async ({ browser }) => {
  const event = await makeEvent();
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  await signInAs(page, login, password);
  await page.goto(`/admin/calendars/${event.calendarId}/events/${event.id}?tab=booking-fields`);
  await expect(page.getByRole("link", { name: "Booking fields" })).toHaveAttribute("aria-current", "page");
  await checkAxe(page, "event editor, booking fields");
  const add = page.getByRole("group", { name: "Add field" });
  // A field without a label is refused beside the input, nothing saved.
  await add.getByRole("button", { name: "Add field" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(page.getByRole("group", { name: "Add field" }).getByLabel("Label")).toHaveAttribute("aria-invalid", "true");
  await page.getByRole("group", { name: "Add field" }).getByLabel("Label").fill("Company");
  await page.getByRole("group", { name: "Add field" }).getByLabel("Type").selectOption({ label: "Text" });
  await page.getByRole("group", { name: "Add field" }).getByLabel("Required").check();
  await page.getByRole("group", { name: "Add field" }).getByRole("button", { name: "Add field" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved.");
  const rows = page.locator("#fields-list li");
  await expect(rows.last()).toContainText("Company");
  await expect(rows.last()).toContainText("Text · Required");
  // Moved up one place: it is no longer last.
  const count = await rows.count();
  await rows.last().getByRole("button", { name: "Move up" }).click();
  await expect(rows.nth(count - 2)).toContainText("Company");
  await checkAxe(page, "event editor, booking fields with a custom field");

  // The attendee's form asks for it, required.
  await page.goto(event.path);
  await page.locator("#slots a").first().click();
  const company = page.getByLabel("Company");
  await expect(company).toBeVisible();
  await expect(company).toHaveAttribute("required", "");
  await context.close();
});

test("a date override without a window takes that day off the booking page", async ({ browser }) => {
  const event = await makeEvent();
  const day = dayAhead(3);
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  const dayLink = () => page.locator(`table a[href*="date=${day}"]`);
  await page.goto(`${event.path}?month=${day.slice(0, 7)}&tz=Europe/Berlin`);
  await expect(dayLink()).toHaveCount(1);
  await signInAs(page, login, password);
  await page.goto(`/admin/calendars/${event.calendarId}/events/${event.id}?tab=availability`);
  await page.getByRole("button", { name: "Add date override" }).click();
  const overrides = page.getByRole("group", { name: "Date overrides" });
  await overrides.getByLabel("Date").fill(day);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("Saved.");
  await expect(page.getByRole("group", { name: "Date overrides" }).getByLabel("Date")).toHaveValue(day);
  await page.goto(`${event.path}?month=${day.slice(0, 7)}&tz=Europe/Berlin`);
  await expect(dayLink()).toHaveCount(0);
  await context.close();
});

test("a webhook is added, its test delivery reaches the receiver signed, and the log shows the status", async ({ browser }) => {
  const received: IncomingHttpHeaders[] = [];
  const receiver = createServer((request, response) => {
    received.push(request.headers);
    request.resume();
    request.on("end", () => response.writeHead(200).end("ok"));
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const port = (receiver.address() as AddressInfo).port;
  try {
    const event = await makeEvent();
    const context = await browser.newContext({ bypassCSP: true, viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    await signInAs(page, login, password);
    await page.goto(`/admin/calendars/${event.calendarId}/events/${event.id}?tab=webhooks`);
    await checkAxe(page, "event editor, webhooks, none");
    const add = page.getByRole("group", { name: "Add webhook" });
    await add.getByLabel("URL").fill("ftp://nowhere.example");
    await add.getByRole("button", { name: "Add webhook" }).click();
    await expect(page.getByRole("group", { name: "Add webhook" }).getByLabel("URL")).toHaveAttribute("aria-invalid", "true");
    await page.getByRole("group", { name: "Add webhook" }).getByLabel("URL").fill(`http://127.0.0.1:${port}/hook`);
    await page.getByRole("group", { name: "Add webhook" }).getByRole("button", { name: "Add webhook" }).click();
    await expect(page.locator("#signing-secret")).toHaveText(/^whsec_/);
    const feed = page.getByRole("article", { name: "127.0.0.1:" + port });
    await expect(feed).toContainText("No deliveries yet.");
    await feed.getByRole("button", { name: "Send test" }).click();
    await expect(page.getByRole("status")).toContainText("Test delivery queued");
    // The worker delivers within seconds; the log shows it after a reload.
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole("article").first().locator("tbody tr").first()).toContainText("200", { timeout: 500 });
    }).toPass({ timeout: 15_000 });
    const row = page.getByRole("article").first().locator("tbody tr").first();
    await expect(row).toContainText("Test");
    await expect(row).toContainText("Delivered");
    expect(received).toHaveLength(1);
    expect(received[0]["webhook-signature"]).toMatch(/^v1,/);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await checkAxe(page, "event editor, webhooks, with a log");
    await page.getByRole("article").first().getByRole("button", { name: "Remove" }).click();
    await expect(page.getByRole("status")).toHaveText("Webhook removed.");
    await expect(page.getByText("No webhooks yet.")).toBeVisible();
    await context.close();
  } finally {
    receiver.close();
  }
});

test("the advanced, notifications and payment tabs: confirmation switches the emails listed", async ({ browser }) => {
  const event = await makeEvent();
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  await signInAs(page, login, password);
  const editor = `/admin/calendars/${event.calendarId}/events/${event.id}`;
  await page.goto(`${editor}?tab=notifications`);
  await expect(page.getByRole("table")).toContainText("A time is booked");
  await checkAxe(page, "event editor, notifications");
  // One email's form: a reminder gets its times; a bad one is refused beside the field.
  await page.getByRole("link", { name: "Edit: Configure Meeting Reminder to Attendee" }).click();
  await page.getByLabel("Send this email").check();
  await page.getByLabel("Reminder times").fill("sometime");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByLabel("Reminder times")).toHaveAttribute("aria-invalid", "true");
  await checkAxe(page, "event editor, notification form, refused");
  await page.getByLabel("Reminder times").fill("1 hour, 1 day");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("Saved.");
  await page.goto(`${editor}?tab=notifications`);
  await expect(page.getByRole("table")).toContainText("Before the meeting (1 hour, 1 day before)");
  await page.getByRole("link", { name: "Payment" }).click();
  await expect(page.getByText("Bookings of this event are free")).toBeVisible();
  await checkAxe(page, "event editor, payment");
  await page.getByLabel("Take payment for bookings").check();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByLabel("Attendees pay offline (you mark bookings paid)")).toHaveAttribute("aria-invalid", "true");
  await checkAxe(page, "event editor, payment, refused");
  await page.getByRole("link", { name: "Advanced" }).click();
  await checkAxe(page, "event editor, advanced");
  // A bad duration list is refused beside its field, and nothing is saved.
  await page.getByLabel("Let the attendee choose the duration").check();
  await page.getByLabel("Durations (minutes)").fill("15, 3");
  await page.getByLabel("Default duration").fill("15");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByLabel("Durations (minutes)")).toHaveAttribute("aria-invalid", "true");
  await checkAxe(page, "event editor, advanced, refused");
  await page.goto(`${editor}?tab=advanced`);
  await expect(page.getByLabel("Let the attendee choose the duration")).not.toBeChecked();
  await page.getByLabel(/^Requires confirmation/).check();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("Saved.");
  await expect(page.getByLabel(/^Requires confirmation/)).toBeChecked();
  await page.getByRole("link", { name: "Notifications" }).click();
  await expect(page.getByRole("table")).toContainText("The host declines");
  await context.close();
});

test("the calendar page clones an event and deletes one only after asking", async ({ browser }) => {
  const event = await makeEvent();
  const context = await browser.newContext({ bypassCSP: true, viewport: { width: 360, height: 800 } });
  const page = await context.newPage();
  await signInAs(page, login, password);
  await page.goto(`/admin/calendars/${event.calendarId}`);
  await checkAxe(page, "calendar page");
  const item = page.locator(`#event-${event.id}`);
  await item.getByRole("button", { name: "Clone" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${event.title} (clone)`);
  await page.getByRole("link", { name: /^Back to / }).click();
  await page.locator(`#event-${event.id}`).getByRole("link", { name: "Delete" }).click();
  const question = page.getByRole("alertdialog");
  await expect(question).toContainText(`Delete ${event.title}?`);
  await checkAxe(page, "calendar page, delete question");
  await question.getByRole("link", { name: "Keep it" }).click();
  await expect(page.locator(`#event-${event.id}`)).toBeVisible();
  await page.locator(`#event-${event.id}`).getByRole("link", { name: "Delete" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete event" }).click();
  await expect(page.getByRole("status")).toHaveText("Event deleted.");
  await expect(page.locator(`#event-${event.id}`)).toHaveCount(0);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  // The link builder: a pre-chosen date, the link, and the embedded page live in a frame.
  await page.getByRole("link", { name: "Build a link and preview the embed" }).click();
  const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("Pre-chosen date").fill(day);
  await page.getByRole("button", { name: "Build link" }).click();
  await expect(page.getByLabel("Link to share")).toHaveValue(new RegExp(`\\?date=${day}$`));
  const preview = page.frameLocator("iframe[title='Preview of the embedded booking page']");
  await expect(preview.getByRole("heading", { level: 1 })).toBeVisible();
  await checkAxe(page, "calendar page, link builder");
  // The calendar's settings open in place of "New event" and save as they are.
  await page.getByRole("link", { name: "Edit the calendar and its landing page" }).click();
  await expect(page.getByRole("heading", { name: "Calendar settings" })).toBeVisible();
  await checkAxe(page, "calendar settings");
  await page.locator("#calendar-settings").getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved.");
  await context.close();
});

test("with JavaScript an editor tab saves without a reload and says when changes are unsaved", async ({ browser }) => {
  const event = await makeEvent();
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  await signInAs(page, login, password);
  await page.goto(`/admin/calendars/${event.calendarId}/events/${event.id}?tab=limits`);
  await expect(page.locator("#admin-shell")).toHaveAttribute("data-hydrated", "true");
  // A value set on the page survives only if the page is not loaded again.
  await page.evaluate(() => { (window as unknown as { stay: number }).stay = 1; });
  await page.getByLabel("Buffer after").fill("10");
  await expect(page.getByText("Unsaved changes")).toBeVisible();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("Saved.");
  await expect(page.getByRole("status")).toBeFocused();
  await expect(page).toHaveURL(/tab=limits&saved=1$/);
  await expect(page.getByText("Unsaved changes")).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { stay?: number }).stay)).toBe(1);
  await expect(page.getByLabel("Buffer after")).toHaveValue("10");
  // A refusal comes back in place too, its message beside the field and focused.
  // (The browser lets 0 through; the server wants an interval of a minute or more.)
  await page.getByLabel("Slot interval").fill("0");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("alert")).toBeFocused();
  await expect(page.getByLabel("Slot interval")).toHaveAttribute("aria-invalid", "true");
  expect(await page.evaluate(() => (window as unknown as { stay?: number }).stay)).toBe(1);
  await context.close();
});

test("a booking field is added and moved by keyboard alone, with a visible focus", async ({ page }) => {
  const event = await makeEvent();
  await signInAs(page, login, password);
  await page.goto(`/admin/calendars/${event.calendarId}/events/${event.id}?tab=booking-fields`);
  await expect(page.locator("#admin-shell")).toHaveAttribute("data-hydrated", "true");
  const add = page.getByRole("group", { name: "Add field" });
  await tabTo(page, add.getByLabel("Label"));
  await page.keyboard.type("Company size");
  await tabTo(page, add.getByLabel("Required"));
  await page.keyboard.press("Space");
  const button = add.getByRole("button", { name: "Add field" });
  await tabTo(page, button);
  expect(await button.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe("none");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toHaveText("Saved.");
  const rows = page.locator("#fields-list li");
  await expect(rows.last()).toContainText("Company size");
  await expect(rows.last()).toContainText("Required");
  await tabTo(page, rows.last().getByRole("button", { name: "Move up" }));
  await page.keyboard.press("Enter");
  await expect(rows.last()).not.toContainText("Company size");
});
