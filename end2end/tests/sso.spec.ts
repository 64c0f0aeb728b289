import { expect, test } from "@playwright/test";
import { checkAxeAsRendered } from "./support";

// Single sign-on (DESIGN 2.10) with JavaScript off, through the real OpenID provider that
// scripts/test starts beside the server (tests/common/oidc-provider.mjs). Its login screen is
// the tests' own: the address of the interaction plus `account`, `email` and `verified`.

const providerName = process.env.E2E_SSO_NAME ?? "";
const hostEmail = process.env.E2E_HOST_EMAIL ?? "";

/** At the provider's login screen: logs `account` in with these claims. */
async function loginAtProvider(page: import("@playwright/test").Page, account: string, email: string) {
  await expect(page).toHaveURL(/\/interaction\//);
  const url = new URL(page.url());
  url.searchParams.set("account", account);
  url.searchParams.set("email", email);
  url.searchParams.set("verified", "true");
  await page.goto(url.toString());
}

for (const width of [360, 1280]) {
  test(`a host logs in through single sign-on without JavaScript at ${width} px`, async ({ browser }) => {
    test.skip(!providerName, "single sign-on is not configured for this run");
    const context = await browser.newContext({ bypassCSP: true, javaScriptEnabled: false, viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto("/login?next=%2Fadmin%2Fbookings");
    const link = page.getByRole("link", { name: `Log in with ${providerName}` });
    await expect(link).toBeVisible();
    await expect(page.getByLabel("Password")).toBeVisible();
    await checkAxeAsRendered(page, `login with single sign-on, ${width}`);
    await link.click();
    await loginAtProvider(page, `e2e-host-sub-${width}`, hostEmail);
    await expect(page).toHaveURL(/\/admin\/bookings$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    // Someone the site does not know: the login page says so.
    const stranger = await browser.newContext({ bypassCSP: true, javaScriptEnabled: false, viewport: { width, height: 900 } });
    const strangerPage = await stranger.newPage();
    await strangerPage.goto("/login");
    await strangerPage.getByRole("link", { name: `Log in with ${providerName}` }).click();
    await loginAtProvider(strangerPage, `stranger-${width}`, `stranger-${width}@nowhere.test`);
    await expect(strangerPage.getByRole("alert")).toHaveText("No account matches this email address.");
    await checkAxeAsRendered(strangerPage, `single sign-on refused, ${width}`);
    await stranger.close();
    await context.close();
  });
}
