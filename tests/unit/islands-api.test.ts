import { afterEach, describe, expect, test } from "bun:test";
import { ApiError, apiRequest, isNetworkError, serverMessageOf, SubscriptionExpiredError } from "../../islands/api";
import { guardDestination } from "../../islands/guard-client";
import { currentToast, dismissToast, toast } from "../../islands/ui/toast-store";
import { rejectionOf } from "../support/rejection";

/** The islands' one fetch helper (SPEC.md section 8, "General response handling") and the guard after a failed call. */

const realFetch = globalThis.fetch;
const calls: { url: string; init: RequestInit | undefined }[] = [];

/** Answers every fetch from `answers` in turn, recording what was asked. */
function stubFetch(...answers: (Response | Error)[]) {
  calls.length = 0;
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    const next = answers.shift();
    if (!next) throw new Error("unexpected fetch");
    if (next instanceof Error) throw next;
    return next;
  }) as typeof fetch;
}
afterEach(() => {
  globalThis.fetch = realFetch;
});

const json = (status: number, body: unknown, statusText = "") =>
  new Response(JSON.stringify(body), { status, statusText, headers: { "content-type": "application/json" } });

const failure = (promise: Promise<unknown>) => rejectionOf<unknown>(promise);

describe("apiRequest", () => {
  test("sends JSON with the cookies and answers the JSON reply", async () => {
    stubFetch(json(200, { ok: true }));
    expect(await apiRequest("PATCH", "/api/user/profile", { name: "Ada" })).toEqual({ ok: true });
    expect(calls[0]!.url).toBe("/api/user/profile");
    expect(calls[0]!.init).toMatchObject({ method: "PATCH", credentials: "include", body: '{"name":"Ada"}' });
    expect((calls[0]!.init!.headers as Record<string, string>)["content-type"]).toBe("application/json");
  });

  test("a non-OK JSON answer: '<status>: <message>', with the server's message kept apart", async () => {
    stubFetch(json(401, { message: "Invalid email or password." }, "Unauthorized"));
    const error = await failure(apiRequest("POST", "/api/auth/login", {}));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe("401: Invalid email or password.");
    expect((error as ApiError).status).toBe(401);
    expect(serverMessageOf(error)).toBe("Invalid email or password.");
    expect(isNetworkError(error)).toBe(false);
  });

  test("a body that is not JSON: the status text is the message", async () => {
    stubFetch(new Response("<html>Bad gateway</html>", { status: 502, statusText: "Bad Gateway" }));
    const error = (await failure(apiRequest("GET", "/api/user"))) as ApiError;
    expect(error.message).toBe("502: Bad Gateway");
    expect(serverMessageOf(error)).toBeUndefined();
  });

  test("a 403 with subscriptionExpired is a subscription-expired error, with the body's message or 'Subscription expired'", async () => {
    stubFetch(
      json(403, { message: "Your subscription has expired. Resubscribe to continue.", subscriptionExpired: true }),
      json(403, { subscriptionExpired: true }),
    );
    const first = await failure(apiRequest("POST", "/api/posts", {}));
    expect(first).toBeInstanceOf(SubscriptionExpiredError);
    expect((first as Error).message).toBe("Your subscription has expired. Resubscribe to continue.");
    const second = await failure(apiRequest("POST", "/api/posts", {}));
    expect((second as Error).message).toBe("Subscription expired");
  });

  test("a 403 without the flag is an ordinary error", async () => {
    stubFetch(json(403, { message: "Requests from other sites are not allowed." }, "Forbidden"));
    const error = await failure(apiRequest("POST", "/api/posts", {}));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as Error).message).toBe("403: Requests from other sites are not allowed.");
  });

  test("no answer at all is a network error", async () => {
    stubFetch(new TypeError("Failed to fetch"));
    expect(isNetworkError(await failure(apiRequest("GET", "/api/user")))).toBe(true);
  });
});

describe("guardDestination after a failed call", () => {
  test("401 goes to /login; an expired subscription to /subscription-expired; other failures stay", async () => {
    expect(await guardDestination(new ApiError(401, "You are not signed in.", { message: "You are not signed in." }, "Unauthorized"))).toBe("/login");
    expect(await guardDestination(new SubscriptionExpiredError(undefined))).toBe("/subscription-expired");
    expect(await guardDestination(new ApiError(400, "Name is required.", null, "Bad Request"))).toBeNull();
    expect(await guardDestination(new TypeError("Failed to fetch"))).toBeNull();
  });

  test("403 paymentRequired: the user's own state decides, through the same guard", async () => {
    const paymentRequired = new ApiError(403, "Add a payment method to start your free trial.", { paymentRequired: true }, "Forbidden");
    stubFetch(json(200, { paymentMethodAdded: false, subscriptionStatus: null, subscriptionEndDate: null, trialEnd: null }));
    expect(await guardDestination(paymentRequired)).toBe("/payment-setup");
    expect(calls[0]!.url).toBe("/api/user");
    stubFetch(json(200, { paymentMethodAdded: true, subscriptionStatus: "cancelled", subscriptionEndDate: null, trialEnd: null }));
    expect(await guardDestination(paymentRequired)).toBe("/subscription-expired");
    stubFetch(json(401, { message: "You are not signed in." }));
    expect(await guardDestination(paymentRequired)).toBe("/login");
  });
});

describe("toast store", () => {
  test("one toast at a time: a new one replaces the one on screen", () => {
    toast({ title: "First" });
    const first = currentToast()!;
    toast({ title: "Second", variant: "destructive" });
    expect(currentToast()).toMatchObject({ title: "Second", variant: "destructive" });
    // The replaced toast's timer firing late must not remove its successor.
    dismissToast(first.id);
    expect(currentToast()?.title).toBe("Second");
    dismissToast(currentToast()!.id);
    expect(currentToast()).toBeNull();
  });
});
