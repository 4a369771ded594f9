import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";

/** axe-core's WCAG 2.x A and AA rules on the page as it is now, one line per violation (the page's context needs bypassCSP). */

const axeSource = readFileSync(join(import.meta.dir, "../../node_modules/axe-core/axe.min.js"), "utf8");

type Violation = { id: string; impact: string; help: string; nodes: { target: string[] }[] };

export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  const found = (await page.evaluate(async () => {
    // @ts-expect-error axe is the script just added
    const result = await window.axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
    return result.violations;
  })) as Violation[];
  return found.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
        .map((node) => node.target.join(" "))
        .slice(0, 3)
        .join(", ")}`,
  );
}
