import fs from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const SOURCES = ['src/client', 'src/shared', 'index.html', 'vite.config.ts', 'package-lock.json', 'public'];

function newestMtime(target: string): number {
  const full = path.join(root, target);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full, { withFileTypes: true, recursive: true })) {
    if (entry.isFile())
      newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Builds the client when dist/ is missing or older than its sources, so `npm start` is one command. */
export async function buildClientIfNeeded(): Promise<void> {
  const distDir = path.resolve(process.env.CLIENT_DIST_DIR || './dist/client');
  const index = path.join(distDir, 'index.html');
  const builtAt = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const changedAt = Math.max(...SOURCES.map(newestMtime));
  if (builtAt >= changedAt) return;
  console.info('Building the client (first start or changed sources)...');
  const { build } = await import('vite');
  await build({ logLevel: 'warn', build: { outDir: distDir, emptyOutDir: true } });
}
