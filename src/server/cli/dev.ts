import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ConfigError, loadCommandConfig } from '../config.ts';
import { DataDirInUseError, lockDataDir } from '../db/server-lock.ts';

/** `npm run dev`: the API server with reload on port 3001 and Vite (with HMR) on 5173 proxying /api. */

// Refuse at once when another server (e.g. `npm start`) holds the SQLite data folder, rather than run Vite
// beside a dev server that cannot start. The dev server itself takes the lock for its life (main.ts).
try {
  const config = loadCommandConfig();
  if (config.database.kind === 'sqlite') lockDataDir(config.dataDir).release();
} catch (error) {
  if (error instanceof DataDirInUseError) {
    console.error(error.message);
    process.exit(1);
  }
  // A configuration problem is reported by the server itself below.
  if (!(error instanceof ConfigError)) throw error;
}

const apiPort = process.env.API_PORT ?? '3001';
const env = { ...process.env, NODE_ENV: 'development', PORT: apiPort, API_PORT: apiPort };
// Both straight from node (no npx and shell in between), so a signal to `npm run dev` reaches them: tsx watch
// relays it to the server, which shuts down as `npm start` does (main.ts).
const require = createRequire(import.meta.url);
const children = [
  spawn(
    process.execPath,
    [require.resolve('tsx/cli'), 'watch', '--clear-screen=false', 'src/server/cli/serve.ts'],
    { stdio: 'inherit', env },
  ),
  spawn(process.execPath, [path.resolve('node_modules/vite/bin/vite.js')], { stdio: 'inherit', env }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
