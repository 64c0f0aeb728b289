import { expect, test } from "@playwright/test";
import { checkAxe, makeEvent, signInAs } from "./support";

// The dashboard's availability and settings pages: a reusable schedule is made and edited,
// the administrator's settings sections save, and a host sees its profile only.

const login = process.env.E2E_LOGIN ?? "admin";
const password = process.env.E2E_PASSWORD ?? "";

test("a reusable schedule is made, edited with the weekly editor, and refused deletion while it is the default", async ({ browser }) => {
  const context = await browser.newContext({ bypassCSP: true, viewport: { width: 360, height: 800 } });
  const page = await context.newPage();
  await signInAs(page, login, password);
  await page.goto("/admin/availability");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Availability");
  await checkAxe(page, "availability");
  const name = `Evenings ${Date.now()}`;
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Time zone").selectOption("America/New_York");
  await page.getByRole("button", { name: "Create schedule" }).click();
  await expect(page).toHaveURL(/\/admin\/availability\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  const monday = page.getByRole("group", { name: "Monday" });
  await monday.getByLabel("Start").fill("18:00");
  await monday.getByLabel("End").fill("21:00");
  // "Copy to weekdays" gives Monday's window to Tuesday to Friday (not saved yet).
  await monday.getByRole("button", { name: "Copy to weekdays" }).click();
  await expect(page.getByRole("group", { name: "Friday" }).getByLabel("Start")).toHaveValue("18:00");
  await expect(page.getByRole("group", { name: "Saturday" })).toContainText("Unavailable");
  await page.getByRole("group", { name: "Tuesday" }).getByRole("button", { name: "Add window" }).click();
  // The added window and the typed Monday survive the round trip, unsaved.
  await expect(page.getByRole("group", { name: "Monday" }).getByLabel("Start")).toHaveValue("18:00");
  await expect(page.getByRole("group", { name: "Tuesday" }).getByLabel("Start")).toHaveCount(2);
  await page.getByRole("group", { name: "Tuesday" }).getByRole("button", { name: "Remove" }).nth(1).click();
  await checkAxe(page, "schedule editor");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("Saved.");
  await expect(page.getByRole("group", { name: "Monday" }).getByLabel("End")).toHaveValue("21:00");
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  // The user's first schedule is its default already (the button is then disabled).
  const makeDefault = page.getByRole("button", { name: "Set as default" });
  if (await makeDefault.isEnabled()) await makeDefault.click();
  await expect(page.getByRole("button", { name: "Set as default" })).toBeDisabled();
  await expect(page.getByText("Default", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("alert")).toContainText("The default schedule cannot be deleted");
  await page.goto("/admin/availability");
  await expect(page.locator("li").filter({ hasText: name })).toContainText("Mon 18:00-21:00 · Tue 18:00-21:00");
  await context.close();
});

test("the administrator saves settings sections; a host sees its profile and no site settings", async ({ browser }) => {
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  await signInAs(page, login, password);
  await page.goto("/admin/settings");
  for (const section of ["Profile", "General", "Email", "Payments", "Theme", "Modules", "Team"]) {
    await expect(page.getByRole("heading", { level: 2, name: section, exact: true })).toBeVisible();
  }
  await checkAxe(page, "settings, administrator");
  const email = page.locator("section#email");
  // The browser takes "a@b" as an address; the server wants a dotted domain.
  await email.getByLabel("Sender email").fill("a@b");
  await email.getByRole("button", { name: "Save" }).click();
  await expect(page.locator("section#email").getByLabel("Sender email")).toHaveAttribute("aria-invalid", "true");
  await checkAxe(page, "settings, refused");
  await page.locator("section#email").getByLabel("Sender email").fill("bookings@example.org");
  await page.locator("section#email").getByRole("button", { name: "Save" }).click();
  await expect(page.locator("section#email").getByRole("status")).toHaveText("Saved.");
  await page.locator("section#general").getByLabel("Time format").selectOption("24");
  await page.locator("section#general").getByRole("button", { name: "Save" }).click();
  await expect(page.locator("section#general").getByLabel("Time format")).toHaveValue("24");
  await context.close();

  const host = process.env.E2E_HOST_LOGIN ?? "";
  test.skip(host === "", "scripts/test makes the second host");
  const hostContext = await browser.newContext({ bypassCSP: true, viewport: { width: 360, height: 800 } });
  const hostPage = await hostContext.newPage();
  await signInAs(hostPage, host, process.env.E2E_HOST_PASSWORD ?? "");
  await hostPage.goto("/admin/settings");
  await expect(hostPage.getByRole("heading", { level: 2, name: "Profile" })).toBeVisible();
  for (const section of ["General", "Email", "Payments", "Theme", "Modules", "Team"]) {
    await expect(hostPage.getByRole("heading", { name: section, exact: true })).toHaveCount(0);
  }
  await checkAxe(hostPage, "settings, host");
  await hostContext.close();
});

test("in-place updates in a row all apply on a schedule just created, however fast they come", async ({ browser }) => {
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  await signInAs(page, login, password);
  await page.goto("/admin/availability");
  await expect(page.locator("#admin-shell")).toHaveAttribute("data-hydrated", "true");
  await page.getByLabel("Name").fill(`Quick ${Date.now()}`);
  await page.getByRole("button", { name: "Create schedule" }).click();
  await expect(page).toHaveURL(/\/admin\/availability\/\d+$/);
  // Three removals clicked without waiting for each answer: each is posted from the page as
  // the one before left it, so none brings back a window another removed.
  for (const day of ["Tuesday", "Wednesday", "Thursday"]) {
    await page.getByRole("group", { name: day }).getByRole("button", { name: "Remove" }).click();
  }
  for (const day of ["Tuesday", "Wednesday", "Thursday"]) {
    await expect(page.getByRole("group", { name: day })).toContainText("Unavailable");
  }
  await expect(page.getByRole("group", { name: "Monday" }).getByLabel("Start")).toHaveValue("09:00");
  await expect(page.getByRole("group", { name: "Friday" }).getByLabel("Start")).toHaveValue("09:00");
  // And one more after the answers are in.
  await page.getByRole("group", { name: "Friday" }).getByRole("button", { name: "Remove" }).click();
  await expect(page.getByRole("group", { name: "Friday" })).toContainText("Unavailable");
  await expect(page.getByRole("group", { name: "Tuesday" })).toContainText("Unavailable");
  await context.close();
});

test("days out of office: added in settings, named on the booking page, deleted again", async ({ browser }) => {
  const event = await makeEvent();
  const context = await browser.newContext({ bypassCSP: true, viewport: { width: 360, height: 800 } });
  const page = await context.newPage();
  await signInAs(page, login, password);
  await page.goto("/admin/settings#away");
  // Far beyond every test event's 60 bookable days, so no other test loses its times.
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const [start, end] = [day(300), day(302)];
  const away = page.locator("section#away");
  await expect(away.getByRole("heading", { level: 2 })).toHaveText("Out of office");
  await away.getByLabel("From").fill(end);
  await away.getByLabel("To").fill(start);
  await away.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.locator("section#away").getByLabel("To")).toHaveAttribute("aria-invalid", "true");
  await checkAxe(page, "settings, out of office refused");
  await page.locator("section#away").getByLabel("From").fill(start);
  await page.locator("section#away").getByLabel("To").fill(end);
  const host = process.env.E2E_HOST_LOGIN ?? "";
  if (host !== "") await page.locator("section#away").getByLabel("Teammate").selectOption({ label: "E2E Host" });
  await page.locator("section#away").getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.locator("section#away").getByRole("status")).toHaveText("Saved.");
  const item = page.locator("section#away li");
  await expect(item).toHaveCount(1);
  if (host !== "") await expect(item).toContainText("Teammate: E2E Host");
  await checkAxe(page, "settings, out of office listed");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await page.goto(`${event.path}?month=${start.slice(0, 7)}`);
  await expect(page.getByText(/ is out of office from \d{1,2} \w+ \d{4} to \d{1,2} \w+ \d{4}/)).toBeVisible();
  await checkAxe(page, "booking page, host away");

  await page.goto("/admin/settings#away");
  await page.locator("section#away li").getByRole("button", { name: /^Delete/ }).click();
  await expect(page.locator("section#away")).toContainText("No days away planned.");
  await page.goto(`${event.path}?month=${start.slice(0, 7)}`);
  await expect(page.getByText(/ is out of office from/)).toHaveCount(0);
  await context.close();
});
