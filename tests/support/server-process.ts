/**
 * The real server and CLIs as separate processes (`node --import tsx …`), for tests that need a process to
 * kill, restart or refuse: crash durability, backups and restore.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { OWNER } from './test-app.ts';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

const baseEnv = (dataDir: string, extra: Record<string, string> = {}) => ({
  ...process.env,
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  LOG_LEVEL: 'warn',
  LOGIN_RATE_LIMIT: '1000',
  CLIENT_DIST_DIR: `${dataDir}/no-client`,
  ...extra,
});

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
};

/**
 * Spawns `serve.ts` on the data folder and collects its output, without waiting for it to serve (for a server
 * that is expected to refuse to start).
 */
export async function spawnServerProcess(dataDir: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/serve.ts'], {
    env: baseEnv(dataDir, { PORT: String(port), LOG_LEVEL: 'info', ...env }),
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { url: `http://127.0.0.1:${port}`, child, exited, output: () => output };
}

/** Starts `serve.ts` on the data folder (and `env`, e.g. a DATABASE_URL) and waits until /api/health answers. */
export async function startServerProcess(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/serve.ts'], {
    env: baseEnv(dataDir, { PORT: String(port), ...env }),
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`server did not start within 30 s: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, child, exited, output: () => output };
}

/**
 * Creates the owner on a fresh install (ignored when it exists) and signs in; returns the cookie header.
 * `origin`: the page's origin, PUBLIC_URL when one is set.
 */
export async function signInOwner(url: string, origin = url): Promise<string> {
  const headers = { 'content-type': 'application/json', origin };
  await fetch(`${url}/api/setup`, { method: 'POST', headers, body: JSON.stringify(OWNER) });
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: OWNER.email, password: OWNER.password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** A JSON call with the session cookie and the Origin header the session guard wants. */
export async function callApi(
  url: string,
  cookie: string,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  body?: unknown,
): Promise<Response> {
  return fetch(`${url}${path}`, {
    method,
    headers: {
      cookie,
      origin: url,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export type CliResult = { code: number | null; stdout: string; stderr: string };

/** Runs one of our CLIs (src/server/cli/NAME.ts) on the data folder. */
export async function runCli(name: string, args: string[], dataDir: string): Promise<CliResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', `src/server/cli/${name}.ts`, ...args], {
    env: baseEnv(dataDir),
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  return { code, stdout, stderr };
}
