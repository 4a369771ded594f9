import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { islands } from "../../islands/registry";
import { browserEntries, findBoundaryViolations } from "../../scripts/browser-boundary";

/** The build's check that no island bundle reaches server-only code (scripts/browser-boundary.ts). */

const tree = mkdtempSync(join(tmpdir(), "cadence-boundary-"));
afterAll(() => rmSync(tree, { recursive: true, force: true }));

/** Writes files into a throwaway repository layout and checks one island in it. */
function check(island: string, files: Record<string, string>) {
  for (const [path, text] of Object.entries({ [`islands/${island}.tsx`]: files.island ?? "", ...files })) {
    if (path === "island") continue;
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), text);
  }
  return findBoundaryViolations([join(tree, "islands", `${island}.tsx`)], tree);
}

describe("the browser boundary", () => {
  test("today's islands and page scripts reach nothing server-only", () => {
    expect(findBoundaryViolations(browserEntries(Object.keys(islands), ["site/public-site", "site/contact-form"]))).toEqual([]);
  });

  test("a deliberate import of the database from an island fails, naming the chain", () => {
    const violations = check("BadIsland", {
      island: `import { createDatabase } from "../db/client";\nexport default function BadIsland() { return String(createDatabase); }\n`,
      "db/client.ts": `import postgres from "postgres";\nexport const createDatabase = () => postgres;\n`,
    });
    expect(violations).toEqual([{ module: "db/client.ts", chain: ["islands/BadIsland.tsx"] }]);
  });

  test("a shared module that imports a service is caught at the service, through the shared module", () => {
    const violations = check("Sneaky", {
      island: `import { rule } from "../src/shared/rule";\nexport default function Sneaky() { return rule; }\n`,
      "src/shared/rule.ts": `import { posts } from "../services/posts";\nexport const rule = posts;\n`,
      "src/services/posts.ts": `export const posts = 1;\n`,
    });
    expect(violations).toEqual([{ module: "src/services/posts.ts", chain: ["islands/Sneaky.tsx", "src/shared/rule.ts"] }]);
  });

  test("server-only packages are refused; browser packages, shared code and type-only imports pass", () => {
    const violations = check("Mixed", {
      island: [
        `import { useState } from "react";`,
        `import * as v from "valibot";`,
        `import type { Row } from "../src/services/rows";`,
        `import { wall } from "../src/shared/time";`,
        `import Stripe from "stripe";`,
        `export default function Mixed(props: { row: Row }) { useState(0); return [v, wall, Stripe, props]; }`,
      ].join("\n"),
      "src/services/rows.ts": `import postgres from "postgres";\nexport type Row = { id: string };\nexport const sql = postgres;\n`,
      "src/shared/time.ts": `export const wall = 1;\n`,
    });
    expect(violations).toEqual([{ module: "stripe", chain: ["islands/Mixed.tsx"] }]);
  });
});
