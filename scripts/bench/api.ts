/**
 * Steps 5 and 6 of `npm run bench` (scripts/bench.ts), on the server's API: the answer sizes of the list
 * endpoints, and requests per second at 50 connections (wrk when installed, else autocannon).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { type Bench, kb } from './common.ts';

const ENDPOINTS = [
  '/api/customers',
  '/api/beads',
  '/api/todos',
  '/api/pillow',
  '/api/orders',
  '/api/packing/orders',
  '/api/packing/pick-list',
];
/** The lists every screen reads, for the load test (each ≥ 200 req/s cold, p99 ≤ 1 s). */
const LISTS = [
  '/api/customers',
  '/api/beads',
  '/api/todos',
  '/api/pillow',
  '/api/orders',
  '/api/packing/orders',
];

/** 5. Answer sizes of the list endpoints (raw, gzip computed, and as served). */
export async function benchSizes(bench: Bench): Promise<void> {
  bench.say('### Answer sizes');
  bench.say();
  bench.say('| Endpoint | raw | gzip (computed) | served as | ETag |');
  bench.say('|---|---:|---:|---|---|');
  const sizes: Record<string, unknown> = {};
  for (const endpoint of ENDPOINTS) {
    const plain = await fetch(`${bench.base}${endpoint}`, {
      headers: { cookie: bench.cookie, 'accept-encoding': 'identity' },
    });
    const raw = Buffer.from(await plain.arrayBuffer());
    const served = await fetch(`${bench.base}${endpoint}`, {
      headers: { cookie: bench.cookie, 'accept-encoding': 'br, gzip' },
    });
    const encoding = served.headers.get('content-encoding') ?? 'identity';
    const gzip = zlib.gzipSync(raw).length;
    sizes[endpoint] = { raw: raw.length, gzip, encoding, etag: plain.headers.get('etag') };
    bench.say(
      `| \`${endpoint}\` | ${kb(raw.length)} | ${kb(gzip)} | ${encoding} | ${plain.headers.get('etag') ? 'yes' : 'no'} |`,
    );
  }
  bench.results.sizes = sizes;
  bench.say();
}

/**
 * 6. Requests per second at 50 connections for the lists and /api/health, with and without If-None-Match
 * when the answer carries an ETag, and the server's CPU share meanwhile.
 */
export async function benchLoad(bench: Bench): Promise<void> {
  // The load comes from wrk (C, Debian's package) when it is installed: autocannon parses every answer in
  // JavaScript and, on this 2-core machine, saturated its own core at ~75 MB/s (the todo list at ~300 req/s
  // while the server idled at 0.2 of a core). The server's own CPU share says which side is the limit.
  const hasWrk = (() => {
    try {
      execFileSync('wrk', ['--version'], { stdio: 'ignore' });
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code !== 'ENOENT';
    }
  })();
  const serverCpu = () => {
    const fields = fs.readFileSync(`/proc/${bench.serverPid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  };
  const toMs = (text: string | undefined) => {
    const match = /^([\d.]+)(us|ms|s)$/.exec(text ?? '');
    if (!match) return Number.NaN;
    const value = Number(match[1]);
    return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value;
  };
  const load = async (url: string, headers: Record<string, string>) => {
    const cpuBefore = serverCpu();
    const started = Date.now();
    let result: { rps: number; p50: number; p99: number; non2xx: number; errors: number };
    if (hasWrk) {
      const out = execFileSync('wrk', [
        '-t2',
        '-c50',
        `-d${bench.duration}s`,
        '--latency',
        ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
        url,
      ]).toString();
      result = {
        rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]),
        p50: toMs(/\s50%\s+(\S+)/.exec(out)?.[1]),
        p99: toMs(/\s99%\s+(\S+)/.exec(out)?.[1]),
        non2xx: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0),
        errors: Number(/Socket errors:.*?timeout (\d+)/.exec(out)?.[1] ?? 0),
      };
    } else {
      const run = await autocannon({ url, connections: 50, duration: bench.duration, headers });
      result = {
        rps: run.requests.average,
        p50: run.latency.p50,
        p99: run.latency.p99,
        non2xx: run.non2xx,
        errors: run.errors,
      };
    }
    return { ...result, serverCpu: (serverCpu() - cpuBefore) / ((Date.now() - started) / 1000) };
  };
  bench.say(
    `### Requests per second, 50 connections, ${bench.duration} s each (${hasWrk ? 'wrk' : 'autocannon'})`,
  );
  bench.say();
  bench.say('| Endpoint | req/s | p50 | p99 | server CPU (cores) | with If-None-Match: req/s | status |');
  bench.say('|---|---:|---:|---:|---:|---:|---|');
  const health = await load(`${bench.base}/api/health`, {});
  bench.say(
    `| \`/api/health\` | ${Math.round(health.rps)} | ${health.p50} ms | ${health.p99} ms | ${health.serverCpu.toFixed(2)} | — | |`,
  );
  const rows: Record<string, unknown> = { health };
  for (const endpoint of LISTS) {
    const full = await load(`${bench.base}${endpoint}`, {
      cookie: bench.cookie,
      'accept-encoding': 'br, gzip',
    });
    // A new connection: a kept-alive one from seconds ago may be closing under the request (idle timeout).
    const etag = (
      await fetch(`${bench.base}${endpoint}`, { headers: { cookie: bench.cookie }, keepalive: false }).catch(
        () => fetch(`${bench.base}${endpoint}`, { headers: { cookie: bench.cookie } }),
      )
    ).headers.get('etag');
    const conditional = etag
      ? await load(`${bench.base}${endpoint}`, { cookie: bench.cookie, 'if-none-match': etag })
      : undefined;
    rows[endpoint] = { full, conditional };
    bench.say(
      `| \`${endpoint}\` | ${Math.round(full.rps)} | ${full.p50} ms | ${full.p99} ms | ${full.serverCpu.toFixed(2)} | ${conditional ? Math.round(conditional.rps) : 'no ETag'} | ${full.non2xx ? `${full.non2xx} non-2xx` : 'ok'} |`,
    );
  }
  bench.results.load = rows;
  bench.say();
}
