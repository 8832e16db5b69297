/**
 * `npm run test:e2e [-- playwright options]`: the end-to-end tests (tests/e2e) in Debian's Chromium, as the
 * last step of `npm test` runs them. Asked for by name, a missing browser is a failure, never a skip.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!fs.existsSync(chromium)) {
  console.error(
    `Chromium not found at ${chromium}: install it with 'sudo apt-get install -y chromium' (or set CHROMIUM_PATH).`,
  );
  process.exit(1);
}

const run = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(run.status ?? 1);
