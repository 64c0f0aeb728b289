import { expect, test } from "@playwright/test";
import { createHmac } from "node:crypto";
import { api, checkAxeAsRendered, signInAs } from "./support";

// Accounts (DESIGN 2.10) with JavaScript off: the security page (sessions, application
// passwords) and the audit log page, at a phone's and a desktop's width.

const login = process.env.E2E_LOGIN ?? "admin";
const password = process.env.E2E_PASSWORD ?? "";

for (const width of [360, 1280]) {
  test(`sessions and application passwords are managed without JavaScript at ${width} px`, async ({ browser }) => {
    // A second session of the same user, to be ended from the first.
    const other = await browser.newContext({ bypassCSP: true });
    const otherPage = await other.newPage();
    await signInAs(otherPage, login, password);
    const context = await browser.newContext({ bypassCSP: true, javaScriptEnabled: false, viewport: { width, height: 900 } });
    const page = await context.newPage();
    await signInAs(page, login, password);
    await page.goto("/admin/settings");
    await page.getByRole("link", { name: "Sessions and application passwords" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Security" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Sessions" })).toBeVisible();
    await expect(page.getByText("This session")).toBeVisible();
    await checkAxeAsRendered(page, `security page, ${width}`);

    const name = `Reports ${width}`;
    await page.getByLabel("Name").fill(name);
    await page.getByRole("button", { name: "Create application password" }).click();
    const shown = page.locator("#new-app-password code");
    await expect(shown).toHaveText(/^(\w{4} ){5}\w{4}$/);
    await checkAxeAsRendered(page, `new application password, ${width}`);
    await page.goto("/admin/settings/security");
    await expect(page.locator("#new-app-password")).toHaveCount(0);
    await page.getByRole("button", { name: `Revoke ${name}` }).click();
    await expect(page.getByRole("status")).toHaveText("Application password has been revoked.");
    await expect(page.getByRole("cell", { name, exact: true })).toHaveCount(0);

    await page.getByRole("button", { name: "End all other sessions" }).click();
    await expect(page.getByRole("status")).toHaveText("Other sessions have been ended.");
    await otherPage.goto("/admin/settings/security");
    await expect(otherPage).toHaveURL(/\/login/);
    await other.close();
    await context.close();
  });

  test(`the audit log is filtered and paged without JavaScript at ${width} px`, async ({ browser }) => {
    const context = await browser.newContext({ bypassCSP: true, javaScriptEnabled: false, viewport: { width, height: 900 } });
    const page = await context.newPage();
    await signInAs(page, login, password);
    await page.goto("/admin/settings");
    await page.getByRole("link", { name: "Audit log" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
    await page.getByLabel("Action").selectOption("login.succeeded");
    await page.getByLabel("Outcome").selectOption("success");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/action=login.succeeded/);
    const rows = page.locator("#audit-table tbody tr");
    await expect(rows.first()).toContainText("login.succeeded");
    await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", /\/admin\/audit-log\.csv\?action=login\.succeeded/);
    await checkAxeAsRendered(page, `audit log, ${width}`);
    await page.getByLabel("From").fill("2000-13-01");
    await page.goto("/admin/audit-log?from=yesterday");
    await expect(page.getByRole("alert")).toBeVisible();
    await checkAxeAsRendered(page, `audit log, refused filter, ${width}`);
    await context.close();
  });
}

/** The code an authenticator app shows for a base32 secret, `stepsAhead` steps from now. */
function authenticatorCode(secret: string, stepsAhead = 0): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const c of secret.replace(/\s/g, "")) bits += alphabet.indexOf(c).toString(2).padStart(5, "0");
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 1000 / 30) + stepsAhead));
  const mac = createHmac("sha1", key).update(counter).digest();
  const offset = mac[mac.length - 1] & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

test("two-factor login is set up, used and turned off without JavaScript", async ({ browser }) => {
  const host = process.env.E2E_HOST_LOGIN ?? "";
  test.skip(host === "", "scripts/test makes the second host");
  const hostPassword = process.env.E2E_HOST_PASSWORD ?? "";
  // Off to start with, whatever an earlier run left (an administrator's REST call).
  const { users } = await api("GET", "/users");
  const hostId = users.find((u: { login: string }) => u.login === host).id;
  await api("DELETE", `/users/${hostId}/two-factor`);
  const context = await browser.newContext({ bypassCSP: true, javaScriptEnabled: false, viewport: { width: 360, height: 900 } });
  const page = await context.newPage();
  await signInAs(page, host, hostPassword);
  await page.goto("/admin/settings/security");
  await expect(page.locator("#two-factor-state")).toHaveText("Off");
  await page.getByRole("link", { name: "Set up two-factor authentication" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Set up two-factor authentication" })).toBeVisible();
  await expect(page.getByRole("img", { name: "QR code" })).toBeVisible();
  await checkAxeAsRendered(page, "two-factor set-up");
  const secret = (await page.locator("#totp-secret").textContent()) ?? "";
  await page.getByLabel("Authentication code").fill("000000");
  await page.getByRole("button", { name: "Turn on two-factor authentication" }).click();
  await expect(page.getByRole("alert")).toHaveText("The code is not correct.");
  await checkAxeAsRendered(page, "two-factor set-up, wrong code");
  await page.getByLabel("Authentication code").fill(authenticatorCode(secret));
  await page.getByRole("button", { name: "Turn on two-factor authentication" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Recovery codes", exact: true })).toBeVisible();
  const codes = await page.locator("#recovery-codes code").allTextContents();
  expect(codes).toHaveLength(10);
  await checkAxeAsRendered(page, "recovery codes");
  await context.close();

  // Logging in now asks for a code; a recovery code does.
  const next = await browser.newContext({ bypassCSP: true, javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  const login = await next.newPage();
  await login.goto("/login");
  await login.fill("input[name=login]", host);
  await login.fill("input[name=password]", hostPassword);
  await login.click("button[type=submit]");
  await expect(login).toHaveURL(/\/login\/two-factor$/);
  await expect(login.getByRole("heading", { level: 1, name: "Two-factor authentication" })).toBeVisible();
  await checkAxeAsRendered(login, "two-factor login");
  await login.getByLabel("Authentication code").fill("111111");
  await login.getByRole("button", { name: "Verify" }).click();
  await expect(login.getByRole("alert")).toHaveText("The code is not correct.");
  await login.getByLabel("Authentication code").fill(codes[0]);
  await login.getByRole("button", { name: "Verify" }).click();
  await expect(login).toHaveURL(/\/admin$/);
  // Turned off again with another recovery code, so the host logs in with a password alone.
  await login.goto("/admin/settings/security/two-factor");
  await checkAxeAsRendered(login, "two-factor on");
  const off = login.locator("section", { has: login.getByRole("heading", { name: "Turn off two-factor authentication" }) });
  await off.getByLabel("Authentication code").fill(codes[1]);
  await off.getByRole("button", { name: "Turn off two-factor authentication" }).click();
  await expect(login.getByRole("status")).toHaveText("Two-factor authentication has been turned off.");
  await expect(login.locator("#two-factor-state")).toHaveText("Off");
  await next.close();
});
