import { type BootOptions, boot, type RunningApp } from "../../src/boot";
import { type Config, loadConfig } from "../../src/config";
import { createLogger } from "../../src/logger";
import { freePort } from "./free-port";
import { createTestDatabase, type TestDatabase } from "./test-database";

export type TestApp = RunningApp & { testDatabase: TestDatabase; config: Config; close(): Promise<void> };

/**
 * Starts the real app (the same boot() as production) on a free port with a database of its
 * own. Logs are silent unless TEST_LOG_LEVEL is set.
 */
export async function startTestApp(options: BootOptions & { env?: Record<string, string> } = {}): Promise<TestApp> {
  const testDatabase = await createTestDatabase();
  // A known port (not 0) so APP_URL, and every absolute link built from it, is the real address.
  const port = String(await freePort());
  const config = loadConfig({ NODE_ENV: "test", PORT: port, LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent", ...options.env });
  const running = await boot(config, {
    logger: createLogger(config.logLevel),
    ...options,
    database: testDatabase.database,
  });
  return {
    ...running,
    testDatabase,
    config,
    async close() {
      await running.stop();
      await testDatabase.drop();
    },
  };
}
