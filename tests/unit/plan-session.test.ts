import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import type { PlanPost } from "../../islands/api";
import { newPlanChanges, readPlanChanges, workingPosts, writePlanChanges } from "../../islands/plans/plan-session";

/** The Generate page's plan in progress, kept in sessionStorage (PRODUCT.md "Generation"). */

const post = (postOrder: string, content = `Post number ${postOrder}.`): PlanPost => ({
  content,
  hook: content,
  postOrder,
  postType: "value",
  strategyExplanation: "Because.",
  recommendedDay: "Tuesday",
  recommendedTime: "9:00 AM",
});

/** A Map-backed sessionStorage, as bun test has none. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

const realStorage = Object.getOwnPropertyDescriptor(globalThis, "sessionStorage");
beforeEach(() => {
  Object.defineProperty(globalThis, "sessionStorage", { value: memoryStorage(), configurable: true });
});
afterEach(() => {
  if (realStorage) Object.defineProperty(globalThis, "sessionStorage", realStorage);
  else delete (globalThis as { sessionStorage?: Storage }).sessionStorage;
});

describe("workingPosts", () => {
  test("in postOrder, numerically (10 would not come before 2)", () => {
    const posts = [post("3"), post("1"), post("2")];
    expect(workingPosts(posts, newPlanChanges("s")).map((p) => p.postOrder)).toEqual(["1", "2", "3"]);
  });

  test("leaves out removed posts and applies edits, marking them", () => {
    const changes = { sourceId: "s", edits: { "2": "A better second post." }, removed: ["3"] };
    const shown = workingPosts([post("1"), post("2"), post("3")], changes);
    expect(shown.map((p) => [p.postOrder, p.content, p.edited])).toEqual([
      ["1", "Post number 1.", false],
      ["2", "A better second post.", true],
    ]);
  });

  test("an edit back to the original text is not an edit", () => {
    const shown = workingPosts([post("1")], { sourceId: "s", edits: { "1": "Post number 1." }, removed: [] });
    expect(shown[0]!.edited).toBe(false);
  });
});

describe("sessionStorage", () => {
  test("round-trips the plan's changes, and null forgets them", () => {
    expect(readPlanChanges()).toBeNull();
    const changes = { sourceId: "0b0b3c47-3a8e-4c7e-9a52-1f0e8f4f2d10", edits: { "4": "New text" }, removed: ["1", "6"] };
    writePlanChanges(changes);
    expect(readPlanChanges()).toEqual(changes);
    writePlanChanges(null);
    expect(readPlanChanges()).toBeNull();
  });

  test("ignores what it did not write: bad JSON, other shapes", () => {
    for (const stored of [
      "{not json",
      "null",
      "[]",
      '{"sourceId":""}',
      '{"sourceId":"s","edits":{"1":2},"removed":[]}',
      '{"sourceId":"s","edits":{},"removed":[1]}',
    ]) {
      sessionStorage.setItem("cadence-plan", stored);
      expect(readPlanChanges()).toBeNull();
    }
  });

  test("a browser that refuses storage loses the plan on reload, nothing worse", () => {
    Object.defineProperty(globalThis, "sessionStorage", {
      configurable: true,
      get() {
        throw new DOMException("denied", "SecurityError");
      },
    });
    expect(() => writePlanChanges(newPlanChanges("s"))).not.toThrow();
    expect(readPlanChanges()).toBeNull();
  });
});
