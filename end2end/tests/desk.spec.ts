import { expect, test, type Page } from "@playwright/test";
import { api, checkAxe, makeEvent, signInAs, tabTo, type Event } from "./support";

// The bookings desk: list, detail, status changes, bulk changes, filters and CSV, as a host
// uses them in the browser, with JavaScript off and on.

const login = process.env.E2E_LOGIN ?? "admin";
const password = process.env.E2E_PASSWORD ?? "";

/** `days` from today, `YYYY-MM-DD`. */
function dayAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Books `event` at `time` (Berlin) on `date` for `name`; answers the booking id. */
async function book(event: Event, name: string, date: string, time: string): Promise<number> {
  const made = await api("POST", `/bookings/create/${event.id}`, {
    name, email: "desk@example.org", timezone: "Europe/Berlin", event_time: `${date} ${time}:00`,
  });
  return made.booking.id;
}

/** An event whose bookings wait for the host's confirmation. */
async function confirmationEvent(): Promise<Event> {
  const event = await makeEvent();
  await api("POST", `/calendars/${event.calendarId}/events/${event.id}/advanced-settings`, {
    settings: { requires_confirmation: true },
  });
  return event;
}

function signIn(page: Page, who = login, secret = password) {
  return signInAs(page, who, secret);
}

for (const javaScriptEnabled of [false, true]) {
  test(`a host confirms and then cancels a booking from its page (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({ browser }) => {
    const event = await confirmationEvent();
    const name = `Desk Person ${javaScriptEnabled ? "On" : "Off"}`;
    await book(event, name, dayAhead(3), javaScriptEnabled ? "11:00" : "10:00");
    const context = await browser.newContext({ javaScriptEnabled, bypassCSP: true });
    const page = await context.newPage();
    await signIn(page);
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Bookings" }).click();
    await page.getByRole("link", { name: /^Pending/ }).click();
    await expect(page).toHaveURL(/period=pending/);
    await page.getByRole("link", { name }).click();
    await expect(page).toHaveURL(/\/admin\/bookings\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(page.locator("#booking-status")).toHaveText("Pending");
    // axe runs as a script: only where scripts run.
    if (javaScriptEnabled) await checkAxe(page, "booking detail, pending");
    await page.getByRole("button", { name: "Confirm", exact: true }).click();
    await expect(page.getByRole("status")).toHaveText("Booking confirmed.");
    await expect(page.locator("#booking-status")).toHaveText("Scheduled");
    await expect(page.getByRole("button", { name: "Confirm", exact: true })).toHaveCount(0);
    // Cancelling asks for a reason; the reason lands in the timeline.
    await page.getByLabel("Reason for cancelling").fill("The host is away");
    await page.getByRole("button", { name: "Cancel booking" }).click();
    await expect(page.getByRole("status")).toHaveText("Booking cancelled.");
    await expect(page.locator("#booking-status")).toHaveText("Cancelled");
    await expect(page.locator("#activity")).toContainText("Reason: The host is away");
    await expect(page.getByText("This booking's status is final.")).toBeVisible();
    await context.close();
  });
}

test("a refused change shows its reason on the page, never a server error", async ({ browser }) => {
  const event = await makeEvent();
  const id = await book(event, "Refused Person", dayAhead(4), "11:00");
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page);
  // Two tabs on the same booking: the second one's button is stale once the first is used.
  const stale = await context.newPage();
  await page.goto(`/admin/bookings/${id}`);
  await stale.goto(`/admin/bookings/${id}`);
  await page.getByRole("button", { name: "Mark as completed" }).click();
  await expect(page.locator("#booking-status")).toHaveText("Completed");
  const [response] = await Promise.all([
    stale.waitForResponse((r) => r.request().method() === "POST"),
    stale.getByRole("button", { name: "Mark as completed" }).click(),
  ]);
  expect(response.status()).toBe(409);
  await expect(stale.getByRole("alert")).toHaveText("The booking is already completed.");
  await context.close();
});

test("filters stay in the address through pages and back, and the CSV is that list", async ({ page }) => {
  const event = await makeEvent();
  const times = ["09:00", "09:30", "10:00", "10:30", "11:00", "11:30", "12:00", "12:30", "13:00", "13:30", "14:00"];
  for (const date of [dayAhead(5), dayAhead(6)]) {
    for (const time of times) await book(event, `Pager ${date} ${time}`, date, time);
  }
  await signIn(page);
  await page.goto("/admin/bookings?period=all");
  await page.getByLabel("Event").selectOption(String(event.id));
  await page.getByLabel("Attendee").fill("Pager");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`event=${event.id}.*search=Pager`));
  await expect(page.locator("#result-count")).toHaveText("22 bookings");
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page).toHaveURL(new RegExp(`event=${event.id}`));
  await expect(page.getByText("Page 2 of 2")).toBeVisible();
  await expect(page.locator("tbody tr")).toHaveCount(2);
  await page.goBack();
  await expect(page).not.toHaveURL(/page=2/);
  await expect(page.getByLabel("Event")).toHaveValue(String(event.id));
  await expect(page.getByLabel("Attendee")).toHaveValue("Pager");
  // "Export CSV" is the same filter: a header and the 22 rows, each one of ours.
  const href = await page.getByRole("link", { name: "Export CSV" }).getAttribute("href");
  expect(href).toContain(`event=${event.id}`);
  const csv = await (await page.request.get(href!)).text();
  const rows = csv.trim().split(/\r?\n/);
  expect(rows).toHaveLength(23);
  for (const row of rows.slice(1)) expect(row).toContain("Pager");
});

test("bulk confirm changes the pending bookings and names the one refused", async ({ browser }) => {
  const event = await confirmationEvent();
  const date = dayAhead(7);
  await book(event, "Bulk One", date, "09:00");
  await book(event, "Bulk Two", date, "09:30");
  const third = await book(event, "Bulk Three", date, "10:00");
  await api("PUT", `/schedules/${third}`, { column: "status", value: "rejected", reject_reason: "Double entry" });
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  await signIn(page);
  await page.goto(`/admin/bookings?period=all&event=${event.id}`);
  for (const name of ["Bulk One", "Bulk Two", "Bulk Three"]) {
    await page.getByRole("checkbox", { name: new RegExp(`^Select ${name}`) }).check();
  }
  await checkAxe(page, "bookings list with rows to select");
  await page.getByRole("button", { name: "Confirm selected" }).click();
  const outcome = page.locator("#bulk-outcome");
  await expect(outcome.getByRole("status")).toContainText("Changed 2 bookings");
  await expect(outcome.getByRole("alert")).toContainText("Bulk Three: A rejected booking cannot become scheduled.");
  await expect(page).toHaveURL(new RegExp(`event=${event.id}`));
  const statuses = await api("GET", `/schedules?filters%5Bevent%5D=${event.id}&filters%5Bperiod%5D=upcoming`);
  const byName = Object.fromEntries(statuses.schedules.data.map((b: { first_name: string; last_name: string; status: string }) =>
    [`${b.first_name} ${b.last_name}`.trim(), b.status]));
  expect(byName["Bulk One"]).toBe("scheduled");
  expect(byName["Bulk Two"]).toBe("scheduled");
  await context.close();
});

test("another host's booking is not found, and Log out ends the session", async ({ page }) => {
  const event = await makeEvent();
  const id = await book(event, "Private Person", dayAhead(8), "15:00");
  const host = process.env.E2E_HOST_LOGIN ?? "";
  test.skip(host === "", "scripts/test makes the second host");
  await signIn(page, host, process.env.E2E_HOST_PASSWORD ?? "");
  const response = await page.goto(`/admin/bookings/${id}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("alert")).toHaveText("There is no such booking.");
  await expect(page.getByText("Private Person")).toHaveCount(0);
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto("/admin/bookings");
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Fbookings$/);
});

test("the reports show the REST numbers for the chosen range, a chart and its table", async ({ browser }) => {
  const event = await makeEvent();
  await book(event, "Report Person", dayAhead(9), "16:00");
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  await signIn(page);
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Reports" }).click();
  await expect(page.getByRole("link", { name: "Last 30 days" })).toHaveAttribute("aria-current", "page");
  await page.getByRole("link", { name: "This month" }).click();
  await expect(page).toHaveURL(/from=\d{4}-\d\d-01&to=/);
  const from = await page.getByLabel("From", { exact: true }).inputValue();
  const to = await page.getByLabel("To", { exact: true }).inputValue();
  const rest = await api("GET", `/reports?startTime=${from}%2000:00:00&endTime=${to}%2023:59:59`);
  for (const widget of rest.overview as Array<{ title: string; number: number }>) {
    await expect(page.locator(`[data-widget="${widget.title}"]`)).toHaveText(String(widget.number));
  }
  await expect(page.getByRole("img", { name: /^Bookings per day/ })).toBeVisible();
  await page.getByText("Show the numbers").click();
  const graph = await api("GET", `/reports/graph-reports?date_range%5B0%5D=${from}&date_range%5B1%5D=${to}`);
  const days = Object.keys(graph.booked_stats).length;
  await expect(page.locator("#chart-table tbody tr")).toHaveCount(days);
  await checkAxe(page, "reports");
  // A custom range by the form, kept in the address.
  await page.getByLabel("From", { exact: true }).fill(dayAhead(-6));
  await page.getByLabel("To", { exact: true }).fill(dayAhead(0));
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${dayAhead(-6)}&to=${dayAhead(0)}`));
  await expect(page.locator("#chart-table tbody tr")).toHaveCount(7);
  await context.close();
});

/** Presses Tab until `target` has the focus (at most `limit` times); fails otherwise. */
test("the desk works by keyboard alone, with a visible focus", async ({ page }) => {
  const event = await confirmationEvent();
  await book(event, "Keys Person", dayAhead(10), "09:00");
  await signIn(page);
  await page.goto(`/admin/bookings?period=pending&event=${event.id}`);
  const link = page.getByRole("link", { name: "Keys Person" });
  await tabTo(page, link);
  const outline = await link.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe("none");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/bookings\/\d+$/);
  await tabTo(page, page.getByRole("button", { name: "Confirm", exact: true }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toHaveText("Booking confirmed.");
  await tabTo(page, page.getByLabel("Note (only hosts see it)"));
  await page.keyboard.type("Prefers mornings");
  await tabTo(page, page.getByRole("button", { name: "Save note" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toHaveText("Note saved.");
  await expect(page.getByLabel("Note (only hosts see it)")).toHaveValue("Prefers mornings");
});
