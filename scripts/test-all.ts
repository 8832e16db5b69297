/**
 * `npm test`: lint, typecheck, unit + component + API tests (SQLite, and PostgreSQL when
 * TEST_DATABASE_URL is set), then end-to-end tests in Debian's Chromium and in WebKitGTK (the iPhone's engine).
 * End-to-end tests are required when CI or E2E_REQUIRED is set; elsewhere a missing browser is reported
 * as skipped, loudly, never as passed.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { webkitMissing } from '../tests/webkit/support/webkit.ts';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const e2eRequired = Boolean(process.env.CI || process.env.E2E_REQUIRED);

type Step = { name: string; command: string; args: string[] };
const steps: Step[] = [
  { name: 'lint (biome)', command: 'npx', args: ['biome', 'check', '.'] },
  { name: 'typecheck (tsc)', command: 'npx', args: ['tsc', '--noEmit', '-p', 'tsconfig.json'] },
  { name: 'unit, component and API tests (vitest)', command: 'npx', args: ['vitest', 'run'] },
];

const results: Array<{ name: string; status: 'passed' | 'failed' | 'skipped'; note?: string }> = [];

console.info(
  process.env.TEST_DATABASE_URL
    ? 'Databases: SQLite and PostgreSQL (TEST_DATABASE_URL)'
    : 'Databases: SQLite only (set TEST_DATABASE_URL=postgres://… to also test PostgreSQL)',
);

for (const step of steps) {
  console.info(`\n▶ ${step.name}`);
  const run = spawnSync(step.command, step.args, { stdio: 'inherit' });
  results.push({ name: step.name, status: run.status === 0 ? 'passed' : 'failed' });
}

console.info('\n▶ end-to-end tests (playwright)');
if (!fs.existsSync(chromium)) {
  const note = `Chromium not found at ${chromium}: install it with 'sudo apt-get install -y chromium' (or set CHROMIUM_PATH).`;
  if (e2eRequired) {
    results.push({ name: 'end-to-end tests (playwright)', status: 'failed', note });
  } else {
    results.push({ name: 'end-to-end tests (playwright)', status: 'skipped', note });
  }
} else {
  const run = spawnSync('npx', ['playwright', 'test'], { stdio: 'inherit' });
  results.push({ name: 'end-to-end tests (playwright)', status: run.status === 0 ? 'passed' : 'failed' });
}

console.info("\n▶ end-to-end tests in WebKit (WebKitGTK, the iPhone's engine)");
const webkitNote = webkitMissing();
if (webkitNote) {
  results.push({
    name: 'end-to-end tests in WebKit',
    status: e2eRequired ? 'failed' : 'skipped',
    note: webkitNote,
  });
} else {
  const run = spawnSync('npx', ['playwright', 'test', '-c', 'playwright.webkit.config.ts'], {
    stdio: 'inherit',
  });
  results.push({ name: 'end-to-end tests in WebKit', status: run.status === 0 ? 'passed' : 'failed' });
}

console.info('\nSummary');
for (const result of results) {
  console.info(
    `  ${result.status.toUpperCase().padEnd(7)} ${result.name}${result.note ? ` — ${result.note}` : ''}`,
  );
}
const failed = results.filter((r) => r.status === 'failed').length;
const skipped = results.filter((r) => r.status === 'skipped').length;
if (skipped > 0) console.warn('\nEND-TO-END TESTS WERE SKIPPED: this run does not prove the screens work.');
console.info(`\nsteps: ${results.length - failed - skipped} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
