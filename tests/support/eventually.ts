/** Polls `read` until it gives a value (not undefined), for state that settles in the background (a job, an email). */
export async function eventually<T>(read: () => Promise<T | undefined>, timeoutMs = 15_000, everyMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for a value`);
    await Bun.sleep(everyMs);
  }
}
