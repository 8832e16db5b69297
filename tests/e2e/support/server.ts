import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export type RunningServer = {
  url: string;
  dataDir: string;
  stop: () => Promise<void>;
  /** SIGKILL, as a crash or a pulled plug: no clean shutdown; the data folder stays. */
  kill: () => Promise<void>;
};

async function freePort(): Promise<number> {
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

export type ServerOptions = {
  /**
   * Listen on this port instead of a free one: a server restarted on the same port is the same origin to the
   * browser, which keeps its service worker, storage and cookies.
   */
  port?: number;
  /** Use this data folder and keep it at stop (the caller removes it), e.g. to restart on the same database. */
  dataDir?: string;
};

/**
 * Starts the real server (`serve.ts`) on a fresh SQLite database in its own data folder (removed at stop),
 * or on the given port and data folder.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: ServerOptions = {},
): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  // tests/.tmp is made on demand: `npm run screenshots` on a fresh clone starts here before any test made it.
  fs.mkdirSync(path.resolve('tests/.tmp'), { recursive: true });
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.resolve('tests/.tmp/e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/serve.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '1000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('server did not start within 30 s');
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    dataDir,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGKILL');
        await exited;
      }
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const OWNER = { name: 'Birthe Ørsted', email: 'birthe@perler.dk', password: 'perler-og-nåle-42' };

/** Creates the owner through the one-time set-up endpoint, as the set-up page does. */
export async function createOwner(url: string, owner = OWNER): Promise<void> {
  const response = await fetch(`${url}/api/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(owner),
  });
  if (response.status !== 201)
    throw new Error(`owner set-up failed: ${response.status} ${await response.text()}`);
}
