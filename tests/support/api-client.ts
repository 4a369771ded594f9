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
