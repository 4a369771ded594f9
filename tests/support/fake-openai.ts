/**
 * A local stand-in for OpenAI's chat completions API, speaking its wire format, so the
 * strategist's adapter is tested with the real SDK (base URL http://127.0.0.1:PORT/v1).
 * Each test scripts the replies in order; every request is recorded.
 */

export type FakeReply =
  /** A chat.completion whose message content is this text. */
  | { content: string; finishReason?: string }
  | { refusal: string }
  /** Any status and JSON body (an API error, a rate limit), with headers such as retry-after-ms. */
  | { status: number; json: unknown; headers?: Record<string, string> }
  /** Never answers, until the client gives up (a timeout) or the server stops. */
  | { hang: true }
  /** A slow model: this reply once `after` settles (the test decides when, instead of waiting 40 s). */
  | { after: Promise<unknown>; reply: FakeReply };

export type RecordedRequest = { path: string; authorization: string | null; body: any };

/**
 * `ollama` answers as Ollama's OpenAI-compatible endpoint does (/v1/chat/completions since 0.5):
 * no refusal or logprobs fields, a "fp_ollama" fingerprint, and its own error for a model it has
 * not pulled (404, type "api_error").
 */
export async function startFakeOpenAi(options: { shape?: "openai" | "ollama"; models?: string[] } = {}) {
  const shape = options.shape ?? "openai";
  const replies: FakeReply[] = [];
  const requests: RecordedRequest[] = [];
  const hanging = new Set<() => void>();

  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const path = new URL(request.url).pathname;
      const body = await request.json().catch(() => undefined);
      requests.push({ path, authorization: request.headers.get("authorization"), body });
      if (request.method !== "POST" || path !== "/v1/chat/completions") {
        return Response.json({ error: { message: `Unknown request ${request.method} ${path}`, type: "invalid_request_error" } }, { status: 404 });
      }
      const model = String(body?.model ?? "");
      if (shape === "ollama" && options.models && !options.models.includes(model)) {
        return Response.json(
          { error: { message: `model "${model}" not found, try pulling it first`, type: "api_error", param: null, code: null } },
          { status: 404 },
        );
      }
      let reply = replies.shift();
      while (reply && "after" in reply) {
        await reply.after;
        reply = reply.reply;
      }
      if (!reply)
        return Response.json(
          { error: { message: "The fake has no reply scripted", type: "server_error" } },
          { status: 500, headers: { "x-should-retry": "false" } },
        );
      if ("hang" in reply) {
        await new Promise<void>((resolve) => {
          hanging.add(resolve);
          request.signal.addEventListener("abort", () => resolve());
        });
        return new Response(null, { status: 499 });
      }
      if ("status" in reply) return Response.json(reply.json, { status: reply.status, headers: reply.headers });
      if (shape === "ollama") return Response.json(ollamaCompletion(String(body?.model ?? ""), reply));
      return Response.json(completion(body?.model ?? "gpt-4o-mini", reply));
    },
  });

  return {
    baseUrl: `http://127.0.0.1:${server.port}/v1`,
    requests,
    /** Queues replies, answered in order. */
    reply(...next: FakeReply[]) {
      replies.push(...next);
    },
    async stop() {
      for (const release of hanging) release();
      await server.stop(true);
    },
  };
}

function completion(model: string, reply: { content: string; finishReason?: string } | { refusal: string }) {
  const refusal = "refusal" in reply ? reply.refusal : null;
  return {
    id: `chatcmpl-${crypto.randomUUID()}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: { role: "assistant", content: "content" in reply ? reply.content : null, refusal },
        logprobs: null,
        finish_reason: "content" in reply ? (reply.finishReason ?? "stop") : "stop",
      },
    ],
    usage: { prompt_tokens: 1200, completion_tokens: 900, total_tokens: 2100 },
  };
}

/** Ollama's answer: the same envelope with fewer fields, no refusal (a local model never refuses by flag). */
function ollamaCompletion(model: string, reply: { content: string; finishReason?: string } | { refusal: string }) {
  return {
    id: `chatcmpl-${Math.floor(Math.random() * 1000)}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    system_fingerprint: "fp_ollama",
    choices: [
      {
        index: 0,
        message: { role: "assistant", content: "content" in reply ? reply.content : reply.refusal },
        finish_reason: "content" in reply ? (reply.finishReason ?? "stop") : "stop",
      },
    ],
    usage: { prompt_tokens: 3016, completion_tokens: 2193, total_tokens: 5209 },
  };
}

/** The standard 429 body, with a short retry-after-ms so the SDK's backoff takes milliseconds. */
export const rateLimited = (retryAfterMs = 5): FakeReply => ({
  status: 429,
  json: { error: { message: "Rate limit reached for gpt-4o-mini", type: "requests", code: "rate_limit_exceeded" } },
  headers: { "retry-after-ms": String(retryAfterMs) },
});
