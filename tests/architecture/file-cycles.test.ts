/**
 * No file imports one that imports it back, directly or around (docs/architecture.md): in src/, scripts/,
 * tests/ and the build's configs, types and lazy imports included. The second block feeds the checker
 * deliberate cycles.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileCycles } from './file-cycles.ts';
import type { SourceFile } from './import-rules.ts';
import { sourceFiles } from './source-files.ts';

/**
 * Cycles that are known and waiting for their fix, each with why it is not fixed here. Nothing else: a new
 * cycle is fixed where it is made (the shared part into a file of its own). The last test of the first block
 * fails while one stays on the list without need.
 */
const PENDING: Readonly<Record<string, string>> = {};

const ROOT_FILES = [
  'vite.config.ts',
  'vitest.config.ts',
  'playwright.config.ts',
  'playwright.webkit.config.ts',
];

describe('files form no cycle', () => {
  const files = [
    ...['src', 'scripts', 'tests'].flatMap((dir) => sourceFiles(path.resolve(dir))),
    ...ROOT_FILES.map((file) => ({ path: file, source: fs.readFileSync(file, 'utf8') })),
  ];

  it('reads src/, scripts/, tests/ and the configs', () => {
    const trees = new Set(files.map((file) => file.path.split('/')[0]));
    expect([...trees].filter((tree) => !tree?.endsWith('.ts')).sort()).toEqual(['scripts', 'src', 'tests']);
    expect(files.length).toBeGreaterThan(500);
  });

  it('no file imports one that imports it back, directly or around', () => {
    expect(fileCycles(files).filter((cycle) => !(cycle in PENDING))).toEqual([]);
  });

  it('every pending cycle is still there', () => {
    const cycles = new Set(fileCycles(files));
    for (const pending of Object.keys(PENDING)) {
      expect(cycles.has(pending), `${pending} is gone: remove it from PENDING`).toBe(true);
    }
  });
});

describe('the file cycle checker catches deliberate cycles', () => {
  const file = (p: string, source: string): SourceFile => ({ path: p, source });

  it('two files of one folder, made of a type only, and around three', () => {
    expect(
      fileCycles([
        file('src/server/cli/seed-support.ts', "import { beadPictures } from './seed-pictures.ts';"),
        file('src/server/cli/seed-pictures.ts', "import { createRandom } from './seed-support.ts';"),
        file('scripts/screenshots.ts', "import { stockShots } from './screenshots/stock.ts';"),
        file('scripts/screenshots/stock.ts', "import type { Shot } from '../screenshots.ts';"),
        file('src/server/a/a.ts', "import { b } from '../b/b.ts';"),
        file('src/server/b/b.ts', "export { c } from '../c/c.ts';"),
        file('src/server/c/c.ts', "import { type A } from '../a/a.ts';"),
      ]),
    ).toEqual([
      'scripts/screenshots.ts → scripts/screenshots/stock.ts → scripts/screenshots.ts',
      'src/server/a/a.ts → src/server/b/b.ts → src/server/c/c.ts → src/server/a/a.ts',
      'src/server/cli/seed-pictures.ts → src/server/cli/seed-support.ts → src/server/cli/seed-pictures.ts',
    ]);
  });

  it('through a lazy import, and from a test or a script into src/', () => {
    expect(
      fileCycles([
        file('src/client/x/card.tsx', "const Dialog = lazy(() => import('./dialog.tsx'));"),
        file('src/client/x/dialog.tsx', "import { message } from './card.tsx';"),
        file('tests/support/a.ts', "import { b } from '../../src/server/b.ts';"),
        file('src/server/b.ts', "import { a } from '../../tests/support/a.ts';"),
      ]),
    ).toEqual([
      'src/client/x/card.tsx → src/client/x/dialog.tsx → src/client/x/card.tsx',
      'src/server/b.ts → tests/support/a.ts → src/server/b.ts',
    ]);
  });

  it('leaves a shared part below both, packages and missing files alone', () => {
    expect(
      fileCycles([
        file('src/server/cli/seed-support.ts', "import { createRandom } from './seed-random.ts';"),
        file('src/server/cli/seed-pictures.ts', "import { createRandom } from './seed-random.ts';"),
        file('src/server/cli/seed-random.ts', "import { z } from 'zod';\nimport { gone } from './gone.ts';"),
      ]),
    ).toEqual([]);
  });
});
