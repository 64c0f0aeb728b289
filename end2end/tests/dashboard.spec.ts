import { expect, test } from "@playwright/test";
import { checkAxe } from "./support";

const login = process.env.E2E_LOGIN ?? "admin";
const password = process.env.E2E_PASSWORD ?? "";

test("a host logs in and sees the hydrated dashboard shell", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (msg) => { if (msg.type() === "error") errors.push(msg.text()); });
  page.on("pageerror", (err) => errors.push(err.message));

  // A dashboard address without a session goes to the login, and back there after it.
  await page.goto("/admin/reports");
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Freports$/);
  await page.fill("input[name=login]", login);
  await page.fill("input[name=password]", password);
  await page.click("button[type=submit]");

  await expect(page).toHaveURL(/\/admin\/reports$/);
  await expect(page.locator("#host-name")).toHaveText("Site Administrator");
  const nav = page.getByRole("navigation", { name: "Dashboard" });
  for (const section of ["Overview", "Bookings", "Waitlist", "Calendars", "Availability", "Reports", "Settings"]) {
    await expect(nav.getByRole("link", { name: section })).toBeVisible();
  }
  await expect(nav.getByRole("link", { name: "Reports" })).toHaveAttribute("aria-current", "page");
  // Hydrated: an effect that only runs in the browser has run.
  await expect(page.locator("#admin-shell")).toHaveAttribute("data-hydrated", "true");
  await nav.getByRole("link", { name: "Calendars" }).click();
  await expect(page.locator("#section-title")).toHaveText("Calendars");
  expect(errors).toEqual([]);
  // An unknown address is a 404 inside the dashboard.
  const missing = await page.goto("/admin/no-such-section");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeAttached();
});

test("at 360 px the navigation collapses behind Menu, with and without JavaScript", async ({ browser }) => {
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ viewport: { width: 360, height: 800 }, javaScriptEnabled });
    const page = await context.newPage();
    await page.goto("/login?next=%2Fadmin");
    await page.fill("input[name=login]", login);
    await page.fill("input[name=password]", password);
    await page.click("button[type=submit]");
    await expect(page).toHaveURL(/\/admin$/);
    if (javaScriptEnabled) await expect(page.locator("#admin-shell")).toHaveAttribute("data-hydrated", "true");
    const nav = page.locator("#admin-nav");
    await expect(nav).toBeHidden();
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(nav).toBeVisible();
    if (javaScriptEnabled) {
      await page.getByRole("button", { name: "Menu" }).click();
      await expect(nav).toBeHidden();
    }
    const width = await page.evaluate(() => document.documentElement.scrollWidth).catch(() => 360);
    expect(width).toBeLessThanOrEqual(360);
    await context.close();
  }
});

test("a wrong password is refused with a message", async ({ page }) => {
  await page.goto("/login");
  await page.fill("input[name=login]", login);
  await page.fill("input[name=password]", "certainly-not-the-password");
  await page.click("button[type=submit]");
  await expect(page.getByRole("alert")).toContainText("not correct");
  await expect(page).toHaveURL(/\/login$/);
});

test("styles are served and applied", async ({ page }) => {
  await page.goto("/login");
  // The stylesheet's name carries a hash of its content; it is kept for a year.
  const href = await page.locator("link[rel=stylesheet]").getAttribute("href");
  expect(href).toMatch(/^\/pkg\/slotbook\.[0-9a-f]{16}\.css$/);
  const css = await page.request.get(href!);
  expect(css.ok()).toBeTruthy();
  expect(css.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const button = page.locator("button[type=submit]");
  await expect(button).toHaveCSS("color", "rgb(255, 255, 255)");
});

test("the login page and the dashboard shell pass axe-core, light and dark", async ({ browser }) => {
  for (const colorScheme of ["light", "dark"] as const) {
    const context = await browser.newContext({ bypassCSP: true, colorScheme, viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    await page.goto("/login");
    await checkAxe(page, `login (${colorScheme})`);
    await page.fill("input[name=login]", login);
    await page.fill("input[name=password]", password);
    await page.click("button[type=submit]");
    await expect(page).toHaveURL(/\/admin$/);
    await checkAxe(page, `dashboard (${colorScheme})`);
    await page.goto("/admin/bookings?period=all");
    await expect(page.getByRole("link", { name: "All", exact: true })).toHaveAttribute("aria-current", "page");
    await checkAxe(page, `bookings (${colorScheme})`);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await context.close();
  }
});
