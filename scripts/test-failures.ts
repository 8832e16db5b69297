/**
 * What failed, said again at the end of `npm test`: the summary is the last thing a CI log shows, so each
 * failed test is named there with the first lines of its error, from the JSON reports that vitest and
 * Playwright write beside their usual output (NAALEPUDEN_TEST_REPORT in the Playwright configs).
 */
import fs from 'node:fs';

const firstLines = (text: string | undefined, lines = 4) =>
  (text ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colours in error messages
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .filter((line) => line.trim() !== '' && !/^\s*at (.*node_modules|new Promise)/.test(line))
    .slice(0, lines)
    .map((line) => `      ${line.slice(0, 200)}`);

type VitestReport = {
  testResults?: Array<{
    name: string;
    message?: string;
    assertionResults?: Array<{ status: string; fullName: string; failureMessages?: string[] }>;
  }>;
};

/** Each failed vitest test (or a file that failed before its tests ran) with its error's first lines. */
export function vitestFailures(file: string, root = process.cwd()): string[] {
  if (!fs.existsSync(file)) return [`    (no vitest report at ${file})`];
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as VitestReport;
  const out: string[] = [];
  for (const suite of report.testResults ?? []) {
    const name = suite.name.replace(`${root}/`, '');
    const failed = (suite.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) {
      out.push(`    ✗ ${name} › ${test.fullName}`, ...firstLines(test.failureMessages?.[0]));
    }
    if (failed.length === 0 && suite.message) out.push(`    ✗ ${name}`, ...firstLines(suite.message));
  }
  return out;
}

type PlaywrightSuite = {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: Array<{
    title: string;
    file: string;
    line: number;
    tests: Array<{
      projectName: string;
      status: string;
      results: Array<{ status: string; error?: { message?: string } }>;
    }>;
  }>;
};

/** Each Playwright test that failed (or passed only on a retry) with its error's first lines. */
export function playwrightFailures(file: string): string[] {
  if (!fs.existsSync(file)) return [`    (no Playwright report at ${file})`];
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as { suites?: PlaywrightSuite[] };
  const out: string[] = [];
  const walk = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const error = test.results.find((result) => result.error)?.error?.message;
        const mark = test.status === 'flaky' ? '~ (flaky)' : '✗';
        out.push(
          `    ${mark} [${test.projectName}] ${spec.file}:${spec.line} › ${spec.title}`,
          ...firstLines(error),
        );
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return out;
}
