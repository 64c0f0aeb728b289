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

