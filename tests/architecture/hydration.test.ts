/**
 * The server's first screen and the app's hydration of it (decision 0014) rest on a few rules of the code:
 * - the app's root is made in one place (src/client/main.tsx), and it and the server's renderer render the same
 *   tree (app/app-root.tsx), so the two renders can agree element by element;
 * - no media query is answered from the browser in the render that hydrates (`noSsr` skips the first screen's
 *   answer), outside the dialogs, which are never on a first screen;
 * - the page's first script, inline in every page, imports nothing but what it shares with the app and stays
 *   small.
 * The second block feeds the checker deliberate violations.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rolldown } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { importsOf, type SourceFile } from './import-rules.ts';
import { sourceFiles } from './source-files.ts';

const ROOT_MAKER = 'src/client/main.tsx';
const SERVER_RENDERER = 'src/client/server-render/first-screen.tsx';
const HOLDER = 'src/client/boot/hold-taps.ts';
const HOLDER_IMPORTS = ['src/shared/page-contract.ts'];
/** Dialogs open over a screen the app renders itself: their media queries may skip the server's answer. */
const NEVER_ON_A_FIRST_SCREEN = /-dialog\.tsx$/;
/** The inline script's size budget (minified), as it is in every page before anything is painted. */
const HOLDER_BUDGET_BYTES = 2500;

const COMMENT_LINE = /^\s*(?:\*|\/\/|\/\*)/;
const codeLines = (file: SourceFile) =>
  file.source
    .split('\n')
    .flatMap((line, index) => (COMMENT_LINE.test(line) ? [] : [{ line, at: index + 1 }]));

function breaches(files: readonly SourceFile[]): string[] {
  const found: string[] = [];
  const client = files.filter(
    (file) => file.path.startsWith('src/client/') && !/\.test\.tsx?$/.test(file.path),
  );
  for (const file of client) {
    for (const { line, at } of codeLines(file)) {
      if (/\b(?:createRoot|hydrateRoot)\s*\(/.test(line) && file.path !== ROOT_MAKER)
        found.push(`${file.path}:${at}: a React root outside ${ROOT_MAKER}`);
      if (/\bnoSsr\s*:\s*true\b/.test(line) && !NEVER_ON_A_FIRST_SCREEN.test(file.path))
        found.push(`${file.path}:${at}: noSsr answers a media query from the browser while hydrating`);
    }
    if (file.path === HOLDER) {
      for (const ref of importsOf(file))
        if (!HOLDER_IMPORTS.includes(ref.target)) found.push(`${file.path} → ${ref.target}`);
    }
  }
  for (const tree of [ROOT_MAKER, SERVER_RENDERER]) {
    const file = files.find((candidate) => candidate.path === tree);
    if (file && !/<AppRoot\b/.test(file.source)) found.push(`${tree} does not render <AppRoot>`);
  }
  return found;
}

describe('the first screen and its hydration', () => {
  it('one React root, one tree on both ends, no browser answer while hydrating, a holder of its own', () => {
    expect(breaches(sourceFiles(path.resolve('src')))).toEqual([]);
  });

  it('the page’s first script stays within its budget', async () => {
    const bytes = await inlineBytes(HOLDER);
    expect(bytes).toBeGreaterThan(200);
    expect(bytes).toBeLessThanOrEqual(HOLDER_BUDGET_BYTES);
  });
});

/** How many bytes the script at `input` takes inline, as the build makes it (one minified IIFE). */
async function inlineBytes(input: string): Promise<number> {
  const bundle = await rolldown({ input, platform: 'browser', logLevel: 'silent' });
  const { output } = await bundle.generate({ format: 'iife', minify: true });
  await bundle.close();
  return Buffer.byteLength(output[0].code);
}

describe('the hydration checker catches deliberate violations', () => {
  const main = { path: ROOT_MAKER, source: 'hydrateRoot(root, <AppRoot queryClient={q} router={r} />);' };
  const server = { path: SERVER_RENDERER, source: 'renderToString(<AppRoot queryClient={q} router={r} />);' };

  it('a root made elsewhere, noSsr on a screen, the holder importing the app, a tree of its own', () => {
    expect(
      breaches([
        main,
        { path: SERVER_RENDERER, source: 'renderToString(<ThemeProvider><AppRoutes /></ThemeProvider>);' },
        { path: 'src/client/features/orders/order-card.tsx', source: 'createRoot(element).render(<X />);' },
        {
          path: 'src/client/app/routes/pillow-page.tsx',
          source: "useMediaQuery('(pointer: fine)', { noSsr: true });",
        },
        { path: HOLDER, source: "import { texts } from '../../shared/texts.ts';" },
      ]),
    ).toEqual([
      'src/client/features/orders/order-card.tsx:1: a React root outside src/client/main.tsx',
      'src/client/app/routes/pillow-page.tsx:1: noSsr answers a media query from the browser while hydrating',
      'src/client/boot/hold-taps.ts → src/shared/texts.ts',
      'src/client/server-render/first-screen.tsx does not render <AppRoot>',
    ]);
  });

  it('a holder that pulls in the texts is over its budget', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'naalepuden-holder-'));
    try {
      const heavy = path.join(dir, 'hold-taps.ts');
      const texts = JSON.stringify(path.resolve('src/shared/texts.ts'));
      fs.writeFileSync(heavy, `import { texts } from ${texts};\nconsole.log(JSON.stringify(texts));\n`);
      expect(await inlineBytes(heavy)).toBeGreaterThan(HOLDER_BUDGET_BYTES);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves alone what is allowed', () => {
    expect(
      breaches([
        main,
        server,
        {
          path: 'src/client/features/parcels/labels-dialog.tsx',
          source: "useMediaQuery('(x)', { noSsr: true });",
        },
        { path: HOLDER, source: "import { HELD_MARK_ATTRIBUTE } from '../../shared/page-contract.ts';" },
        { path: 'src/client/lib/held-taps.test.tsx', source: 'hydrateRoot(root, <Screen />);' },
      ]),
    ).toEqual([]);
  });
});
