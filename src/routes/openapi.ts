import { type ConversionConfig, toJsonSchema, toJsonSchemaDefs } from "@valibot/to-json-schema";
import { Elysia } from "elysia";
import type * as v from "valibot";
import { SESSION_COOKIE } from "../plugins/session";
import * as r from "./api-responses";
import { type Answer, type ApiOperation, documented, operationOf } from "./api-operation";

/**
 * GET /api/openapi.json: every /api route as OpenAPI 3.1, built from the routes the app registered
 * and the operation each one declares where it is registered (`documented(...)`, api-operation.ts).
 * Request bodies are generated from the valibot schemas the handlers validate with, and answers
 * from the schemas in api-responses.ts, so the description cannot drift from the checks. Elysia's
 * OpenAPI plugin reads schemas declared on routes for Elysia to check; ours are checked inside the
 * handlers (for our own messages), so the plugin would describe paths without bodies.
 * tests/api/openapi.test.ts checks that every registered /api route is described,
 * tests/api/api-contract.test.ts sends every operation and checks the answers against the
 * document, and bench/fuzz.ts takes its endpoints from here.
 */

// Headers some answers carry, named where they come.
const RETRY_AFTER = {
  "Retry-After": {
    description: "Seconds until a retry can succeed (rate limits; the weekly allowance gives resetsAt instead)",
    required: false,
    schema: { type: "integer" },
  },
};

const STATUS_TEXT: Record<number, string> = {
  400: "The input is not valid; the message says which field and why",
  401: "Not signed in",
  403: "Another site's request, or (with paymentRequired or subscriptionExpired) no live subscription",
  404: "Not found, or not the user's",
  409: "Not allowed in the current state",
  413: "The body is over 1 MB",
  415: "The body is not JSON (nor the contact page's form, where that is taken)",
  422: "Nothing to rewrite from, or too little in the post to make a carousel from",
  429: "Too many requests, or the weekly allowance is used; Retry-After or resetsAt says when",
  502: "The payment or AI provider failed",
  503: "The database is not answering",
};

const SUCCESS_TEXT: Record<number, string> = { 200: "OK", 201: "Created", 202: "Accepted: still being written", 304: "Not modified" };

// The generator marks its output draft-07; in an OpenAPI 3.1 document the dialect is the document's.
// Its $defs repeat every named answer; the document keeps them once, under components.
const dropDialect = <T extends { $schema?: unknown; $defs?: unknown }>({ $schema: _dialect, $defs: _defs, ...rest }: T) => rest;
const conversion: ConversionConfig = {
  errorMode: "ignore",
  // A loose object says that more fields may come (the generator leaves that unsaid).
  overrideSchema: ({ valibotSchema, jsonSchema }) => (valibotSchema.type === "loose_object" ? { ...jsonSchema, additionalProperties: true } : undefined),
};
// Answers name the schemas a client turns into types (components/schemas) instead of repeating them.
const answers: ConversionConfig = {
  ...conversion,
  typeMode: "output",
  definitions: r.namedResponses,
  overrideRef: ({ referenceId }) => `#/components/schemas/${referenceId}`,
};

/** A request body as JSON Schema; checks JSON Schema cannot say (transforms, custom checks) are left out. */
function requestSchema(schema: v.GenericSchema) {
  return dropDialect(toJsonSchema(schema, { ...conversion, typeMode: "input" }));
}

/** An answer as JSON Schema: a $ref when it is one of the named answers. */
function answerSchema(schema: v.GenericSchema) {
  return dropDialect(toJsonSchema(schema, answers));
}

function successResponse(operation: ApiOperation, status: number, answer: Answer) {
  const response: Record<string, unknown> = { description: SUCCESS_TEXT[status] };
  if (answer === "html") response.content = { "text/html": { schema: { type: "string" } } };
  else if (answer === "pdf") response.content = { "application/pdf": { schema: { type: "string", format: "binary" } } };
  else if (answer !== "empty") {
    response.content = { "application/json": { schema: answerSchema(answer) } };
    // The plain form post gets the page that says the same.
    if (operation.formPost) Object.assign(response.content as object, { "text/html": { schema: { type: "string" } } });
  }
  if (operation.okHeaders) response.headers = operation.okHeaders;
  return response;
}

function errorResponse(operation: ApiOperation, status: number) {
  const body = operation.errorBodies?.[status];
  return {
    description: STATUS_TEXT[status] ?? "Error",
    ...(status === 429 ? { headers: RETRY_AFTER } : {}),
    content: {
      "application/json": { schema: answerSchema(body ?? r.errorResponse) },
      ...(operation.formPost ? { "text/html": { schema: { type: "string" } } } : {}),
    },
  };
}

/** A registered route: Elysia's `app.routes` entries. */
export type RegisteredRoute = { method: string; path: string; hooks?: unknown };

/** The document for these routes: each /api route that declares its operation. */
export function openApiDocument(routes: readonly RegisteredRoute[], options: { productName: string; appUrl: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const operation = operationOf(route);
    if (!route.path.startsWith("/api/") || !operation) continue;
    const method = route.method.toUpperCase();
    const path = route.path.replace(/:(\w+)/g, "{$1}");
    const parameters = [
      ...[...route.path.matchAll(/:(\w+)/g)].map((match) => ({ name: match[1], in: "path", required: true, schema: { type: "string" } })),
      ...Object.entries(operation.query ?? {}).map(([name, description]) => ({ name, in: "query", required: false, description, schema: { type: "string" } })),
    ];
    const statuses = new Set(operation.errors ?? []);
    if (operation.body) for (const status of [400, 413, 415]) statuses.add(status);
    if (operation.access === "session" || operation.access === "subscriber") statuses.add(401);
    if (operation.access === "subscriber" || (method !== "GET" && operation.access !== "stripe-signature")) statuses.add(403);
    const responses: Record<string, unknown> = {};
    for (const [status, answer] of Object.entries(operation.ok)) responses[status] = successResponse(operation, Number(status), answer);
    for (const status of [...statuses].sort()) responses[String(status)] = errorResponse(operation, status);
    const signedIn = operation.access === "session" || operation.access === "subscriber";
    const body = operation.body && requestSchema(operation.body);
    paths[path] ??= {};
    paths[path][method.toLowerCase()] = {
      operationId: operation.operationId,
      summary: operation.summary,
      ...(parameters.length > 0 ? { parameters } : {}),
      // The document's default is the session cookie; everything else says it needs none.
      security: signedIn ? [{ session: [] }] : [],
      ...(operation.access === "subscriber" ? { description: "Needs a live subscription (trialing, active or cancelling)." } : {}),
      ...(operation.access === "stripe-signature" ? { description: "Called by Stripe; the Stripe-Signature header is checked over the raw body." } : {}),
      ...(body
        ? {
            requestBody: {
              required: true,
              content: { "application/json": { schema: body }, ...(operation.formPost ? { "application/x-www-form-urlencoded": { schema: body } } : {}) },
            },
          }
        : {}),
      responses,
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: `${options.productName} API`,
      version: "1",
      description:
        "The JSON API behind the app. Writes from a browser must come from the app's own origin. A method a path does not have answers 405 with an Allow header naming the ones it has; an unknown path answers 404.",
    },
    servers: [{ url: options.appUrl }],
    security: [{ session: [] }],
    components: {
      securitySchemes: { session: { type: "apiKey", in: "cookie", name: SESSION_COOKIE } },
      schemas: Object.fromEntries(Object.entries(toJsonSchemaDefs(r.namedResponses, answers)).map(([name, schema]) => [name, dropDialect(schema)])),
    },
    paths,
  };
}

/**
 * The route, and `learn`, which createApp calls with every route once all are registered (the
 * document describes them all, whichever module adds them).
 */
export function openApiRoutes(options: { productName: string; appUrl: string }) {
  let routes: readonly RegisteredRoute[] = [];
  // Built once: the routes do not change while the process runs.
  let document: string | undefined;
  const plugin = new Elysia({ name: "routes/openapi" }).get(
    "/api/openapi.json",
    () => {
      document ??= JSON.stringify(openApiDocument(routes, options));
      return new Response(document, { headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-cache" } });
    },
    documented({ operationId: "getOpenApiDocument", summary: "This description", access: "public", ok: { 200: r.openApiResponse } }),
  );
  return {
    plugin,
    learn(registered: readonly RegisteredRoute[]) {
      routes = registered;
      document = undefined;
    },
  };
}
