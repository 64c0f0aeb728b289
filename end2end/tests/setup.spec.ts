import { expect, test } from "@playwright/test";
import { api, checkAxe } from "./support";

// Setting up in the browser: a host with nothing makes a calendar and an event, sets Monday
// 10:00-12:00, and the event's public page offers exactly those times.

test("a host makes a calendar and an event from nothing, sets Monday 10:00-12:00, and sees exactly those times", async ({ browser }) => {
  const host = process.env.E2E_HOST_LOGIN ?? "";
  test.skip(host === "", "scripts/test makes the second host");
  const context = await browser.newContext({ bypassCSP: true, viewport: { width: 360, height: 800 }, timezoneId: "Europe/Berlin" });
  const page = await context.newPage();
  await page.goto("/login?next=%2Fadmin%2Fcalendars");
  await page.fill("input[name=login]", host);
  await page.fill("input[name=password]", process.env.E2E_HOST_PASSWORD ?? "");
  await page.click("button[type=submit]");
  await expect(page).toHaveURL(/\/admin\/calendars$/);
  await checkAxe(page, "calendars, empty");
  // A refused form keeps the values and names the field.
  await page.getByLabel("Title").fill("Host Studio");
  await page.getByLabel("Slug").fill("not a slug!");
  await page.getByRole("button", { name: "Create calendar" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(page.getByLabel("Slug")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Title")).toHaveValue("Host Studio");
  await checkAxe(page, "new calendar, refused");
  await expect(page.locator("#admin-shell")).toHaveAttribute("data-hydrated", "true");
  await page.getByLabel("Slug").fill("host-studio");
  // While typing, the page says whether the slug is free (the check-slug route's answer).
  await expect(page.locator("#slug-status")).toHaveText("The provided slug is available");
  await page.getByLabel("Time zone").selectOption("Europe/Berlin");
  await page.getByLabel("Description").fill("Roofs and gutters.");
  await page.getByRole("button", { name: "Create calendar" }).click();
  await expect(page).toHaveURL(/\/admin\/calendars\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Host Studio");
  await expect(page.getByLabel("Link")).toHaveValue(/\/host-studio$/);
  await page.getByLabel("Title").fill("Gutter check");
  await page.getByLabel("Duration").fill("45");
  await page.getByRole("button", { name: "Create event" }).click();
  // The new event opens in its editor.
  await expect(page).toHaveURL(/\/admin\/calendars\/\d+\/events\/\d+\?tab=details$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gutter check");
  await expect(page.getByRole("link", { name: "Details" })).toHaveAttribute("aria-current", "page");
  await checkAxe(page, "event editor, details");
  await page.getByRole("link", { name: "Availability" }).click();
  await expect(page.getByRole("link", { name: "Availability" })).toHaveAttribute("aria-current", "page");
  // Monday 10:00-12:00 and nothing else: the other days' windows are removed (each button
  // posts the form and shows it again, unsaved).
  const monday = page.getByRole("group", { name: "Monday" });
  await monday.getByLabel("Start").fill("10:00");
  await monday.getByLabel("End").fill("12:00");
  for (const day of ["Tuesday", "Wednesday", "Thursday", "Friday"]) {
    await page.getByRole("group", { name: day }).getByRole("button", { name: "Remove" }).click();
    await expect(page.getByRole("group", { name: day })).toContainText("Unavailable");
  }
  await expect(page.getByRole("group", { name: "Monday" }).getByLabel("Start")).toHaveValue("10:00");
  await checkAxe(page, "event editor, availability");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("Saved.");
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await page.getByRole("link", { name: "Limits" }).click();
  await expect(page.getByLabel("Minimum notice")).toBeVisible();
  await checkAxe(page, "event editor, limits");
  await page.getByLabel("Minimum notice").fill("0");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("Saved.");
  // "Why is this time not offered?" names a booked time "Booked".
  const eventId = Number(new URL(page.url()).pathname.split("/").pop());
  // A Monday after the first one, which the booking page checks below with both its times.
  const nextMonday = new Date(Date.now() + 8 * 86_400_000);
  while (nextMonday.getUTCDay() !== 1) nextMonday.setUTCDate(nextMonday.getUTCDate() + 1);
  const day = nextMonday.toISOString().slice(0, 10);
  await api("POST", `/bookings/create/${eventId}`, {
    name: "Explained Person", email: "explained@example.org", timezone: "Europe/Berlin", event_time: `${day} 10:00:00`,
  });
  const explain = page.getByRole("form", { name: "Why is this time not offered?" });
  await explain.getByLabel("Date").fill(day);
  await explain.getByRole("button", { name: "Explain" }).click();
  await expect(page.locator("#explained li").filter({ hasText: "10:00" })).toContainText("Booked");
  await expect(page.locator("#explained li").filter({ hasText: "10:45" })).toContainText("Offered");
  await page.getByRole("link", { name: "Open the booking page" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Gutter check" })).toBeVisible();
  // The first day offered is a Monday, with exactly 10:00 and 10:45 (45 minutes each).
  await expect(page.locator("#day-heading")).toContainText("Monday");
  await expect(page.locator("#slots a")).toHaveCount(2);
  await expect(page.locator("#slots a").first()).toHaveText(/^10:00/);
  await expect(page.locator("#slots a").nth(1)).toHaveText(/^10:45/);
  await context.close();
});
