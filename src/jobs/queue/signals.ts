/**
 * The runner's idle wait, cut short by a wake (an enqueue in this process, a job finishing). A
 * wake that arrives while the loop is busy claiming is remembered, not lost.
 */
export function createWakeSignal() {
  let requested = false;
  let interruptSleep: (() => void) | undefined;
  return {
    /** Tells the runner to look for due jobs now. */
    wake() {
      requested = true;
      interruptSleep?.();
    },
    /** Ends the current sleep without asking for a look (stopping). */
    interrupt() {
      interruptSleep?.();
    },
    /** Forgets a remembered wake, as the loop starts a look of its own. */
    clear() {
      requested = false;
    },
    requested: () => requested,
    /** Sleeps for ms, or until woken. */
    sleep(ms: number) {
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        interruptSleep = () => {
          clearTimeout(timer);
          interruptSleep = undefined;
          resolve();
        };
      });
    },
  };
}

export type WakeSignal = ReturnType<typeof createWakeSignal>;

/** Who waits for a job to finish in this process (waitFor) is told at once rather than at its next poll. */
export function createFinishSignal() {
  const listeners = new Map<string, Set<() => void>>();
  return {
    notify(jobId: string) {
      for (const listener of listeners.get(jobId) ?? []) listener();
    },
    /** Resolves when jobId finishes in this process, or after ms. */
    waitOnce(jobId: string, ms: number) {
      return new Promise<void>((resolve) => {
        const waiting = listeners.get(jobId) ?? new Set();
        listeners.set(jobId, waiting);
        const done = () => {
          clearTimeout(timer);
          waiting.delete(done);
          if (waiting.size === 0) listeners.delete(jobId);
          resolve();
        };
        const timer = setTimeout(done, ms);
        waiting.add(done);
      });
    },
  };
}

export type FinishSignal = ReturnType<typeof createFinishSignal>;
