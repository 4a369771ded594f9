/**
 * `bun run seed`: a demo account with a month of posts in the configured database (PGlite in
 * DATA_DIR, or DATABASE_URL), migrated first. Prints how to sign in. Running it again replaces
 * the demo account. SEED_EMAIL and SEED_PASSWORD choose the credentials.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { openDatabase } from "../db/client";
import { migrate } from "../db/migrate";
import { DataDirLockedError } from "../db/pglite-lock";
import { seedDemoAccount } from "./seed-demo-account";
import { loadConfig } from "../src/config";

// Articles the team wrote (tests/fixtures/articles/README.md), one a week.
const ARTICLES = ["review4-a-pricing-lessons.md", "review-a-story.md", "review-d-howto.md", "review-c-data.md"];

const config = loadConfig();
const database = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir }).catch((error) => {
  // The app is running on this PGlite folder: say so in one line (stop it first).
  if (!(error instanceof DataDirLockedError)) throw error;
  console.error(error.message);
  process.exit(1);
});
try {
  await migrate(database);
  const articles = ARTICLES.map((name) => ({ text: readFileSync(join(import.meta.dir, "..", "tests", "fixtures", "articles", name), "utf8") }));
  const seeded = await seedDemoAccount(database, { articles, email: process.env.SEED_EMAIL, password: process.env.SEED_PASSWORD });
  const count = (status: string) => seeded.posts.filter((post) => post.status === status).length;
  const where = config.databaseUrl ? `PostgreSQL at ${new URL(config.databaseUrl).host}` : `PGlite in ${config.dataDir}`;
  console.log(
    `Seeded ${where}: ${seeded.sources} plans, ${seeded.posts.length} posts (${count("posted")} posted, ${count("scheduled")} scheduled, ${count("draft")} drafts).`,
  );
  console.log(`Sign in at ${config.appUrl}/login with ${seeded.email} / ${seeded.password}`);
} finally {
  await database.close();
}
