/**
 * A signed-in API client for tests: keeps the session cookie like a browser would and sends
 * JSON. `signUp` makes a fresh account through the real endpoint.
 */
export type ApiClient = {
  request(method: string, path: string, body?: unknown): Promise<Response>;
  json<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
  cookie: string;
};

let accounts = 0;

export function apiClient(baseUrl: string, cookie = ""): ApiClient {
  const client: ApiClient = {
    cookie,
    async request(method, path, body) {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(client.cookie ? { cookie: client.cookie } : {}) },
        body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      });
      const set = response.headers.get("set-cookie");
      if (set) client.cookie = set.split(";")[0]!;
      return response;
    },
    async json(method, path, body) {
      const response = await client.request(method, path, body);
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
  };
  return client;
}

export async function signUp(baseUrl: string, overrides: { name?: string; email?: string; password?: string } = {}) {
  const n = ++accounts;
  const details = { name: `Test User ${n}`, email: `user${n}-${crypto.randomUUID().slice(0, 8)}@example.com`, password: "correct horse", ...overrides };
  const client = apiClient(baseUrl);
  const { status, body } = await client.json("POST", "/api/auth/signup", details);
  if (status !== 201) throw new Error(`signup failed: ${status} ${JSON.stringify(body)}`);
  return { client, user: body.user as { id: string; email: string; name: string }, password: details.password };
}

/**
 * A fresh account with a live subscription (the demo checkout: a trial), through the real
 * endpoints; with `timezone`, its profile set to that zone.
 */
export async function signUpSubscriber(baseUrl: string, options: { name?: string; timezone?: string } = {}) {
  const account = await signUp(baseUrl, { name: options.name ?? "Grace Hopper" });
  const checkout = await account.client.json("POST", "/api/demo-checkout/complete");
  if (checkout.status !== 200) throw new Error(`demo checkout failed: ${checkout.status} ${JSON.stringify(checkout.body)}`);
  if (options.timezone) {
    const profile = await account.client.json("PATCH", "/api/user/profile", {
      name: options.name ?? "Grace Hopper",
      timezone: options.timezone,
      linkedinHandle: "",
    });
    if (profile.status !== 200) throw new Error(`profile update failed: ${profile.status} ${JSON.stringify(profile.body)}`);
  }
  return account;
}
