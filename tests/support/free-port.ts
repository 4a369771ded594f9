import { createServer } from "node:net";

/** A TCP port nobody is listening on right now, for processes the tests spawn. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Polls url (every pollMs) until it answers 200 or the time is up. */
export async function waitForOk(url: string, timeoutMs = 30_000, pollMs = 100): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return response;
      lastError = new Error(`${url} answered ${response.status}`);
    } catch (error) {
      lastError = error;
    }
    await Bun.sleep(pollMs);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms: ${lastError}`);
}
