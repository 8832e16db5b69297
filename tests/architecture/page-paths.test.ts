/**
 * Every page path is spelled in one table, src/shared/screens.ts: the router, the menu, the boot script's tables, the
 * server's first screen and its page routes are made from it, and links are made with `pathOf`. Adding a
 * screen is one edit there; a path written anywhere else would be a second spelling that nothing ties to it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pagePaths } from '../../src/shared/screens.ts';
import type { SourceFile } from './import-rules.ts';
import { pagePathsOutsideTable, pageRoots } from './page-paths.ts';
import { sourceFiles } from './source-files.ts';

describe('page paths live in the table of screens', () => {
  it('knows every screen and public page by its first segment', () => {
    expect(pageRoots(pagePaths()).sort()).toEqual(
      [
        '/books',
        '/customers',
        '/login',
        '/needles',
        '/orders',
        '/packing',
        '/pillow',
        '/reminders',
        '/sales',
        '/settings',
        '/setup',
        '/stocktake',
        '/todos',
      ].sort(),
    );
  });

  it('no file in src/ (the boot script included) nor the build config spells a page path but src/shared/screens.ts and public-pages.ts', () => {
    const files = [
      ...sourceFiles(path.resolve('src')),
      ...['vite.config.ts'].map((file) => ({
        path: file,
        source: fs.readFileSync(file, 'utf8'),
      })),
    ];
    expect(files.length).toBeGreaterThan(150);
    expect(files.some((file) => file.path === 'src/shared/screens.ts')).toBe(true);
    expect(pagePathsOutsideTable(files, pagePaths())).toEqual([]);
  });

  it('catches a deliberate violation, and lets comments, API paths, the table and tests be', () => {
    const files: SourceFile[] = [
      {
        path: 'src/client/features/x/x-card.tsx',
        source: [
          "import { pathOf, screens } from 'shared/screens.ts';",
          '/**',
          ' * Opens /customers/:id, or `/needles`.',
          ' */',
          "// navigate('/orders')",
          'const a = <Link to="/customers">Kunder</Link>;',
          `const b = \`/needles/\${encodeURIComponent(id)}\`;`,
          "navigate('/pillow?from=menu', { replace: true });",
          `const c = \`\${location.origin}/todos\`;`,
          "const d = 'https://shop.local/sales#2026';",
          "const fine = [pathOf(screens.bead, { id }), '/api/orders', '/api/customers/1', '/', '/favicon.svg'];",
          "const alsoFine = ['/customersx', './routes/pillow-page.tsx', '/tls/ca.crt', 'orders'];",
        ].join('\n'),
      },
      { path: 'src/server/x/x.ts', source: "reply.redirect(\n  '/login',\n);" },
      {
        path: 'src/shared/screens.ts',
        source: "export const screens = { customers: { path: '/customers' } };",
      },
      { path: 'src/shared/public-pages.ts', source: "export const START_PATH = '/pillow';" },
      { path: 'src/shared/texts/x.ts', source: "export const START_PATH = '/pillow';" },
      { path: 'src/client/app/x.test.tsx', source: "expect(link).toHaveAttribute('href', '/customers/7');" },
    ];
    expect(pagePathsOutsideTable(files, pagePaths())).toEqual([
      'src/client/features/x/x-card.tsx:6: "/customers"',
      `src/client/features/x/x-card.tsx:7: \`/needles/\${encodeURIComponent(id)}\``,
      "src/client/features/x/x-card.tsx:8: '/pillow?from=menu'",
      `src/client/features/x/x-card.tsx:9: \`\${location.origin}/todos\``,
      "src/client/features/x/x-card.tsx:10: 'https://shop.local/sales#2026'",
      "src/server/x/x.ts:2: '/login'",
      "src/shared/texts/x.ts:1: '/pillow'",
    ]);
  });
});
