import { expect, test } from "@playwright/test";
import { checkAxeAsRendered, signInAs } from "./support";

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
