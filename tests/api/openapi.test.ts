import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { signUp } from "../support/api-client";
import { startTestApp, type TestApp } from "../support/test-app";

/** GET /api/openapi.json describes every /api route the app registers, and nothing else. */

let app: TestApp;
type Document = {
  openapi: string;
  info: { title: string };
  servers: { url: string }[];
  paths: Record<
    string,
    Record<string, { summary: string; responses: Record<string, unknown>; requestBody?: { content: Record<string, { schema: Record<string, unknown> }> } }>
  >;
};
let document: Document;

beforeAll(async () => {
  app = await startTestApp({ runJobs: false, rateLimits: { signup: { limit: 1000, windowMs: 60_000 } } });
  const response = await fetch(`${app.url}/api/openapi.json`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("application/json");
  document = await response.json();
});
afterAll(async () => {
  await app.close();
});

/** The /api routes Elysia registered, as "METHOD /path/{param}". */
function registeredRoutes(): string[] {
  return app.app.routes
    .filter((route) => route.path.startsWith("/api/"))
    .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, "{$1}")}`)
    .sort();
}

function describedRoutes(): string[] {
  return Object.entries(document.paths)
    .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
}

describe("GET /api/openapi.json", () => {
  test("an OpenAPI 3.1 document naming the product and this server", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.info.title).toBe(`${app.config.productName} API`);
    expect(document.servers).toEqual([{ url: app.config.appUrl }]);
  });

  test("exactly the /api routes the app registers: none missing, none invented", () => {
    const registered = registeredRoutes();
    expect(registered.length).toBeGreaterThan(30);
    expect(describedRoutes()).toEqual(registered);
  });

  test("every operation has a summary and a success answer; every write with a body describes it as JSON Schema", () => {
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect([method, path, operation.summary.length > 0]).toEqual([method, path, true]);
        expect([method, path, Object.keys(operation.responses).some((status) => status.startsWith("2"))]).toEqual([method, path, true]);
      }
    }
    const signup = document.paths["/api/auth/signup"]!.post!.requestBody!.content["application/json"]!.schema;
    expect(signup).toMatchObject({ type: "object", required: ["name", "email", "password"] });
    const generate = document.paths["/api/posts/generate"]!.post!.requestBody!.content["application/json"]!.schema as {
      properties: Record<string, { maxLength?: number }>;
    };
    expect(generate.properties.contentText!.maxLength).toBe(100_000);
    expect(document.paths["/api/posts/{id}"]!.patch!.responses["409"]).toBeDefined();
  });

  test("each described body, sent empty, is refused with a 400 and a message, never a 5xx", async () => {
    const { client } = await signUp(app.url);
    expect((await client.json("POST", "/api/demo-checkout/complete")).status).toBe(200);
    const withBody = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.requestBody)
        .map(([method]) => ({ method: method.toUpperCase() as "POST" | "PUT" | "PATCH" | "DELETE", path })),
    );
    expect(withBody.length).toBeGreaterThan(12);
    for (const operation of withBody) {
      const path = operation.path.replace(/\{(\w+)\}/g, "00000000-0000-4000-8000-000000000000");
      const answer = await client.json(operation.method, path, {});
      expect([operation.method, operation.path, answer.status < 500]).toEqual([operation.method, operation.path, true]);
      // Every described body has a required field (or must be exactly one of several shapes).
      expect([operation.method, operation.path, answer.status]).toEqual([operation.method, operation.path, 400]);
      expect(answer.body.message.length).toBeGreaterThan(10);
    }
  });
});
