/**
 * Step 1 of `npm run bench` (scripts/bench.ts): the big shop (`seed:large`) in a data folder, the client and
 * the floor page built into it, and the real server (`serve.ts`) started on it and signed in to.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { build as viteBuild } from 'vite';
import { freePort, type Shop, USER } from './common.ts';

const run = (args: string[], env: NodeJS.ProcessEnv) =>
  execFileSync(process.execPath, ['--import', 'tsx', ...args], { env, stdio: ['ignore', 'pipe', 'inherit'] });

/**
 * Seeds `dataDir` once (marked by `.bench-seeded`), builds the client and starts the server; stops it on exit.
 * `photos`: how many beads seed:large gives a photo (all 2,000 unless fewer are asked for); `countStock`: every
 * bead counted (seed:stock), once per folder.
 */
export async function startShop(
  dataDir: string,
  options: { photos?: string; countStock?: boolean } = {},
): Promise<Shop> {
  const clientDir = path.join(dataDir, 'client');
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    CLIENT_DIST_DIR: clientDir,
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '100000',
  };
  const seeded = fs.existsSync(path.join(dataDir, '.bench-seeded'));
  if (!seeded) {
    console.info(`Seeding the big shop into ${dataDir} …`);
    run(
      ['src/server/cli/seed-large.ts', ...(options.photos === undefined ? [] : ['--photos', options.photos])],
      env,
    );
    try {
      run(
        [
          'src/server/cli/user-add.ts',
          '--email',
          USER.email,
          '--password',
          USER.password,
          '--name',
          USER.name,
        ],
        env,
      );
    } catch {
      // The account exists already.
    }
    fs.writeFileSync(path.join(dataDir, '.bench-seeded'), new Date().toISOString());
  }
  // Every bead counted (docs/product/stock.md): the screens measured with stock on every row, once per folder.
  if (options.countStock && !fs.existsSync(path.join(dataDir, '.bench-counted'))) {
    console.info('Counting every bead …');
    run(['src/server/cli/seed-stock.ts'], env);
    fs.writeFileSync(path.join(dataDir, '.bench-counted'), new Date().toISOString());
  }
  console.info('Building the client …');
  // BENCH_VITE_ARGS: extra flags for the build, e.g. `--minify false` to read a profile's function names.
  const extra = (process.env.BENCH_VITE_ARGS ?? '').split(' ').filter(Boolean);
  execFileSync(
    'npx',
    ['vite', 'build', '--logLevel', 'warn', '--outDir', clientDir, '--emptyOutDir', ...extra],
    {
      stdio: 'inherit',
    },
  );
  await buildFloor(clientDir);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/serve.ts'], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stopServer = () => {
    if (server.exitCode === null) server.kill('SIGTERM');
  };
  process.on('exit', stopServer);
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (i > 300) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: USER.email, password: USER.password }),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const cookieParts = cookie.split('; ').map((pair) => {
    const [name = '', ...rest] = pair.split('=');
    return { name, value: rest.join('='), url: base };
  });
  return { base, serverPid: server.pid, stopServer, cookie, cookieParts };
}

/**
 * The floor page and the interaction floor (a + that opens a Dialog), served from the client folder like the
 * app's own files (precompressed like them).
 */
export async function buildFloor(clientDir: string): Promise<void> {
  await viteBuild({
    configFile: false,
    root: path.resolve('scripts/bench-floor'),
    base: '/floor/',
    logLevel: 'warn',
    plugins: [(await import('@vitejs/plugin-react')).default()],
    build: {
      outDir: path.join(clientDir, 'floor'),
      emptyOutDir: true,
      rolldownOptions: {
        input: {
          index: path.resolve('scripts/bench-floor/index.html'),
          dialog: path.resolve('scripts/bench-floor/dialog.html'),
        },
      },
    },
  });
  for (const entry of fs.readdirSync(path.join(clientDir, 'floor'), {
    recursive: true,
    withFileTypes: true,
  })) {
    if (!entry.isFile() || !/\.(js|css|html)$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const content = fs.readFileSync(file);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
  }
}
