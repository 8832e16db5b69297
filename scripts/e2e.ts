/**
 * `npm run test:e2e [-- playwright options]`: the end-to-end tests (tests/e2e) in Debian's Chromium, as
 * `npm test` runs them; `npm run test:webkit [-- options]`: the WebKit flows (tests/webkit) in WebKitGTK.
 * Asked for by name, a missing browser is a failure, never a skip.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { webkitMissing } from '../tests/webkit/support/webkit.ts';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const args = process.argv.slice(2);

if (args[0] === '--webkit') {
  const missing = webkitMissing();
  if (missing) {
    console.error(missing);
    process.exit(1);
  }
  const run = spawnSync(
    'npx',
    ['playwright', 'test', '-c', 'playwright.webkit.config.ts', ...args.slice(1)],
    {
      stdio: 'inherit',
    },
  );
  process.exit(run.status ?? 1);
}

if (!fs.existsSync(chromium)) {
  console.error(
    `Chromium not found at ${chromium}: install it with 'sudo apt-get install -y chromium' (or set CHROMIUM_PATH).`,
  );
  process.exit(1);
}

const run = spawnSync('npx', ['playwright', 'test', ...args], { stdio: 'inherit' });
process.exit(run.status ?? 1);
