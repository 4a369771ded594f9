/**
 * Generation request overhead: the time POST /api/posts/generate takes beyond the strategist's
 * own. The app runs as its own process with the OpenAI strategist pointed at a local fake that
 * answers at once, so what is measured is validation, storing the source, the queue round trip,
 * the adapter and the plan contract. Target (issue 6): under 50 ms.
 */
import { startFakeOpenAi } from "../tests/support/fake-openai";
import { fmt, startServer } from "./support";

const REQUESTS = Number(process.env.BENCH_GENERATIONS ?? 40);

const plan = {
  strategyOverview: "Monday opens with the problem, mid-week carries the practical value and the data, Friday asks a question.",
  posts: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"].map((day, index) => ({
    content: `Opening line number ${index + 1} for the week.\n\nThe point of this post, in two short paragraphs.\n\nWhat would you add?`,
    hook: `Opening line number ${index + 1} for the week.`,
    postOrder: String(index + 1),
    postType: ["hook", "value", "story", "data", "question"][index],
    strategyExplanation: `Post ${index + 1} goes on ${day} because of where it sits in the week's arc.`,
    recommendedDay: day,
    recommendedTime: "9:00 AM",
  })),
};

const article = Array.from(
  { length: 12 },
  (_, i) =>
    `Paragraph ${i + 1} explains one more idea about shipping software in small steps, with a concrete example and a number: ${i * 7}% fewer rollbacks.`,
).join("\n\n");

export async function benchGeneration() {
  const fake = await startFakeOpenAi();
  const server = await startServer({ DATABASE_URL: "", OPENAI_API_KEY: "sk-bench", OPENAI_BASE_URL: fake.baseUrl });
  try {
    // Fair use allows 20 plans an hour per user, so the requests are spread over a few accounts.
    const accounts: string[] = [];
    let cookie = "";
    const call = async (path: string, body?: unknown) => {
      const response = await fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      cookie = response.headers.get("set-cookie")?.split(";")[0] ?? cookie;
      return response;
    };
    for (let a = 0; a < Math.ceil((REQUESTS + 3) / 15); a++) {
      cookie = "";
      await call("/api/auth/signup", { name: "Bench", email: `bench-${a}-${Date.now()}@example.com`, password: "bench password" });
      await call("/api/demo-checkout/complete");
      accounts.push(cookie);
    }

    const times: number[] = [];
    for (let i = 0; i < REQUESTS + 3; i++) {
      cookie = accounts[Math.floor(i / 15)]!;
      fake.reply({ content: JSON.stringify(plan) });
      const started = performance.now();
      const response = await call("/api/posts/generate", { contentText: article, contentType: "blog" });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`generate answered ${response.status}`);
      if (i >= 3) times.push(performance.now() - started); // the first few warm up the process
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
    return [
      `generation: ${REQUESTS} requests, OpenAI adapter against a local fake that answers at once`,
      `  request time  median ${fmt(at(0.5), 1)} ms  p90 ${fmt(at(0.9), 1)} ms  max ${fmt(times.at(-1)!, 1)} ms (target: under 50 ms beyond the provider)`,
    ].join("\n");
  } finally {
    await server.stop();
    await fake.stop();
  }
}

if (import.meta.main) console.log(await benchGeneration());
