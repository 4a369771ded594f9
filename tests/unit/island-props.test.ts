import { describe, expect, test } from "bun:test";
import { serializeIslandProps } from "../../views/island";

describe("serializeIslandProps", () => {
  test("round-trips plain data", () => {
    const props = { name: "Ada", count: 3, tags: ["a", "b"], nested: { ok: true, none: null } };
    expect(JSON.parse(serializeIslandProps(props))).toEqual(props);
  });

  test("escapes characters that could end the script element or break JavaScript", () => {
    const text = serializeIslandProps({ evil: "</script><script>alert(1)</script> & \u2028\u2029" });
    expect(text).not.toContain("<");
    expect(text).not.toContain(">");
    expect(text).not.toContain("&");
    expect(text).not.toContain("\u2028");
    expect(text).not.toContain("\u2029");
    expect(JSON.parse(text)).toEqual({ evil: "</script><script>alert(1)</script> & \u2028\u2029" });
  });

  test("refuses a function prop", () => {
    expect(() => serializeIslandProps({ onClick: () => {} })).toThrow(/"onClick" is a function/);
  });

  test("refuses a class instance", () => {
    expect(() => serializeIslandProps({ when: new Map() })).toThrow(/"when" is a Map/);
  });
});
