import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { canUndo, readHistory, recordStep, stepBack, writeHistory } from "../../islands/posts/rewrite-history";

/** Undo rewrite's history (islands/posts/rewrite-history.ts): rewrites in a row step back one by one; a manual edit ends the way back. */

describe("the undo history of one post", () => {
  test("several undos step back through rewrites made in a row, to the text before the first", () => {
    let steps = recordStep([], "original", "new hook");
    steps = recordStep(steps, "new hook", "shorter");
    steps = recordStep(steps, "shorter", "rewritten");
    const texts: string[] = [];
    let current = "rewritten";
    while (canUndo(steps, current)) {
      const back = stepBack(steps)!;
      texts.push(back.text);
      current = back.text;
      steps = back.steps;
    }
    expect(texts).toEqual(["shorter", "new hook", "original"]);
    expect(steps).toEqual([]);
  });

  test("a manual edit ends the way back, and a rewrite after it starts a new history from the edited text", () => {
    let steps = recordStep(recordStep([], "original", "new hook"), "new hook", "shorter");
    expect(canUndo(steps, "shorter, edited by hand")).toBe(false);
    // The rewrite's own text again: the way back is there again.
    expect(canUndo(steps, "shorter")).toBe(true);
    steps = recordStep(steps, "shorter, edited by hand", "rewritten");
    expect(steps).toEqual([{ before: "shorter, edited by hand", after: "rewritten" }]);
  });

  test("nothing to undo on a post never rewritten", () => {
    expect(canUndo([], "anything")).toBe(false);
    expect(stepBack([])).toBeUndefined();
  });
});

describe("kept for the tab in sessionStorage", () => {
  const items = new Map<string, string>();
  beforeEach(() => {
    items.clear();
    globalThis.sessionStorage = {
      get length() {
        return items.size;
      },
      clear: () => items.clear(),
      getItem: (key: string) => items.get(key) ?? null,
      key: (index: number) => [...items.keys()][index] ?? null,
      removeItem: (key: string) => void items.delete(key),
      setItem: (key: string, value: string) => void items.set(key, String(value)),
    } as Storage;
  });
  afterEach(() => {
    // @ts-expect-error: bun test has no sessionStorage of its own
    delete globalThis.sessionStorage;
  });

  test("per post, read back as written; an empty history is forgotten", () => {
    writeHistory("post:a", [{ before: "one", after: "two" }]);
    writeHistory("plan:s:1", [{ before: "x", after: "y" }]);
    expect(readHistory("post:a")).toEqual([{ before: "one", after: "two" }]);
    expect(readHistory("plan:s:1")).toEqual([{ before: "x", after: "y" }]);
    writeHistory("post:a", []);
    expect(readHistory("post:a")).toEqual([]);
    expect(Object.keys(JSON.parse(items.get("cadence-rewrites")!))).toEqual(["plan:s:1"]);
  });

  test("something else in storage reads as no history; the oldest posts are forgotten past 50", () => {
    items.set("cadence-rewrites", "not json");
    expect(readHistory("post:a")).toEqual([]);
    items.set("cadence-rewrites", JSON.stringify({ "post:a": [{ before: 1 }] }));
    expect(readHistory("post:a")).toEqual([]);
    for (let index = 0; index < 55; index++) writeHistory(`post:${index}`, [{ before: "a", after: "b" }]);
    expect(readHistory("post:0")).toEqual([]);
    expect(readHistory("post:54")).toEqual([{ before: "a", after: "b" }]);
    expect(Object.keys(JSON.parse(items.get("cadence-rewrites")!))).toHaveLength(50);
  });
});
