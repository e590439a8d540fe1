import autocannon from 'autocannon';

export type LoadResult = { rps: number; p50: number; p95: number; p99: number; errors: number; requests: number };

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
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
  const host = new URL(opts.url).hostname;
  if (!['127.0.0.1', 'localhost', '::1'].includes(host))
    throw new Error(`load tests target loopback only, not ${host}`);
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
        latencies.sort((a, b) => a - b);
        resolve({
          rps: Math.round(result.requests.total / opts.seconds),
          p50: round(percentile(latencies, 50)),
          p95: round(percentile(latencies, 95)),
          p99: round(percentile(latencies, 99)),
          errors: result.errors + result.non2xx,
          requests: result.requests.total,
        });
      },
    );
    instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => latencies.push(ms));
  });
}

const round = (n: number) => Math.round(n * 10) / 10;
