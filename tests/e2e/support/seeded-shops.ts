import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { OWNER, type RunningServer, startServer } from './server.ts';

/**
 * Whole shops for the tests that must see every screen of one: the demo shop (`seed:demo`) and the big shop
 * (`seed:large`: 5,000 customers, 2,000 beads, 40,000 orders, without photos here). Each is seeded once per run
 * into tests/.tmp/shops/ (global-setup.ts) with the owner's account; a test starts a server on a copy.
 */
export const SHOPS = {
  demo: { script: 'src/server/cli/seed-demo.ts', args: [] as string[] },
  big: { script: 'src/server/cli/seed-large.ts', args: ['--photos', '0'] },
} as const;
export type ShopName = keyof typeof SHOPS;

const shopDir = (name: ShopName) => path.resolve('tests/.tmp/shops', name);

const node = (args: string[], dataDir: string) =>
  execFileSync(process.execPath, ['--import', 'tsx', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'production', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });

/** What a seeded shop depends on: the server's code (the seeds, the migrations, the services they call). */
function serverCodeHash(): string {
  const hash = createHash('sha256');
  const files = fs
    .readdirSync('src/server', { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) hash.update(file).update(fs.readFileSync(file));
  return hash.digest('hex');
}

/**
 * Seeds the shop with the owner's account into its folder, unless it was seeded by the same server code already
 * (the Chromium and the WebKit run share it).
 */
export function seedShop(name: ShopName): void {
  const dir = shopDir(name);
  const marker = path.join(dir, '.seeded-by');
  const code = serverCodeHash();
  if (fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === code) return;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  node([SHOPS[name].script, ...SHOPS[name].args], dir);
  node(
    [
      'src/server/cli/user-add.ts',
      '--email',
      OWNER.email,
      '--password',
      OWNER.password,
      '--name',
      OWNER.name,
    ],
    dir,
  );
  fs.writeFileSync(marker, code);
}

/** A server on a copy of the seeded shop (the copy goes at stop). */
export async function startShopServer(name: ShopName): Promise<RunningServer> {
  const copy = fs.mkdtempSync(path.resolve(`tests/.tmp/e2e-${name}-`));
  if (!fs.existsSync(path.join(shopDir(name), '.seeded-by')))
    throw new Error(
      `the ${name} shop was not seeded (tests/e2e/support/global-setup.ts; E2E_SHOPS leaves it out)`,
    );
  fs.cpSync(shopDir(name), copy, { recursive: true });
  const server = await startServer({}, { dataDir: copy });
  return {
    ...server,
    stop: async () => {
      await server.stop();
      fs.rmSync(copy, { recursive: true, force: true });
    },
  };
}
