import { expect, test } from "@playwright/test";

const login = process.env.E2E_LOGIN ?? "admin";
const password = process.env.E2E_PASSWORD ?? "";

test("a host logs in and sees the hydrated dashboard shell", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (msg) => { if (msg.type() === "error") errors.push(msg.text()); });
  page.on("pageerror", (err) => errors.push(err.message));

  await page.goto("/admin");
  await expect(page).toHaveURL(/\/login$/);
  await page.fill("input[name=login]", login);
  await page.fill("input[name=password]", password);
  await page.click("button[type=submit]");

  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.locator("#host-name")).toHaveText("Site Administrator");
  for (const section of ["Schedules", "Calendars", "Reports", "Settings"]) {
    await expect(page.locator("#admin-nav").getByRole("link", { name: section })).toBeVisible();
  }
  // Hydrated: an effect that only runs in the browser has run, and a click changes the page.
  await expect(page.locator("#admin-shell")).toHaveAttribute("data-hydrated", "true");
  await page.click("#nav-toggle");
  await expect(page.locator("#admin-nav")).toBeHidden();
  await page.click("#nav-toggle");
  await expect(page.locator("#admin-nav")).toBeVisible();

  await page.locator("#admin-nav").getByRole("link", { name: "Calendars" }).click();
  await expect(page.locator("#section-title")).toHaveText("Calendars");
  expect(errors).toEqual([]);
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
  const css = await page.request.get("/pkg/slotbook.css");
  expect(css.ok()).toBeTruthy();
  await page.goto("/login");
  const button = page.locator("button[type=submit]");
  await expect(button).toHaveCSS("color", "rgb(255, 255, 255)");
});
