import { expect, test } from "@playwright/test";
import { checkAxe } from "./support";

// Setting up in the browser: a host with nothing makes a calendar and an event, and the event's
// public page offers times. (The event editor comes next; see issue #10.)

test("a host makes a calendar and an event from nothing, and the event is bookable", async ({ browser }) => {
  const host = process.env.E2E_HOST_LOGIN ?? "";
  test.skip(host === "", "scripts/test makes the second host");
  const context = await browser.newContext({ bypassCSP: true, viewport: { width: 360, height: 800 } });
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
  await page.getByLabel("Slug").fill("host-studio");
  await page.getByLabel("Time zone").selectOption("Europe/Berlin");
  await page.getByLabel("Description").fill("Roofs and gutters.");
  await page.getByRole("button", { name: "Create calendar" }).click();
  await expect(page).toHaveURL(/\/admin\/calendars\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Host Studio");
  await expect(page.getByLabel("Link")).toHaveValue(/\/host-studio$/);
  await page.getByLabel("Title").fill("Gutter check");
  await page.getByLabel("Duration").fill("45");
  await page.getByRole("button", { name: "Create event" }).click();
  await expect(page.getByRole("status")).toContainText("“Gutter check” is created and bookable.");
  await expect(page.locator("#event-list")).toContainText("45 min");
  await checkAxe(page, "calendar page");
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await page.getByRole("link", { name: "Open the booking page of Gutter check" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Gutter check" })).toBeVisible();
  await expect(page.locator("#slots a").first()).toBeVisible();
  await context.close();
});
