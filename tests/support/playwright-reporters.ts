import type { ReporterDescription } from '@playwright/test';

/** The list for people; a JSON report beside it when `npm test` asks for one, to name failures at its end. */
export const reporters = (): ReporterDescription[] =>
  process.env.NAALEPUDEN_TEST_REPORT
    ? [['list'], ['json', { outputFile: process.env.NAALEPUDEN_TEST_REPORT }]]
    : [['list']];
