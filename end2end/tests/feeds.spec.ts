import { expect, test } from "@playwright/test";
import { checkAxeAsRendered, signInAs } from "./support";

// Calendar feeds (DESIGN 2.12) on the settings page, with JavaScript off, at a phone's and a
// desktop's width: created, read by a calendar (a plain GET of the address), regenerated and
// revoked.

const hostLogin = process.env.E2E_HOST_LOGIN ?? "e2e-host";
const hostPassword = process.env.E2E_HOST_PASSWORD ?? "";

for (const width of [360, 1280]) {
  test(`a host manages calendar feeds without JavaScript at ${width} px`, async ({ browser, request }) => {
    const context = await browser.newContext({ bypassCSP: true, javaScriptEnabled: false, viewport: { width, height: 900 } });
    const page = await context.newPage();
    await signInAs(page, hostLogin, hostPassword);
    await page.goto("/admin/settings#feeds");
    const section = page.locator("#feeds");
    await expect(section.getByRole("heading", { level: 2, name: "Calendar feeds" })).toBeVisible();
    // A run's earlier width may have left feeds: start from none.
    for (const name of ["Revoke bookings feed", "Revoke free/busy feed"]) {
      const revoke = section.getByRole("button", { name });
      if (await revoke.count()) await revoke.click();
    }
    await section.getByRole("button", { name: "Create bookings feed" }).click();
    await expect(page.getByRole("status")).toContainText("The feed has been created.");
    await section.getByRole("button", { name: "Create free/busy feed" }).click();
    const address = section.getByRole("textbox", { name: "Bookings feed", exact: true });
    const webcal = await address.inputValue();
    expect(webcal).toMatch(/^webcal:\/\/.+\/feeds\/[A-Za-z0-9_-]{22,}\.ics$/);
    await checkAxeAsRendered(page, `calendar feeds, ${width}`);

    const url = webcal.replace(/^webcal:/, new URL(page.url()).protocol);
    const feed = await request.get(url);
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(await feed.text()).toContain("BEGIN:VCALENDAR");

    await section.getByRole("button", { name: "Regenerate bookings feed" }).click();
    await expect(page.getByRole("status")).toContainText("new address");
    expect(await section.getByRole("textbox", { name: "Bookings feed", exact: true }).inputValue()).not.toBe(webcal);
    expect((await request.get(url)).status()).toBe(404);

    await section.getByRole("button", { name: "Revoke bookings feed" }).click();
    await expect(page.getByRole("status")).toContainText("revoked");
    await expect(section.getByRole("button", { name: "Create bookings feed" })).toBeVisible();
    await section.getByRole("button", { name: "Revoke free/busy feed" }).click();
    await context.close();
  });
}
