/**
 * The repository explains itself (docs/conventions.md habit 12): no file in src/, tests/, docs/ or
 * README.md points to a document outside the repository. A rule the code relies on is stated in docs/product/
 * (or where it is used). The last block feeds the checker deliberate pointers, so it cannot pass by accident.
 *
 * The names looked for are built from pieces, so that this file does not point anywhere itself.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

type TextFile = { path: string; source: string };

const OLD_SPEC = ['SP', 'EC'].join('');
const OUTSIDE_DOCUMENTS = [
  `${OLD_SPEC}.md`,
  ...['PRODUCT', 'CONVENTIONS', 'STACK'].map((name) => `${name}.md`),
];
const SECTION_SIGN = '\u00a7';

/** What counts as a pointer outside the repository, each with the name a failure reports. */
const POINTERS: ReadonlyArray<{ name: string; pattern: RegExp }> = [
  ...OUTSIDE_DOCUMENTS.map((document) => ({
    name: document,
    pattern: new RegExp(`\\b${document.replace('.', '\\.')}`),
  })),
  { name: `${OLD_SPEC} ${SECTION_SIGN}`, pattern: new RegExp(`\\b${OLD_SPEC} ${SECTION_SIGN}`) },
  // The old specification by its bare name, in capitals; lower-case 'spec' (a variable, '*.spec.ts') is fine.
  { name: OLD_SPEC, pattern: new RegExp(`\\b${OLD_SPEC}\\b`) },
];

/**
 * A relative path into a folder named 'shared' (e.g. `../shared/…`), resolved from the file's own folder: a
 * pointer outside when it leaves the repository, and in Markdown (which imports nothing) whenever it is not
 * src/shared. An import of `../../shared/texts.ts` in src/server/x/ is src/shared, and fine.
 */
const SHARED_FOLDER = /(?<![\w./-])((?:\.{1,2}\/)+)shared\//g;

/**
 * Files that may still point outside, each with its reason. Nothing else: a new pointer belongs in
 * docs/product/ instead.
 */
const ALLOWED: Readonly<Record<string, string>> = {};

const TEXT_FILE = /\.(ts|tsx|md|js|json|html|css)$/;
/** Screenshots are images; dot-folders (tests/.tmp) hold test databases and caches. */
const SKIPPED_FOLDERS = new Set(['docs/screenshots']);

/** Every pointer outside the repository in one file, as 'path:line: what'. */
function outsidePointers(file: TextFile): string[] {
  const found: string[] = [];
  const folder = path.posix.dirname(file.path);
  file.source.split('\n').forEach((line, index) => {
    const where = `${file.path}:${index + 1}`;
    for (const { name, pattern } of POINTERS) {
      if (pattern.test(line)) found.push(`${where}: ${name}`);
    }
    for (const match of line.matchAll(SHARED_FOLDER)) {
      const target = path.posix.normalize(path.posix.join(folder, `${match[1]}shared`));
      const leaves = target === '..' || target.startsWith('../');
      if (leaves || (file.path.endsWith('.md') && target !== 'src/shared'))
        found.push(`${where}: ${match[0]}`);
    }
  });
  return found;
}

function textFiles(dir: string): TextFile[] {
  const files: TextFile[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const relative = path.relative(process.cwd(), full).split(path.sep).join('/');
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.') && entry.name !== 'node_modules' && !SKIPPED_FOLDERS.has(relative))
        files.push(...textFiles(full));
    } else if (entry.isFile() && TEXT_FILE.test(entry.name)) {
      files.push({ path: relative, source: fs.readFileSync(full, 'utf8') });
    }
  }
  return files;
}

describe('the repository explains itself: nothing points outside it', () => {
  const files = [
    ...['src', 'tests', 'docs'].flatMap((dir) => textFiles(path.resolve(dir))),
    { path: 'README.md', source: fs.readFileSync(path.resolve('README.md'), 'utf8') },
  ];

  it('reads src/, tests/, docs/ and README.md', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(files.some((file) => file.path === 'docs/product/README.md')).toBe(true);
    expect(files.some((file) => file.path.startsWith('docs/screenshots/'))).toBe(false);
  });

  it('no file points to a document outside the repository (docs/product/ states the rules)', () => {
    const found = files.filter((file) => !(file.path in ALLOWED)).flatMap(outsidePointers);
    expect(found).toEqual([]);
  });

  it('every allowed file still needs its place on the list', () => {
    for (const allowed of Object.keys(ALLOWED)) {
      const file = files.find((candidate) => candidate.path === allowed);
      expect(file && outsidePointers(file).length > 0, `${allowed}: remove it from ALLOWED`).toBe(true);
    }
  });
});

describe('the pointer check catches deliberate pointers', () => {
  const up = '..';

  it('the documents by name, a section of the old specification and its bare name', () => {
    const source = [
      `/** Prices (${OUTSIDE_DOCUMENTS[1]}, 'Offer'). */`,
      `// See ${OLD_SPEC} ${SECTION_SIGN}4 for the statuses.`,
      `it('404 with ${OLD_SPEC} message', () => {});`,
      `See ${OUTSIDE_DOCUMENTS[2]} habit 3 and ${OUTSIDE_DOCUMENTS[3]}.`,
    ].join('\n');
    expect(outsidePointers({ path: 'src/shared/domain/pricing.ts', source })).toEqual([
      `src/shared/domain/pricing.ts:1: ${OUTSIDE_DOCUMENTS[1]}`,
      `src/shared/domain/pricing.ts:2: ${OLD_SPEC} ${SECTION_SIGN}`,
      `src/shared/domain/pricing.ts:2: ${OLD_SPEC}`,
      `src/shared/domain/pricing.ts:3: ${OLD_SPEC}`,
      `src/shared/domain/pricing.ts:4: ${OUTSIDE_DOCUMENTS[2]}`,
      `src/shared/domain/pricing.ts:4: ${OUTSIDE_DOCUMENTS[3]}`,
    ]);
  });

  it('a path that leaves the repository, from the root and from deep inside', () => {
    expect(
      outsidePointers({ path: 'README.md', source: `See \`${up}/shared/${OUTSIDE_DOCUMENTS[2]}\`.` }),
    ).toEqual([`README.md:1: ${OUTSIDE_DOCUMENTS[2]}`, `README.md:1: ${up}/shared/`]);
    expect(
      outsidePointers({
        path: 'src/server/x.ts',
        source: `// the notes in ${up}/${up}/${up}/shared/notes.txt`,
      }),
    ).toEqual([`src/server/x.ts:1: ${up}/${up}/${up}/shared/`]);
    expect(
      outsidePointers({ path: 'docs/decisions/0001-x.md', source: `as ${up}/shared/hooks/ says` }),
    ).toEqual([`docs/decisions/0001-x.md:1: ${up}/shared/`]);
  });

  it('leaves imports of src/shared, lower-case spec and the product pages alone', () => {
    const source = [
      `import { texts } from '${up}/${up}/shared/texts.ts';`,
      `import '${up}/shared/zod-danish.ts';`,
      `const spec = { code: 'X', message: 'Y' }; // customers.spec.ts, the spec's message`,
      '/** Prices (docs/product/pricing.md). */',
    ].join('\n');
    expect(outsidePointers({ path: 'src/server/orders/orders.service.ts', source })).toEqual([]);
    expect(outsidePointers({ path: 'docs/x.md', source: `[texts](${up}/src/shared/texts.ts)` })).toEqual([]);
  });
});
