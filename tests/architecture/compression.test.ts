/**
 * Compression in one place (src/server/http/compression.ts, docs/architecture.md): no other file under src/
 * calls zlib's brotli or gzip compressors, negotiates an encoding itself (@fastify/accept-negotiator) or reads
 * the Accept-Encoding header. Everything else is compressed by @fastify/compress or comes precompressed. The
 * second block feeds the checker deliberate violations.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, type SourceFile } from './import-rules.ts';
import { sourceFiles } from './source-files.ts';

const COMPRESSION_MODULE = 'src/server/http/compression.ts';
const COMPRESSOR = /\b(?:brotliCompress(?:Sync)?|createBrotliCompress|gzip(?:Sync)?|createGzip)\b/;
const READS_ACCEPT_ENCODING = /\[\s*['"`]accept-encoding['"`]\s*\]|\.get\(\s*['"`]accept-encoding['"`]/i;
const COMMENT_LINE = /^\s*(?:\*|\/\/|\/\*)/;

/** Each hand-made compression or negotiation outside the one module, as 'file:line: code' or 'file → package'. */
function compressionOutsideItsModule(files: readonly SourceFile[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    if (!file.path.startsWith('src/') || file.path === COMPRESSION_MODULE || /\.test\.tsx?$/.test(file.path))
      continue;
    const imports = importsOf(file).map((ref) => ref.target);
    for (const target of imports) {
      if (target === '@fastify/accept-negotiator') found.push(`${file.path} → ${target}`);
    }
    const usesZlib = imports.some((target) => target === 'node:zlib' || target === 'zlib');
    file.source.split('\n').forEach((line, index) => {
      if (COMMENT_LINE.test(line)) return;
      if ((usesZlib && COMPRESSOR.test(line)) || READS_ACCEPT_ENCODING.test(line)) {
        found.push(`${file.path}:${index + 1}: ${line.trim()}`);
      }
    });
  }
  return found;
}

describe('answers are compressed in one module', () => {
  it('the module is there and compresses', () => {
    const source = fs.readFileSync(COMPRESSION_MODULE, 'utf8');
    expect(source).toMatch(COMPRESSOR);
    expect(source).toContain('@fastify/accept-negotiator');
  });

  it('no other file under src/ compresses, negotiates or reads Accept-Encoding by hand', () => {
    expect(compressionOutsideItsModule(sourceFiles(path.resolve('src')))).toEqual([]);
  });
});

describe('the compression checker catches deliberate violations', () => {
  it('a brotli or gzip call, a negotiation of its own, a read of the header', () => {
    expect(
      compressionOutsideItsModule([
        {
          path: 'src/server/http/list-cache.ts',
          source:
            "import zlib from 'node:zlib';\nconst brotli = promisify(zlib.brotliCompress);\nconst body = zlib.gzipSync(text);",
        },
        {
          path: 'src/server/first-html/pages.ts',
          source:
            "import { negotiate } from '@fastify/accept-negotiator';\nconst accepted = String(request.headers['accept-encoding'] ?? '');",
        },
        { path: 'src/server/x/stream.ts', source: "import { createGzip } from 'zlib';\npipe(createGzip());" },
      ]),
    ).toEqual([
      'src/server/http/list-cache.ts:2: const brotli = promisify(zlib.brotliCompress);',
      'src/server/http/list-cache.ts:3: const body = zlib.gzipSync(text);',
      'src/server/first-html/pages.ts → @fastify/accept-negotiator',
      "src/server/first-html/pages.ts:2: const accepted = String(request.headers['accept-encoding'] ?? '');",
      "src/server/x/stream.ts:1: import { createGzip } from 'zlib';",
      'src/server/x/stream.ts:2: pipe(createGzip());',
    ]);
  });

  it('leaves alone the module itself, tests, comments, zip reading and the word in a string', () => {
    expect(
      compressionOutsideItsModule([
        { path: COMPRESSION_MODULE, source: "import zlib from 'node:zlib';\nzlib.gzipSync(body);" },
        {
          path: 'src/server/http/list-cache.test.ts',
          source: "import zlib from 'node:zlib';\nzlib.gunzipSync(x);",
        },
        {
          path: 'src/server/http/list-cache.ts',
          source: "// brotli / gzip forms, made once\nreply.header('vary', 'accept-encoding');",
        },
        {
          path: 'src/server/import/zip-reader.ts',
          source: "import zlib from 'node:zlib';\nzlib.inflateRawSync(raw);",
        },
        { path: 'src/server/app.ts', source: "register(compress, { encodings: ['br', 'gzip'] });" },
      ]),
    ).toEqual([]);
  });
});
