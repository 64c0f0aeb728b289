import { expect, test, type Page } from "@playwright/test";
import { api, checkAxe, checkAxeAsRendered, makeEvent, signInAs, type Event } from "./support";

// DESIGN 2.9: the whole journey in German and in Arabic, with JavaScript off and on: the
// language kept through links, posts and redirects, CLDR's names and first day of the week,
// right to left for Arabic (mirrored grid, axe-core), Accept-Language honoured, and the
// script a hydrated German page loads within the budget. Links are found by their URL
// parameters, never by English words.

const base = process.env.BASE_URL ?? "http://127.0.0.1:3000";
const english = ["Previous month", "Next month", "Time zone", "Show times", "Booked with slotbook", "Confirm booking", "Your details"];

async function bookingsOf(event: Event) {
  const list = await api("GET", `/schedules?filters%5Bevent%5D=${event.id}&filters%5Bperiod%5D=upcoming`);
  return list.schedules.data as Array<{ hash: string; language: string }>;
}

/** The month and weekday names CLDR gives the browser's own Intl (the same data). */
function names(locale: string, date: Date) {
  return {
    month: new Intl.DateTimeFormat(locale, { month: "long", timeZone: "UTC" }).format(date),
    weekday: new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" }).format(date),
  };
}

/** The weekday (0 = Sunday) of the grid's first column, from where the 1st of the month sits. */
async function firstColumnWeekday(page: Page) {
  const monthStart = await page.locator("table tbody tr").first().evaluate((row) => {
    const cells = Array.from(row.querySelectorAll("td"));
    return cells.findIndex((cell) => cell.textContent?.trim() !== "");
  });
  const firstLink = await page.locator("table a").first().getAttribute("href");
  const date = new URL(firstLink!, base).searchParams.get("date")!;
  const first = new Date(`${date.slice(0, 8)}01T12:00:00Z`);
  return (first.getUTCDay() - monthStart + 7) % 7;
}

async function noEnglish(page: Page, state: string) {
  const text = await page.locator("body").innerText();
  for (const words of english) expect(text, `${state}: "${words}"`).not.toContain(words);
}

for (const javaScript of [false, true]) {
  test(`the German journey with JavaScript ${javaScript ? "on" : "off"}: texts, names, Monday first, language kept`, async ({ browser }) => {
    const event = await makeEvent();
    const context = await browser.newContext({ javaScriptEnabled: javaScript, timezoneId: "Europe/Berlin", bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${event.calendarPath}?lang=de`);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await page.locator(`a[href^="${event.path}?"][href*="lang=de"]`).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    if (javaScript) await expect(page.locator("body")).toHaveAttribute("data-hydrated", "true");
    await noEnglish(page, "German grid");
    expect(await firstColumnWeekday(page)).toBe(1);
    const dayLink = page.locator("table a").first();
    const date = new URL((await dayLink.getAttribute("href"))!, base).searchParams.get("date")!;
    const { month, weekday } = names("de", new Date(`${date}T12:00:00Z`));
    await expect(dayLink).toHaveAttribute("aria-label", new RegExp(`^${weekday}, \\d+\\. ${month} \\d{4}$`));
    await expect(page.locator("table caption")).toContainText(month);
    await expect(page.locator("thead th").first()).toContainText("Mo");
    // A time: 24-hour, on the German form; the form posts and redirects in German.
    const slot = page.locator("#slots a").first();
    await expect(slot).toHaveText(/^\d\d:\d\d/);
    await slot.click();
    await expect(page).toHaveURL(/time=.*lang=de|lang=de.*time=/);
    await page.getByLabel("Ihr Name").fill("Jana Beispiel");
    await page.getByLabel("Ihre E-Mail-Adresse").fill(`jana-${javaScript}@example.org`);
    await page.locator("#booking-form button[type=submit]").click();
    await expect(page).toHaveURL(/\/booking\/[0-9a-f]{32}\?lang=de$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Buchung bestätigt");
    await noEnglish(page, "German manage page");
    const hash = new URL(page.url()).pathname.split("/").pop()!;
    expect((await bookingsOf(event)).find((b) => b.hash === hash)?.language).toBe("de");
    // Cancel, still in German.
    await page.locator(`a[href*="/booking/${hash}/cancel"]`).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await page.locator("textarea").fill("Passt doch nicht");
    await page.locator("form[method=post] button[type=submit]").click();
    await expect(page).toHaveURL(new RegExp(`/booking/${hash}\\?lang=de$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Buchung storniert");
    await context.close();
  });

  test(`the Arabic journey with JavaScript ${javaScript ? "on" : "off"}: right to left, mirrored, Saturday first, axe-clean`, async ({ browser }) => {
    const event = await makeEvent();
    // No `lang=`: the browser's language chooses.
    const context = await browser.newContext({ javaScriptEnabled: javaScript, locale: "ar-EG", timezoneId: "Africa/Cairo", bypassCSP: true, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(event.path);
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    if (javaScript) {
      // The browser's zone replaces the event's in place: measure the page once it has.
      await expect(page.locator("body")).toHaveAttribute("data-hydrated", "true");
      await expect(page).toHaveURL(/tz=Africa%2FCairo/);
      await expect(page.locator("#zone-label")).toContainText("Africa/Cairo");
    }
    await noEnglish(page, "Arabic grid");
    expect(await firstColumnWeekday(page)).toBe(6);
    // Mirrored: the grid's first column is its rightmost.
    const cells = page.locator("table thead th");
    const first = await cells.first().boundingBox();
    const last = await cells.last().boundingBox();
    expect(first!.x).toBeGreaterThan(last!.x);
    // Times read as digits (Latin), with CLDR's Arabic marks.
    await expect(page.locator("#slots a").first()).toHaveText(/\d{1,2}:\d\d\s?(ص|م)/);
    if (javaScript) await checkAxe(page, "Arabic grid, 1280");
    else await checkAxeAsRendered(page, "Arabic grid, 1280, no JavaScript");
    await page.setViewportSize({ width: 360, height: 800 });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await page.locator("#slots a").first().click();
    await expect(page.locator("#booking-form")).toBeVisible();
    await expect(page).toHaveURL(/lang=ar/);
    if (javaScript) await checkAxe(page, "Arabic form, 360");
    else await checkAxeAsRendered(page, "Arabic form, 360, no JavaScript");
    await page.locator("#f-name").fill("ليلى");
    await page.locator("#f-email").fill(`layla-${javaScript}@example.org`);
    await page.locator("#booking-form button[type=submit]").click();
    await expect(page).toHaveURL(/\/booking\/[0-9a-f]{32}\?lang=ar$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("تم تأكيد الحجز");
    if (javaScript) await checkAxe(page, "Arabic manage page");
    else await checkAxeAsRendered(page, "Arabic manage page, no JavaScript");
    await context.close();
  });
}

test("the picker changes the language of the view shown, with the whole page, and remembers it", async ({ browser }) => {
  const event = await makeEvent();
  const context = await browser.newContext({ timezoneId: "Europe/Berlin" });
  const page = await context.newPage();
  await page.goto(`${event.path}?tz=Europe%2FBerlin`);
  await expect(page.locator("body")).toHaveAttribute("data-hydrated", "true");
  // A day chosen in place, then Japanese: the same day, now in Japanese.
  await page.locator("table a").nth(1).click();
  await expect(page).toHaveURL(/date=/);
  const date = new URL(page.url()).searchParams.get("date");
  await page.getByLabel("Language").selectOption("ja");
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  expect(new URL(page.url()).searchParams.get("date")).toBe(date);
  await expect(page.locator("#language-select")).toHaveValue("ja");
  expect((await context.cookies()).find((c) => c.name === "slotbook_lang")?.value).toBe("ja");
  // The cookie keeps it on the next visit, without `lang=`.
  await page.goto(event.path);
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  await context.close();
});

test("a hydrated German page loads at most 120 KB of script on the wire", async ({ browser }) => {
  const event = await makeEvent();
  const context = await browser.newContext({ extraHTTPHeaders: { "accept-encoding": "gzip" } });
  const page = await context.newPage();
  let bytes = 0;
  page.on("response", async (response) => {
    if (!/\.(js|wasm)$/.test(new URL(response.url()).pathname)) return;
    const sizes = await response.request().sizes();
    bytes += sizes.responseBodySize;
  });
  await page.goto(`${event.path}?lang=de`);
  await expect(page.locator("body")).toHaveAttribute("data-hydrated", "true");
  expect(bytes).toBeGreaterThan(0);
  expect(bytes).toBeLessThanOrEqual(120 * 1024);
  await context.close();
});

// The dashboard speaks its user's profile language (DESIGN 2.9): a host picks German in its
// profile and every dashboard page is German, words, title and <html lang> alike, axe-clean at
// a phone's and a desktop's width, with JavaScript on (the save applies in place, then the
// whole page turns German) and off (a plain post).
const dashboardEnglish = ["Overview", "Bookings", "Calendars", "Availability", "Settings", "Log out", "Save", "Profile", "Language", "Menu"];

for (const javaScript of [true, false]) {
  test(`the dashboard speaks the profile's German with JavaScript ${javaScript ? "on" : "off"}`, async ({ browser }) => {
    const login = `greta-${javaScript ? "js" : "plain"}-${Date.now()}`;
    const secret = "greta-password-1";
    await api("POST", "/users", { login, email: `${login}@example.org`, name: "Greta Weber", role: "host", password: secret });
    const context = await browser.newContext({ bypassCSP: true, javaScriptEnabled: javaScript, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInAs(page, login, secret);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.goto("/admin/settings");
    if (javaScript) await expect(page.locator("#admin-shell")).toHaveAttribute("data-hydrated", "true");
    await page.locator("#profile select[name=language]").selectOption("de");
    await page.locator("#profile button[type=submit]").click();
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Einstellungen");
    await expect(page.locator("#profile select[name=language]")).toHaveValue("de");
    const pages: Array<[string, string]> = [
      ["/admin", "Übersicht"],
      ["/admin/bookings", "Buchungen"],
      ["/admin/calendars", "Kalender"],
      ["/admin/availability", "Verfügbarkeit"],
      ["/admin/settings", "Einstellungen"],
    ];
    for (const [path, heading] of pages) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("lang", "de");
      await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page).toHaveTitle(`${heading} · slotbook`);
      await expect(page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Übersicht" })).toBeAttached();
      const text = await page.locator("body").innerText();
      for (const words of dashboardEnglish) expect(text, `${path}: "${words}"`).not.toMatch(new RegExp(`\\b${words}\\b`));
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        if (javaScript) await checkAxe(page, `${path} in German, ${width}`);
        else await checkAxeAsRendered(page, `${path} in German, ${width}`);
      }
    }
    // Back to the browser's language: English again.
    await page.goto("/admin/settings");
    await page.locator("#profile select[name=language]").selectOption("");
    await page.locator("#profile button[type=submit]").click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Settings");
    await context.close();
  });
}

test("the login page speaks the browser's language", async ({ browser }) => {
  const context = await browser.newContext({ bypassCSP: true, locale: "de-DE" });
  const page = await context.newPage();
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page).toHaveTitle("Anmelden · slotbook");
  await expect(page.getByLabel("Anmeldename oder E-Mail")).toBeVisible();
  await page.getByLabel("Anmeldename oder E-Mail").fill("nobody");
  await page.getByLabel("Passwort").fill("wrong-password");
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText("nicht korrekt");
  await checkAxe(page, "German login page");
  await context.close();
});
