import type * as v from "valibot";

/**
 * How an /api route describes itself, once, where it is registered:
 *
 *   .post("/api/posts", handler, documented({ operationId: "createPost", summary: "...", access: "subscriber", body: newPostSchema, ok: { 201: r.postResponse }, errors: [400, 404, 429] }))
 *
 * The method and path are the route's own; the description rides in Elysia's `detail` route
 * option, and GET /api/openapi.json is built from the app's registered routes (openapi.ts), so
 * the document cannot list a route the app does not have. A body is still parsed inside the
 * handler with parseInput (our 400 messages, and checks such as rate limits keep their order):
 * the handler parses with the same schema it declares here.
 */

export type Access = "public" | "session" | "subscriber" | "stripe-signature";
/** A success answer's body: JSON described by a valibot schema, an HTML page, a PDF, or nothing. */
export type Answer = v.GenericSchema | "html" | "pdf" | "empty";
type Header = { description: string; required: boolean; schema: { type: string } };

export type ApiOperation = {
  /** A stable name for generated clients. */
  operationId: string;
  summary: string;
  access: Access;
  body?: v.GenericSchema;
  /** The body may also come as a browser's plain form post, answered with a page (success and errors alike). */
  formPost?: true;
  /** The success answers by status: 201 where the call creates something. */
  ok: Partial<Record<200 | 201 | 202 | 304, Answer>>;
  /** Headers the success answers may carry. */
  okHeaders?: Record<string, Header>;
  /** Statuses beyond the success ones and what `access` implies. */
  errors?: number[];
  /** Error answers whose body is not the common Error. */
  errorBodies?: Partial<Record<number, v.GenericSchema>>;
  /** Query parameters, each with what it does. */
  query?: Record<string, string>;
};

// Elysia keeps `detail` as given on the route (app.routes[i].hooks.detail); the operation rides inside it.
const OPERATION = "x-cadence-operation";
type Detail = { operationId: string; summary: string; [OPERATION]: ApiOperation };

/** Route options naming the operation; `options` are any other route options (e.g. `{ parse: "text" }`). */
export function documented<const O extends object = Record<never, never>>(
  operation: ApiOperation,
  options?: O,
): O & { detail: { operationId: string; summary: string } } {
  const detail: Detail = { operationId: operation.operationId, summary: operation.summary, [OPERATION]: operation };
  return { ...(options as O), detail };
}

/** The operation a registered route was documented with, if any. */
export function operationOf(route: { hooks?: unknown }): ApiOperation | undefined {
  const detail = (route.hooks as { detail?: Partial<Detail> } | undefined)?.detail;
  return detail?.[OPERATION];
}

// Headers some answers carry, named where they come.
export const NEXT_CURSOR = { "X-Next-Cursor": { description: "The next page's cursor, while there is more", required: false, schema: { type: "string" } } };
