import autocannon from 'autocannon';
import http from 'node:http';
import { RawHttpClient } from './raw-http';

export type LoadResult = { rps: number; p50: number; p95: number; p99: number; errors: number; requests: number };

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Load tests target loopback only. */
function assertLoopback(url: string): void {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '::1'].includes(host))
    throw new Error(`load tests target loopback only, not ${host}`);
}

/** The figures of a run: `latencies` of the answered requests (sorted here), `requests` in all. */
function summary(latencies: number[], rps: number, errors: number, requests: number): LoadResult {
  latencies.sort((a, b) => a - b);
  const at = (p: number) => round(percentile(latencies, p));
  return { rps: Math.round(rps), p50: at(50), p95: at(95), p99: at(99), errors, requests };
}

/**
 * Loopback-only, time-bounded load with autocannon. Latencies are collected per response, so
 * p95 is exact rather than autocannon's nearest bucket.
 */
export function load(opts: {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  method?: 'GET' | 'PUT' | 'POST' | 'DELETE';
  body?: string;
  /** autocannon request generators (setupRequest) for traffic that changes per request. */
  requests?: unknown[];
}): Promise<LoadResult> {
  assertLoopback(opts.url);
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const instance = autocannon(
      {
        url: opts.url,
        connections: opts.connections,
        duration: opts.seconds,
        headers: opts.headers,
        method: opts.method ?? 'GET',
        ...(opts.body === undefined ? {} : { body: opts.body }),
        ...(opts.requests ? { requests: opts.requests as autocannon.Request[] } : {}),
      },
      (err, result) => {
        if (err) return reject(err);
        const total = result.requests.total;
        resolve(summary(latencies, total / opts.seconds, result.errors + result.non2xx, total));
      },
    );
    instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => latencies.push(ms));
  });
}

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * An open load on loopback: one GET every 1000/`rate` ms, whether or not the earlier ones are
 * answered, as a team at work sends them (autocannon's rate limit sends each second's requests
 * in one burst). Runs for `seconds`, or until `until` settles (req/s then counts the time run).
 * With `post`, each request is a POST of the JSON body `post(i)` returns instead (any 2xx is an answer).
 */
export async function paced(opts: {
  url: string;
  rate: number;
  seconds: number;
  headers?: Record<string, string>;
  until?: Promise<unknown>;
  post?: (i: number) => string;
  /** Told of each error: the status of an answer that is not one, or the network error's code. */
  onError?: (status: number | string) => void;
}): Promise<LoadResult> {
  assertLoopback(opts.url);
  const url = new URL(opts.url);
  const agent = new http.Agent({ keepAlive: true });
  const latencies: number[] = [];
  let errors = 0;
  // Posts go through a raw keep-alive client (bench/raw-http.ts): Node's http client cost about as
  // much CPU as the report the server stores, on the same two cores.
  const raw = opts.post ? new RawHttpClient(url.hostname, Number(url.port || 80)) : undefined;
  const answered = (sent: number, ok: boolean, status: number | string) => {
    if (ok) latencies.push(performance.now() - sent);
    else {
      errors++;
      opts.onError?.(status);
    }
  };
  const get = (i: number) =>
    new Promise<void>((resolve) => {
      const sent = performance.now();
      if (raw) {
        raw
          .post(`${url.pathname}${url.search}`, opts.headers ?? {}, opts.post!(i))
          .then(
            (status) => answered(sent, status >= 200 && status < 300, status),
            (err: NodeJS.ErrnoException) => answered(sent, false, err.code ?? err.message),
          )
          .finally(resolve);
        return;
      }
      const req = http.request(url, { agent, headers: opts.headers }, (res) => {
        res.resume();
        res.on('end', () => {
          answered(sent, res.statusCode === 200, res.statusCode ?? 0);
          resolve();
        });
      });
      req.on('error', (err: NodeJS.ErrnoException) => {
        answered(sent, false, err.code ?? err.message);
        resolve();
      });
      req.end();
    });
  let stopped = false;
  void opts.until?.finally(() => (stopped = true));
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; !stopped; i++) {
    const due = started + (i * 1000) / opts.rate;
    if (due - started >= opts.seconds * 1000) break;
    await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
    if (!stopped) inFlight.push(get(i));
  }
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(inFlight);
  agent.destroy();
  raw?.close();
  return summary(latencies, latencies.length / seconds, errors, latencies.length + errors);
}

/**
 * The same figures for a function rather than a URL (a query through the server's own repository
 * code and pool): `concurrency` loops call `run` back to back for `seconds`.
 */
export async function loadCalls(opts: {
  concurrency: number;
  seconds: number;
  run: () => Promise<unknown>;
}): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + opts.seconds * 1000;
  const loop = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      try {
        await opts.run();
        latencies.push(performance.now() - t0);
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, loop));
  const elapsed = (performance.now() - started) / 1000;
  return summary(latencies, (latencies.length + errors) / elapsed, errors, latencies.length + errors);
}
