/**
 * Load generators that cost the client as little as possible, so a comparison of two URLs
 * measures the server rather than the client. Neither decompresses anything: gzip is accepted
 * and the compressed bytes are counted as they arrive, as a browser's network stack would
 * receive them (Bun's fetch, by contrast, gunzips every body on the client's CPU).
 * - wrk (Debian: `apt-get install -y wrk`), written in C, used when it is installed;
 * - otherwise a raw HTTP/1.1 keep-alive client on Bun's TCP sockets.
 * Both are closed loops: each connection sends its next request when the previous answer is in.
 */
export type LoadResult = { rps: number; p50: number; p99: number; failures: number; bytesPerResponse: number; tool: string };
export type LoadOptions = {
  seconds: number;
  connections: number;
  headers?: Record<string, string>;
  /** Connection i sends headersPerConnection[i % length] as well (50 users, each with their own cookie); the raw client only. */
  headersPerConnection?: Record<string, string>[];
  /** wrk threads (default 1: on 2 cores the server keeps the other one). */
  threads?: number;
};

export const wrkPath = Bun.which("wrk");

export function load(url: string, options: LoadOptions): Promise<LoadResult> {
  const forced = process.env.BENCH_LOADGEN;
  if (forced === "raw" || (forced !== "wrk" && !wrkPath) || options.headersPerConnection) return loadRaw(url, options);
  if (!wrkPath) throw new Error("BENCH_LOADGEN=wrk but wrk is not installed (apt-get install -y wrk)");
  return loadWrk(url, options);
}

async function loadWrk(url: string, options: LoadOptions): Promise<LoadResult> {
  // One wrk thread: on a 2-core machine the server (one event loop) keeps the other core.
  const args = [wrkPath!, `-t${options.threads ?? 1}`, `-c${options.connections}`, `-d${options.seconds}s`, "--latency"];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push("-H", `${name}: ${value}`);
  args.push(url);
  const child = Bun.spawn(args, { stdout: "pipe", stderr: "pipe" });
  const [output, errors, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  if (code !== 0) throw new Error(`wrk failed (${code}): ${errors || output}`);
  const number = (pattern: RegExp) => Number(output.match(pattern)?.[1] ?? Number.NaN);
  const requests = number(/(\d+) requests in/);
  const bytes = bytesFrom(output.match(/requests in [\d.]+\w+, ([\d.]+\w+) read/)?.[1] ?? "0B");
  const errorsCount = Number(output.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0) + socketErrors(output);
  return {
    rps: number(/Requests\/sec:\s+([\d.]+)/),
    p50: millis(output.match(/\s50%\s+([\d.]+\w+)/)?.[1]),
    p99: millis(output.match(/\s99%\s+([\d.]+\w+)/)?.[1]),
    failures: errorsCount,
    bytesPerResponse: requests > 0 ? bytes / requests : 0,
    tool: "wrk",
  };
}

function socketErrors(output: string): number {
  const line = output.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  return line ? line.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
}

function millis(text: string | undefined): number {
  const match = text?.match(/^([\d.]+)(us|ms|s)$/);
  if (!match) return Number.NaN;
  const value = Number(match[1]);
  return match[2] === "us" ? value / 1000 : match[2] === "s" ? value * 1000 : value;
}

function bytesFrom(text: string): number {
  const match = text.match(/^([\d.]+)(B|KB|MB|GB)$/);
  if (!match) return 0;
  return Number(match[1]) * { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }[match[2] as "B"];
}

const HEADER_END = Buffer.from("\r\n\r\n");

/** The raw client: requests written by hand, answers framed by Content-Length and never decoded. */
async function loadRaw(url: string, options: LoadOptions): Promise<LoadResult> {
  const target = new URL(url);
  const requestFor = (index: number) => {
    const headers = { ...options.headers, ...options.headersPerConnection?.[index % options.headersPerConnection.length] };
    return Buffer.from(
      [`GET ${target.pathname}${target.search} HTTP/1.1`, `Host: ${target.host}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), "", ""].join(
        "\r\n",
      ),
    );
  };
  const deadline = performance.now() + options.seconds * 1000;
  const latencies: number[] = [];
  let ok = 0;
  let failures = 0;
  let bytes = 0;

  const connection = (index: number) =>
    new Promise<void>((resolve, reject) => {
      const request = requestFor(index);
      // Only the header is kept; the body is counted as it passes and never copied.
      let head = Buffer.alloc(0);
      let bodyLeft = -1; // -1: reading a header
      let status = 0;
      let sentAt = 0;
      const send = (socket: { write(data: Uint8Array): number; end(): void }) => {
        if (performance.now() >= deadline) {
          socket.end();
          return resolve();
        }
        sentAt = performance.now();
        socket.write(request);
      };
      Bun.connect({
        hostname: target.hostname,
        port: Number(target.port || 80),
        socket: {
          open: send,
          data(socket, chunk) {
            let offset = 0;
            while (offset < chunk.length || bodyLeft === 0) {
              if (bodyLeft < 0) {
                const before = head.length;
                head = Buffer.concat([head, chunk.subarray(offset)]); // a copy: the chunk is not ours to keep
                const end = head.indexOf(HEADER_END);
                if (end < 0) return;
                const text = head.subarray(0, end).toString("latin1");
                status = Number(text.slice(9, 12));
                bodyLeft = Number(text.match(/\r\ncontent-length:\s*(\d+)/i)?.[1] ?? 0);
                bytes += end + 4;
                offset += end + 4 - before;
                head = Buffer.alloc(0);
              }
              const take = Math.min(bodyLeft, chunk.length - offset);
              offset += take;
              bodyLeft -= take;
              bytes += take;
              if (bodyLeft > 0) return;
              latencies.push(performance.now() - sentAt);
              if (status >= 200 && status < 400) ok++;
              else failures++;
              bodyLeft = -1;
              send(socket);
            }
          },
          close: () => resolve(),
          error: (_socket, error) => reject(error),
          connectError: (_socket, error) => reject(error),
        },
      }).catch(reject);
    });

  await Promise.all(Array.from({ length: options.connections }, (_, index) => connection(index)));
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    rps: ok / options.seconds,
    p50: at(0.5),
    p99: at(0.99),
    failures,
    bytesPerResponse: ok + failures > 0 ? bytes / (ok + failures) : 0,
    tool: "raw keep-alive client",
  };
}
