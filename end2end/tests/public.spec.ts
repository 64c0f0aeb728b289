import { expect, test, type Browser, type Page } from "@playwright/test";
import { checkAxe, api, makeEvent, type Event } from "./support";

// The attendee's journey on the public pages, with JavaScript off and on, by keyboard, at
// 360 px, and under axe-core. Each test makes its own calendar through the REST API.

const base = process.env.BASE_URL ?? "http://127.0.0.1:3000";

async function bookingsOf(event: Event) {
  const list = await api("GET", `/schedules?filters%5Bevent%5D=${event.id}&filters%5Bperiod%5D=upcoming`);
  return list.schedules.data as Array<{ hash: string; status: string; start_time: string }>;
}

async function noSideways(page: Page, state: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${state} scrolls sideways`).toBeLessThanOrEqual(page.viewportSize()!.width);
}

async function fillDetails(page: Page, name: string, email: string) {
  await page.getByLabel("Your Name").fill(name);
  await page.getByLabel("Your Email").fill(email);
}

test("an attendee books, reschedules and cancels with JavaScript off", async ({ browser }) => {
  const event = await makeEvent();
  const context = await browser.newContext({ javaScriptEnabled: false, timezoneId: "America/New_York" });
  const page = await context.newPage();

  await page.goto(event.calendarPath);
  await page.getByRole("link", { name: new RegExp(`${event.title}\\b`) }).click();
  await expect(page).toHaveURL(`${event.path}?lang=en`);
  await expect(page.getByRole("heading", { level: 1, name: event.title })).toBeVisible();
  // Without JavaScript the event's zone is used.
  await expect(page.locator("#zone-label")).toContainText("Europe/Berlin, UTC+");
  await page.locator("#slots a").first().click();
  await expect(page).toHaveURL(/time=/);
  await fillDetails(page, "Nora Nojs", "nora@example.org");
  await page.getByRole("button", { name: "Confirm booking" }).click();
  await expect(page).toHaveURL(/\/booking\/[0-9a-f]{32}\?lang=en$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Booking confirmed");
  // Only attendee-facing data: no host email (the administrator's is admin@...).
  expect(await page.content()).not.toMatch(/admin@|internal_note/);
  const hash = new URL(page.url()).pathname.split("/").pop()!;
  const before = (await bookingsOf(event)).find((b) => b.hash === hash)!;
  expect(before.status).toBe("scheduled");

  await page.getByRole("link", { name: "Reschedule" }).click();
  await expect(page).toHaveURL(`/booking/${hash}/reschedule?lang=en`);
  await page.locator("table a").nth(1).click();
  await page.locator("#slots a").first().click();
  await page.getByLabel(/reason/i).fill("Something came up");
  await page.getByRole("button", { name: "Confirm new time" }).click();
  await expect(page).toHaveURL(`/booking/${hash}?lang=en`);
  const moved = (await bookingsOf(event)).find((b) => b.hash === hash)!;
  expect(moved.start_time).not.toBe(before.start_time);

  await page.getByRole("link", { name: "Cancel" }).click();
  await page.getByLabel("Reason").fill("Not needed");
  await page.getByRole("button", { name: "Cancel booking" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Booking cancelled");
  const ics = await (await fetch(`${base}/booking/${hash}/ics`)).text();
  expect(ics).toContain("STATUS:CANCELLED");
  await context.close();
});

test("with JavaScript the browser's zone is used, and the whole booking works by keyboard", async ({ browser }) => {
  const event = await makeEvent();
  const context = await browser.newContext({ timezoneId: "Asia/Tokyo" });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(event.path);
  await expect(page).toHaveURL(/tz=Asia%2FTokyo/);
  await expect(page.locator("body")).toHaveAttribute("data-hydrated", "true");
  await expect(page.locator("#zone-label")).toHaveText(/^Asia\/Tokyo, UTC\+09:00$/);

  // Keyboard only: Tab to the first time, Enter; Tab through the form; Enter on the button.
  for (let i = 0; i < 200; i += 1) {
    await page.keyboard.press("Tab");
    if (await page.evaluate(() => document.activeElement?.closest("#slots") !== null)) break;
  }
  await page.keyboard.press("Enter");
  await expect(page.locator("#booking-form")).toBeVisible();
  await page.locator("#booking-form").focus().catch(() => undefined);
  for (let i = 0; i < 20; i += 1) {
    await page.keyboard.press("Tab");
    if (await page.evaluate(() => document.activeElement?.getAttribute("name") === "name")) break;
  }
  await page.keyboard.type("Kei Keyboard");
  await page.keyboard.press("Tab");
  await page.keyboard.type("kei@example.org");
  for (let i = 0; i < 10; i += 1) {
    await page.keyboard.press("Tab");
    if (await page.evaluate(() => document.activeElement?.tagName === "BUTTON")) break;
  }
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/booking\/[0-9a-f]{32}\?lang=en$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Booking confirmed");
  await expect(page.getByText("Asia/Tokyo, UTC+09:00")).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});

test("one document per visit: the browser's zone is shown in place and remembered; files come compressed and are kept", async ({ browser }) => {
  const event = await makeEvent();
  const context = await browser.newContext({ timezoneId: "Asia/Tokyo" });
  const page = await context.newPage();
  const documents: string[] = [];
  const files: { url: string; encoding: string; cache: string }[] = [];
  page.on("response", async (response) => {
    const kind = response.request().resourceType();
    if (kind === "document") documents.push(response.url());
    if (new URL(response.url()).pathname.startsWith("/pkg/")) {
      const headers = await response.allHeaders();
      files.push({ url: response.url(), encoding: headers["content-encoding"] ?? "", cache: headers["cache-control"] ?? "" });
    }
  });
  // First visit: the event's zone in the first HTML, then the browser's in place.
  await page.goto(event.path);
  await expect(page.locator("body")).toHaveAttribute("data-hydrated", "true");
  await expect(page.locator("#zone-label")).toHaveText(/^Asia\/Tokyo, UTC\+09:00$/);
  await expect(page).toHaveURL(/tz=Asia%2FTokyo/);
  expect(documents, "the page is loaded once").toHaveLength(1);
  expect(files.length).toBeGreaterThanOrEqual(2);
  for (const file of files) {
    expect(file.encoding, `${file.url} compressed`).toMatch(/^(br|gzip)$/);
    expect(file.cache, `${file.url} kept`).toBe("public, max-age=31536000, immutable");
  }
  expect((await context.cookies()).find((c) => c.name === "slotbook_tz")?.value).toBe("Asia/Tokyo");
  // Next visit: the first HTML is already in the remembered zone, and nothing is replaced.
  const first = await page.request.get(event.path);
  expect(first.headers()["cache-control"]).toBe("no-cache");
  expect(await first.text()).toContain("Asia/Tokyo, UTC+09:00");
  documents.length = 0;
  await page.goto(event.path);
  await expect(page.locator("body")).toHaveAttribute("data-hydrated", "true");
  await expect(page).toHaveURL(/tz=Asia%2FTokyo/);
  await expect(page.locator("#zone-label")).toHaveText(/^Asia\/Tokyo, UTC\+09:00$/);
  expect(documents, "the page is loaded once").toHaveLength(1);
  await context.close();
});

test("the zone picker shows the times in the chosen zone, keeping the day", async ({ page }) => {
  const event = await makeEvent();
  await page.goto(`${event.path}?tz=Europe%2FBerlin`);
  const day = await page.locator("#day-heading").textContent();
  // Bookings of earlier tests block the same host's times: compare with what Berlin shows.
  const berlinFirst = await page.locator("#slots a").first().getAttribute("href");
  const hour = Number(/time=(\d\d)%3A(\d\d)/.exec(berlinFirst!)![1]);
  const minute = /time=(\d\d)%3A(\d\d)/.exec(berlinFirst!)![2];
  await page.getByLabel("Time zone").selectOption("Europe/London");
  await page.getByRole("button", { name: "Show times" }).click();
  await expect(page).toHaveURL(/tz=Europe%2FLondon/);
  await expect(page.locator("#day-heading")).toHaveText(day!);
  await expect(page.locator("#zone-label")).toContainText("Europe/London, UTC");
  // London is one hour behind Berlin all year.
  const londonFirst = await page.locator("#slots a").first().getAttribute("href");
  expect(londonFirst).toContain(`time=${String(hour - 1).padStart(2, "0")}%3A${minute}`);
});

test("validation errors are shown beside the fields and in an alert", async ({ page }) => {
  const event = await makeEvent();
  await page.goto(`${event.path}?tz=Europe%2FBerlin`);
  await page.locator("#slots a").first().click();
  await page.getByLabel("Your Email").fill("not-an-address");
  await page.getByRole("button", { name: "Confirm booking" }).click();
  await expect(page.getByRole("alert")).toContainText("Please provide a valid email address");
  // After hydration the summary of what to fix has the focus.
  await expect(page.locator("#form-alert")).toBeFocused();
  await expect(page.getByLabel("Your Email")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Your Email")).toHaveValue("not-an-address");
});

async function openForm(browser: Browser, url: string) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(url);
  return { context, page };
}

/** The first time a week ahead (late in the day, today's last times may all be taken by the
 *  other tests' bookings, and a loser must still see times to pick). */
async function slotAWeekAhead(browser: Browser, event: { path: string }) {
  const probe = await browser.newPage();
  const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  await probe.goto(`${event.path}?tz=Europe%2FBerlin&date=${day}`);
  const slotUrl = await probe.locator("#slots a").first().getAttribute("href");
  await probe.close();
  return `${base}${slotUrl}`;
}

test("the form holds its time: a second browser is told at once and the holder books", async ({ browser }) => {
  const event = await makeEvent();
  const slotUrl = await slotAWeekAhead(browser, event);
  const a = await openForm(browser, slotUrl);
  await expect(a.page.getByText(/^Held for you until \d/)).toBeVisible();
  const b = await openForm(browser, slotUrl);
  await expect(b.page.getByText("That time is not available any more.")).toBeVisible();
  await expect(b.page.locator("#booking-form")).toHaveCount(0);
  await expect(b.page.locator("#slots a").first()).toBeVisible();
  await fillDetails(a.page, "Ada First", "ada@example.org");
  await a.page.getByRole("button", { name: "Confirm booking" }).click();
  await expect(a.page).toHaveURL(/\/booking\/[0-9a-f]{32}\?lang=en$/);
  expect(await bookingsOf(event)).toHaveLength(1);
  await a.context.close();
  await b.context.close();
});

test("without holds, two browsers racing for the last seat: one booking, one 'no longer available'", async ({ browser }) => {
  const event = await makeEvent();
  await api("POST", `/calendars/${event.calendarId}/events/${event.id}/advanced-settings`, { settings: { hold_minutes: 0 } });
  const slotUrl = await slotAWeekAhead(browser, event);
  const a = await openForm(browser, slotUrl);
  const b = await openForm(browser, slotUrl);
  await fillDetails(a.page, "Ada First", "ada@example.org");
  await fillDetails(b.page, "Bea Second", "bea@example.org");
  await Promise.all([
    a.page.getByRole("button", { name: "Confirm booking" }).click(),
    b.page.getByRole("button", { name: "Confirm booking" }).click(),
  ]);
  await Promise.all([a.page.waitForLoadState(), b.page.waitForLoadState()]);
  const outcomes = [a.page.url(), b.page.url()].map((u) => /\/booking\/[0-9a-f]{32}\?lang=en$/.test(u));
  expect(outcomes.filter(Boolean)).toHaveLength(1);
  const loser = outcomes[0] ? b.page : a.page;
  await expect(loser.getByRole("alert")).toContainText("Maybe someone booked the spot just a few seconds ago.");
  await expect(loser.locator("#slots a").first()).toBeVisible();
  expect(await bookingsOf(event)).toHaveLength(1);
  await a.context.close();
  await b.context.close();
});

test("every page state passes axe-core and fits 360 px", async ({ browser }) => {
  const event = await makeEvent();
  const context = await browser.newContext({ viewport: { width: 360, height: 800 }, bypassCSP: true });
  const page = await context.newPage();
  const visit = async (url: string, state: string) => {
    await page.goto(url);
    await expect(page.locator("body")).toHaveAttribute("data-hydrated", "true");
    await checkAxe(page, state);
    await noSideways(page, state);
  };
  await visit(event.calendarPath, "landing");
  await visit(`${event.path}?tz=Europe%2FBerlin`, "grid");
  const slot = await page.locator("#slots a").first().getAttribute("href");
  await visit(slot!, "form");
  await page.getByRole("button", { name: "Confirm booking" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await checkAxe(page, "form with errors");
  await noSideways(page, "form with errors");
  await fillDetails(page, "Axel Axe", "axel@example.org");
  await page.getByRole("button", { name: "Confirm booking" }).click();
  await expect(page).toHaveURL(/\/booking\/[0-9a-f]{32}\?lang=en$/);
  const manage = new URL(page.url()).pathname;
  await checkAxe(page, "manage");
  await noSideways(page, "manage");
  await visit(`${manage}/reschedule?tz=Europe%2FBerlin`, "reschedule");
  await visit(`${manage}/cancel`, "cancel");
  await visit(`${event.path}?embed=1&tz=Europe%2FBerlin`, "embed");
  await visit("/no-such-calendar-here", "not found");
  await context.close();
  // The same pages in dark colours (the visitor's preference).
  const dark = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true, colorScheme: "dark" });
  const darkPage = await dark.newPage();
  for (const [url, state] of [[`${event.path}?tz=Europe%2FBerlin`, "dark grid"], [slot!, "dark form"], [manage, "dark manage"]]) {
    await darkPage.goto(url);
    await checkAxe(darkPage, state);
  }
  await dark.close();
});

test("the embed sizes itself inside a host page and tells it about the booking", async ({ page }) => {
  const event = await makeEvent();
  const hostPage = `<!doctype html><html><head><title>Host</title></head><body>
    <h1>Our site</h1>
    <script>window.seen = []; ["slotbook:ready", "slotbook:resize", "slotbook:booked"].forEach(
      (t) => addEventListener(t, (e) => window.seen.push(e.detail)));</script>
    <script src="${base}/embed.js" data-slotbook="${event.path}?tz=Europe%2FBerlin" async></script>
    </body></html>`;
  await page.route("http://localhost:9/host.html", (route) => route.fulfill({ contentType: "text/html", body: hostPage }));
  await page.goto("http://localhost:9/host.html");
  const seen = () => page.evaluate(() => (window as unknown as { seen: Array<Record<string, unknown>> }).seen);
  // Should the frame never hydrate, the log says why.
  page.on("console", (m) => { if (m.type() === "error") console.log("frame console:", m.text()); });
  page.on("requestfailed", (r) => console.log("request failed:", r.url(), r.failure()?.errorText));
  const frame = page.frameLocator("iframe");
  await expect(frame.locator("body")).toHaveAttribute("data-hydrated", "true", { timeout: 20_000 });
  await expect.poll(async () => (await seen()).map((m) => m.type)).toContain("slotbook:ready");
  await expect(frame.locator("header")).toHaveCount(0);
  // The iframe is as tall as its content.
  const contentHeight = async () => frame.locator("html").evaluate((el) => el.scrollHeight);
  await expect.poll(async () => {
    const box = await page.locator("iframe").boundingBox();
    return Math.abs((box?.height ?? 0) - (await contentHeight()));
  }).toBeLessThanOrEqual(2);
  await frame.locator("#slots a").first().click();
  await frame.getByLabel("Your Name").fill("Emma Embed");
  await frame.getByLabel("Your Email").fill("emma@example.org");
  await frame.getByRole("button", { name: "Confirm booking" }).click();
  await expect(frame.getByRole("heading", { level: 1 })).toHaveText("Booking confirmed");
  await page.locator("iframe").scrollIntoViewIfNeeded();
  await expect(frame.locator("body")).toHaveAttribute("data-hydrated", "true", { timeout: 20_000 });
  await expect.poll(async () => JSON.stringify(await seen()), { timeout: 20_000 }).toContain("slotbook:booked");
  const booked = (await seen()).find((m) => m.type === "slotbook:booked")!;
  expect(booked.hash).toMatch(/^[0-9a-f]{32}$/);
  expect(booked.start_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:00$/);
  const made = (await bookingsOf(event)).find((b) => b.hash === booked.hash)!;
  expect(made.start_time).toBe(booked.start_time);
});

test("after hydration, days and times change in place, with focus and an announcement", async ({ page }) => {
  const event = await makeEvent();
  await page.goto(`${event.path}?tz=Europe%2FBerlin`);
  await expect(page.locator("body")).toHaveAttribute("data-hydrated", "true");
  // A marker on the window survives only if the page is not reloaded.
  await page.evaluate(() => { (window as unknown as { marker: number }).marker = 42; });
  const firstDay = await page.locator("#day-heading").textContent();
  await page.locator("table a").nth(1).click();
  await expect(page).toHaveURL(/date=/);
  await expect(page.locator("#day-heading")).not.toHaveText(firstDay!);
  await expect(page.locator("#slots a").first()).toBeFocused();
  await expect(page.locator("#live")).toContainText("times");
  await page.locator("#slots a").first().click();
  await expect(page).toHaveURL(/time=/);
  await expect(page.locator("#booking-form")).toBeVisible();
  await expect(page.locator("#times-heading")).toBeFocused();
  expect(await page.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(42);
  await page.goBack();
  await expect(page.locator("#booking-form")).toHaveCount(0);
  await expect(page.locator("#slots a").first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(42);
});

test("with proof of work on, the hydrated page solves the challenge, also for a time chosen in place", async ({ browser }) => {
  const event = await makeEvent();
  await api("POST", "/settings/booking-protection", { proof_of_work: { enabled: true, max_number: 50000 } });
  try {
    const slotUrl = await slotAWeekAhead(browser, event);
    const page = await browser.newPage();
    await page.goto(slotUrl);
    const altcha = page.locator('#booking-form input[name="altcha"]');
    await expect(altcha).not.toHaveValue("", { timeout: 15_000 });
    const first = JSON.parse(Buffer.from(await altcha.inputValue(), "base64").toString());
    expect(first.algorithm).toBe("SHA-256");
    expect(Object.keys(first).sort()).toEqual(["algorithm", "challenge", "number", "salt", "signature"]);
    // Back to the day and another time, in place: a fresh challenge is solved for that form.
    await expect(page.locator("body")).toHaveAttribute("data-hydrated", "true");
    await page.getByRole("link", { name: "Change time" }).click();
    await page.locator("#slots a").nth(1).click();
    await expect(page.locator("#booking-form")).toBeVisible();
    await expect(page.locator('#booking-form input[name="altcha"]')).not.toHaveValue("", { timeout: 15_000 });
    const second = JSON.parse(Buffer.from(await page.locator('#booking-form input[name="altcha"]').inputValue(), "base64").toString());
    expect(second.challenge).not.toBe(first.challenge);
    await fillDetails(page, "Pat Solver", "pat@example.org");
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await expect(page).toHaveURL(/\/booking\/[0-9a-f]{32}\?lang=en$/);
    expect(await bookingsOf(event)).toHaveLength(1);
    await page.close();
  } finally {
    await api("POST", "/settings/booking-protection", { proof_of_work: { enabled: false } });
  }
});

for (const javaScriptEnabled of [false, true]) {
  test(`a weekly series is booked from the page and cancelled from a date on (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({ browser }) => {
    const event = await makeEvent();
    await api("POST", `/calendars/${event.calendarId}/events/${event.id}/advanced-settings`, {
      settings: { recurring_config: { enabled: true, frequency: "weekly", interval: 1, max_count: 4, is_count_fixed: false } },
    });
    const slotUrl = await slotAWeekAhead(browser, event);
    const context = await browser.newContext({ javaScriptEnabled, bypassCSP: true, viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    await page.goto(slotUrl);
    const occurrences = page.getByLabel("Occurrences");
    await expect(occurrences).toHaveValue("4");
    await expect(page.locator("#series-repeats")).toHaveText("Repeats every week");
    await occurrences.selectOption("3");
    // axe runs as a script: with JavaScript off the same HTML is checked by the other run.
    if (javaScriptEnabled) await checkAxe(page, "form with a series");
    await noSideways(page, "form with a series");
    await fillDetails(page, "Sam Series", "sam@example.org");
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await expect(page).toHaveURL(/\/booking\/[0-9a-f]{32}\?lang=en$/);
    const dates = page.getByRole("region", { name: "Dates in this series" }).getByRole("listitem");
    await expect(dates).toHaveCount(3);
    if (javaScriptEnabled) await checkAxe(page, "manage page of a series");
    const booked = await bookingsOf(event);
    expect(booked.map((b) => b.status)).toEqual(["scheduled", "scheduled", "scheduled"]);

    // From the second date on: the first stays.
    await dates.nth(1).getByRole("link").click();
    await page.getByRole("link", { name: "Cancel" }).click();
    await page.getByLabel("This and all later dates").check();
    await page.getByLabel("Reason").fill("Moving away");
    if (javaScriptEnabled) await checkAxe(page, "cancel page of a series");
    await page.getByRole("button", { name: "Cancel booking" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Booking cancelled");
    // The first date stays; the upcoming list leaves the cancelled ones out.
    const after = await bookingsOf(event);
    expect(after.map((b) => b.start_time)).toEqual([booked.map((b) => b.start_time).sort()[0]]);
    await context.close();
  });
}

test("with JavaScript a time chosen in place is held too, and a second visitor is told", async ({ browser }) => {
  const event = await makeEvent();
  const slotUrl = await slotAWeekAhead(browser, event);
  const dayUrl = slotUrl.replace(/&time=[^&]*/, "");
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  await page.goto(dayUrl);
  await expect(page.locator("body")).toHaveAttribute("data-hydrated", "true");
  await page.locator("#slots a").first().click();
  await expect(page.locator("#booking-form")).toBeVisible();
  await expect(page.getByText(/^Held for you until \d/)).toBeVisible();
  await checkAxe(page, "held form, in place");
  const other = await openForm(browser, slotUrl);
  await expect(other.page.getByText("That time is not available any more.")).toBeVisible();
  await other.context.close();
  await fillDetails(page, "Hana Held", "hana@example.org");
  await page.getByRole("button", { name: "Confirm booking" }).click();
  await expect(page).toHaveURL(/\/booking\/[0-9a-f]{32}\?lang=en$/);
  await context.close();
});
