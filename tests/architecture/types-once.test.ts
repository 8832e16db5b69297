/**
 * The types a route's contract is read with are written once, in src/shared/api/contract-types.ts: the success
 * statuses, a schema's output and input, and the idempotency setting. A second definition could drift from the
 * first (a status added on one end only, a mode the server takes and the contract does not know). The second
 * block feeds the checker deliberate second definitions.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SourceFile } from './import-rules.ts';
import { sourceFiles } from './source-files.ts';

const HOME = 'src/shared/api/contract-types.ts';

/** Each type, and what a second definition of it looks like in code. */
const TYPES: ReadonlyArray<{ name: string; pattern: RegExp }> = [
  { name: 'SuccessStatus', pattern: /\b200\s*\|\s*201\b/ },
  { name: 'SchemaOutput', pattern: /\?\s*z\.output<\s*\w+\s*>\s*:\s*never\b/ },
  { name: 'SchemaInput', pattern: /\?\s*z\.input<\s*\w+\s*>\s*:\s*never\b/ },
  { name: 'IdempotentMode', pattern: /(['"])(?:header|body)\1\s*\|\s*(['"])(?:header|body)\2/ },
];

/**
 * Files that still hold a definition of their own until they import it from its home, each with why. The route
 * table and the contracts are being reworked in another change, which switches them over; each entry must go
 * when its file does (the last test fails while one stays on the list without need).
 */
const PENDING: Readonly<Record<string, string>> = {};

const COMMENT_LINE = /^\s*(?:\*|\/\/|\/\*)/;

/** Every second definition outside the home, as 'file:line: type'. Tests may spell them (they check them). */
function secondDefinitions(files: readonly SourceFile[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    if (file.path === HOME || /\.test\.tsx?$/.test(file.path)) continue;
    file.source.split('\n').forEach((line, index) => {
      if (COMMENT_LINE.test(line)) return;
      for (const { name, pattern } of TYPES) {
        if (pattern.test(line)) found.push(`${file.path}:${index + 1}: ${name}`);
      }
    });
  }
  return found;
}

describe('the contract types are defined once', () => {
  const files = [...sourceFiles(path.resolve('src')), ...sourceFiles(path.resolve('scripts'))];

  it('their home defines each of them', () => {
    const home = files.find((file) => file.path === HOME);
    expect(home).toBeDefined();
    for (const { name, pattern } of TYPES) {
      expect(home?.source, name).toMatch(new RegExp(`export type ${name}\\b`));
      expect(home?.source, name).toMatch(pattern);
    }
  });

  it('no other file in src/ or scripts/ defines them again', () => {
    const found = secondDefinitions(files.filter((file) => !(file.path in PENDING)));
    expect(found).toEqual([]);
  });

  it('every pending file still needs its place on the list', () => {
    for (const pending of Object.keys(PENDING)) {
      const file = files.find((candidate) => candidate.path === pending);
      expect(
        file !== undefined && secondDefinitions([file]).length > 0,
        `${pending} imports them now: remove it from PENDING`,
      ).toBe(true);
    }
  });
});

describe('the checker catches deliberate second definitions', () => {
  it('a status list, a schema output or input type and the idempotency modes of their own', () => {
    expect(
      secondDefinitions([
        {
          path: 'src/server/http/serve.ts',
          source: [
            'type Success = 200 | 201 | 202 | 203 | 204 | 205 | 206;',
            'type Out<S> = S extends Schema ? z.output<S> : never;',
            'type In<S> = S extends z.ZodType ? z.input<S> : never;',
          ].join('\n'),
        },
        {
          path: 'src/server/http/idempotent-routes.ts',
          source: "export type Mode = 'header' | 'body' | false;",
        },
        { path: 'src/client/lib/api.ts', source: 'const once: "body" | "header" = "header";' },
      ]),
    ).toEqual([
      'src/server/http/serve.ts:1: SuccessStatus',
      'src/server/http/serve.ts:2: SchemaOutput',
      'src/server/http/serve.ts:3: SchemaInput',
      'src/server/http/idempotent-routes.ts:1: IdempotentMode',
      'src/client/lib/api.ts:1: IdempotentMode',
    ]);
  });

  it('leaves the home, its imports, comments, tests and a schema read inline alone', () => {
    expect(
      secondDefinitions([
        { path: HOME, source: 'export type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 205 | 206;' },
        {
          path: 'src/server/http/serve.ts',
          source: [
            "import type { SchemaOutput, SuccessStatus } from '../../shared/api/contract-types.ts';",
            "// 'header' | 'body' | false, as the contract says",
            'function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {',
            "const status = reply.statusCode === 200 ? 'ok' : 'other';",
          ].join('\n'),
        },
        { path: 'src/server/http/serve.test.ts', source: 'type Success = 200 | 201;' },
      ]),
    ).toEqual([]);
  });
});
