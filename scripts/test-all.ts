/**
 * `npm test`: lint, typecheck, unit + component + API tests (SQLite, and PostgreSQL when
 * TEST_DATABASE_URL is set), then end-to-end tests in Debian's Chromium and in WebKitGTK (the iPhone's engine).
 * End-to-end tests are required when CI or E2E_REQUIRED is set; elsewhere a missing browser is reported
 * as skipped, loudly, never as passed.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { webkitMissing } from '../tests/webkit/support/webkit.ts';
import { playwrightFailures, vitestFailures } from './test-failures.ts';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const e2eRequired = Boolean(process.env.CI || process.env.E2E_REQUIRED);

// JSON reports beside the usual output, so the summary at the end names every failed test.
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'naalepuden-test-reports-'));
const vitestReport = path.join(reports, 'vitest.json');
const e2eReport = path.join(reports, 'e2e.json');
const webkitReport = path.join(reports, 'webkit.json');

type Step = { name: string; command: string; args: string[]; failures?: () => string[] };
const steps: Step[] = [
  { name: 'lint (biome)', command: 'npx', args: ['biome', 'check', '.'] },
  { name: 'typecheck (tsc)', command: 'npx', args: ['tsc', '--noEmit', '-p', 'tsconfig.json'] },
  {
    name: 'unit, component and API tests (vitest)',
    command: 'npx',
    args: ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
    failures: () => vitestFailures(vitestReport),
  },
];

type Result = { name: string; status: 'passed' | 'failed' | 'skipped'; note?: string; failures?: string[] };
const results: Result[] = [];

console.info(
  process.env.TEST_DATABASE_URL
    ? 'Databases: SQLite and PostgreSQL (TEST_DATABASE_URL)'
    : 'Databases: SQLite only (set TEST_DATABASE_URL=postgres://… to also test PostgreSQL)',
);

for (const step of steps) {
  console.info(`\n▶ ${step.name}`);
  const run = spawnSync(step.command, step.args, { stdio: 'inherit' });
  const status = run.status === 0 ? 'passed' : 'failed';
  results.push({ name: step.name, status, failures: status === 'failed' ? step.failures?.() : undefined });
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
  const run = spawnSync('npx', ['playwright', 'test'], {
    stdio: 'inherit',
    env: { ...process.env, NAALEPUDEN_TEST_REPORT: e2eReport },
  });
  results.push({
    name: 'end-to-end tests (playwright)',
    status: run.status === 0 ? 'passed' : 'failed',
    failures: playwrightFailures(e2eReport),
  });
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
    env: { ...process.env, NAALEPUDEN_TEST_REPORT: webkitReport },
  });
  results.push({
    name: 'end-to-end tests in WebKit',
    status: run.status === 0 ? 'passed' : 'failed',
    failures: playwrightFailures(webkitReport),
  });
}

console.info('\nSummary');
for (const result of results) {
  console.info(
    `  ${result.status.toUpperCase().padEnd(7)} ${result.name}${result.note ? ` — ${result.note}` : ''}`,
  );
  for (const line of result.failures ?? []) console.info(line);
}
fs.rmSync(reports, { recursive: true, force: true });
const failed = results.filter((r) => r.status === 'failed').length;
const skipped = results.filter((r) => r.status === 'skipped').length;
if (skipped > 0) console.warn('\nEND-TO-END TESTS WERE SKIPPED: this run does not prove the screens work.');
console.info(`\nsteps: ${results.length - failed - skipped} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
