import { join } from "node:path";
import { expect, type Page } from "@playwright/test";

// axe-core from npm (package.json); the tests run from the project root.
const axePath = join(process.cwd(), "node_modules", "axe-core", "axe.min.js");

/** No serious or critical axe-core violation on the page as it is now (the context needs
 *  `bypassCSP`, since axe is injected as a script). */
export async function checkAxe(page: Page, state: string) {
  await page.addScriptTag({ path: axePath });
  const result = await page.evaluate(async () => {
    // WCAG 2.2 AA (target size included) and axe's best practices.
    const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
    // @ts-expect-error axe is injected above
    const r = await window.axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return r.violations.map((v: { id: string; impact: string; nodes: { target: string[] }[] }) => ({
      id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(" ")).slice(0, 3),
    }));
  });
  const severe = result.filter((v: { impact: string }) => v.impact === "serious" || v.impact === "critical");
  expect(severe, `${state}: ${JSON.stringify(severe)}`).toEqual([]);
}


/** [`checkAxe`] for a page shown with JavaScript off (where axe cannot run): its HTML as
 *  rendered, at the same address and width, in a page that runs axe but not the site's
 *  scripts. */
export async function checkAxeAsRendered(page: Page, state: string) {
  const html = await page.content();
  const browser = page.context().browser();
  if (!browser) throw new Error("no browser");
  const context = await browser.newContext({ bypassCSP: true, viewport: page.viewportSize() ?? undefined });
  const copy = await context.newPage();
  await copy.route(/\.(js|wasm)(\?|$)/, (route) => route.abort());
  await copy.goto(new URL("/healthz", page.url()).toString());
  await copy.setContent(html, { waitUntil: "load" });
  await checkAxe(copy, state);
  await context.close();
}

// The REST API as the administrator (an application password made by scripts/test).
export const base = process.env.BASE_URL ?? "http://127.0.0.1:3000";
const login = process.env.E2E_LOGIN ?? "admin";
const appPassword = process.env.E2E_APP_PASSWORD ?? "";
const auth = "Basic " + Buffer.from(`${login}:${appPassword}`).toString("base64");

export type Event = { id: number; calendarId: number; title: string; path: string; calendarPath: string };

export async function api(method: string, path: string, body?: unknown) {
  const response = await fetch(`${base}/api/v2${path}`, {
    method,
    headers: { authorization: auth, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

let calendar: { id: number; path: string } | null = null;
let counter = 0;
// Each test file loads this module afresh; the tag keeps titles apart across files, since all
// of them add events to the administrator's one calendar.
const tag = Math.random().toString(36).slice(2, 6);
/** An event open 09:00-17:00 (Berlin) every day, no notice, 60 days ahead, in the
 *  administrator's calendar (made on first use: a user has one calendar of its own). */
export async function makeEvent(settings: Record<string, unknown> = {}): Promise<Event> {
  counter += 1;
  const week = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((day) => ({ day, from: "09:00", to: "17:00" }));
  const event = {
    title: `Intro call ${counter} ${tag}`, duration: 30, status: "active", event_type: "single", availability_type: "custom",
    settings: { schedule_type: "weekly_schedules", weekly_schedules: week, range_days: 60,
                schedule_conditions: { value: 0, unit: "minutes" }, ...settings },
  };
  let made;
  if (calendar === null) {
    // A test file restarts its worker after a failure: the calendar may exist already.
    const list = await api("GET", "/calendars");
    const own = list.calendars.data[0];
    if (own) calendar = { id: own.id, path: `/${own.slug}` };
  }
  if (calendar === null) {
    made = await api("POST", "/calendars", { calendar: { author_timezone: "Europe/Berlin", slot: event } });
    calendar = { id: made.calendar.id, path: `/${made.calendar.slug}` };
  } else {
    made = await api("POST", `/calendars/${calendar.id}/events`, event);
  }
  return { id: made.slot.id, calendarId: calendar.id, title: event.title, path: `${calendar.path}/${made.slot.slug}`, calendarPath: calendar.path };
}


/** Signs in on `/login` and lands on the dashboard's overview. */
export async function signInAs(page: Page, who: string, secret: string) {
  await page.goto("/login");
  await page.fill("input[name=login]", who);
  await page.fill("input[name=password]", secret);
  await page.click("button[type=submit]");
  await expect(page).toHaveURL(/\/admin$/);
}

/** Presses Tab until `target` has the focus (fails after `limit` presses). */
export async function tabTo(page: Page, target: ReturnType<Page["locator"]>, limit = 80) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("not reachable by Tab");
}
