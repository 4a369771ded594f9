import { type BootOptions, boot, type RunningApp } from "../../src/boot";
import { type Config, loadConfig } from "../../src/config";
import { createLogger } from "../../src/logger";
import { createTestDatabase, type TestDatabase } from "./test-database";

export type TestApp = RunningApp & { testDatabase: TestDatabase; config: Config; close(): Promise<void> };

/**
 * Starts the real app (the same boot() as production) on a free port with a database of its
 * own. Logs are silent unless TEST_LOG_LEVEL is set.
 */
export async function startTestApp(options: BootOptions & { env?: Record<string, string> } = {}): Promise<TestApp> {
  const testDatabase = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: "test", PORT: "0", LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent", ...options.env });
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
