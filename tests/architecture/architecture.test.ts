/**
 * The import rules of docs/architecture.md hold for every file in src/. The second block feeds
 * the checker deliberate violations, so a broken checker cannot pass silently.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  apiPathsInClient,
  checkImports,
  frameworkOnLoginPage,
  LOGIN_PAGE,
  PAGE_ENTRY,
  RULES,
  routeFileBreaches,
  type SourceFile,
  validationInFirstLoad,
} from './import-rules.ts';
import { sourceFiles } from './source-files.ts';

describe('architecture: imports follow the layers', () => {
  const files = sourceFiles(path.resolve('src'));

  it('reads the whole source tree', () => {
    expect(files.length).toBeGreaterThan(150);
  });

  for (const rule of Object.values(RULES)) {
    it(rule, () => {
      const broken = checkImports(files)
        .filter((violation) => violation.rule === rule)
        .map((violation) => `${violation.file} → ${violation.imports}`);
      expect(broken).toEqual([]);
    });
  }
});

describe('the first load stays light', () => {
  it('the client entry reaches no zod through static imports (forms load it when they open)', () => {
    expect(validationInFirstLoad(sourceFiles(path.resolve('src')))).toEqual([]);
  });

  it('catches a deliberate violation', () => {
    const files: SourceFile[] = [
      { path: 'src/client/main.tsx', source: "import { x } from './api/todos.ts';" },
      {
        path: 'src/client/api/todos.ts',
        source: "import { LIMIT } from '../../shared/schemas/api-todos.ts';",
      },
      { path: 'src/shared/schemas/api-todos.ts', source: "import { z } from 'zod';" },
    ];
    expect(validationInFirstLoad(files)).toEqual([
      'src/client/main.tsx → src/client/api/todos.ts → src/shared/schemas/api-todos.ts → zod',
    ]);
    files[1] = {
      path: 'src/client/api/todos.ts',
      source: "import type { Todo } from '../../shared/schemas/api-todos.ts';",
    };
    expect(validationInFirstLoad(files)).toEqual([]);
  });
});

describe('the login page carries no framework', () => {
  it('the page entry and the login page reach no React, MUI, TanStack, router, zod or toast library', () => {
    expect(frameworkOnLoginPage(sourceFiles(path.resolve('src')))).toEqual([]);
  });

  it('catches a deliberate violation, through a shared helper too', () => {
    const files: SourceFile[] = [
      { path: LOGIN_PAGE, source: "import { notify } from '../lib/notify.ts';" },
      { path: 'src/client/lib/notify.ts', source: "import { toast } from 'sonner';" },
      {
        path: PAGE_ENTRY,
        source: "import { createRoot } from 'react-dom/client';\nvoid import('./main.tsx');",
      },
    ];
    expect(frameworkOnLoginPage(files)).toEqual([
      'src/client/entry.ts → react-dom/client',
      'src/client/login/login-page.ts → src/client/lib/notify.ts → sonner',
    ]);
  });
});

describe('architecture: the checker catches deliberate violations', () => {
  const caught = (file: SourceFile) => checkImports([file]).map((violation) => violation.rule);

  /** One deliberate violation of each rule: a rule added to RULES without one does not compile. */
  const VIOLATIONS: Record<keyof typeof RULES, SourceFile> = {
    sharedIsPure: { path: 'src/shared/domain/x.ts', source: "import { db } from '../../server/db/x.ts';" },
    clientServerApart: {
      path: 'src/client/lib/x.ts',
      source: "import { buildApp } from '../../server/app.ts';",
    },
    otherModulesRepository: {
      path: 'src/server/todos/todos.service.ts',
      source: "import { insertOrderLines } from '../orders/orders.repository.ts';",
    },
    servicesSpeakNoHttp: {
      path: 'src/server/stock/stock.service.ts',
      source: "import { serve } from '../http/serve.ts';",
    },
    idempotencyByConfig: {
      path: 'src/server/stock/stock.routes.ts',
      source: "import { withIdempotency } from '../idempotency/idempotency.service.ts';",
    },
    kyselyInRepositories: {
      path: 'src/server/backups/backups.routes.ts',
      source: "import { sql } from 'kysely';",
    },
    featuresApart: {
      path: 'src/client/features/stock/count-card.tsx',
      source: "import { BeadGallery } from '../beads/bead-gallery.tsx';",
    },
    componentsGeneric: {
      path: 'src/client/components/bead-picker.tsx',
      source: "import { useQuery } from '@tanstack/react-query';",
    },
    apiModulesBelow: {
      path: 'src/client/api/stock.ts',
      source: "import { CountCard } from '../features/stock/count-card.tsx';",
    },
    cacheInApiModules: {
      path: 'src/client/app/routes/stock-count-page.tsx',
      source: "queryClient.setQueryData(['stock'], counts);",
    },
  };

  for (const [rule, file] of Object.entries(VIOLATIONS)) {
    it(`breaks "${rule}" with ${file.path}`, () => {
      expect(caught(file)).toEqual([RULES[rule as keyof typeof RULES]]);
    });
  }

  it('a module importing another module’s repository', () => {
    expect(
      caught({
        path: 'src/server/todos/todos.service.ts',
        source: "import { insertOrderLines } from '../orders/orders.repository.ts';",
      }),
    ).toEqual([RULES.otherModulesRepository]);
  });

  it('a service importing HTTP errors, and a service running Kysely itself', () => {
    expect(
      caught({
        path: 'src/server/beads/beads.service.ts',
        source: "import { apiError } from '../http/api-errors.ts';\nimport { sql } from 'kysely';",
      }),
    ).toEqual([RULES.servicesSpeakNoHttp, RULES.kyselyInRepositories]);
    expect(
      caught({ path: 'src/server/beads/beads.service.ts', source: "import type { Kysely } from 'kysely';" }),
    ).toEqual([]);
    expect(
      caught({
        path: 'src/server/idempotency/idempotency.service.ts',
        source: "import type { FastifyRequest } from 'fastify';",
      }),
    ).toEqual([RULES.servicesSpeakNoHttp]);
  });

  it('a route file calling the idempotency code by hand', () => {
    expect(
      caught({
        path: 'src/server/beads/beads.routes.ts',
        source: "import { idempotentRequest } from '../idempotency/idempotency.service.ts';",
      }),
    ).toEqual([RULES.idempotencyByConfig]);
  });

  it('a feature reaching into another feature, and a generic component calling the API', () => {
    expect(
      caught({
        path: 'src/client/features/todos/todo-row.tsx',
        source: "import { useCustomerDetail } from '../customers/customer-detail-api.ts';",
      }),
    ).toEqual([RULES.featuresApart]);
    expect(
      caught({
        path: 'src/client/components/search-box.tsx',
        source: "import { useBeads } from '../api/beads.ts';",
      }),
    ).toEqual([RULES.componentsGeneric]);
  });

  it('a component refreshing the cache itself', () => {
    expect(
      caught({
        path: 'src/client/features/todos/todo-row.tsx',
        source: 'queryClient.invalidateQueries({ queryKey: ["todos"] });',
      }),
    ).toEqual([RULES.cacheInApiModules]);
  });

  it('shared importing the server, and the client importing the server', () => {
    expect(
      caught({ path: 'src/shared/domain/x.ts', source: "import { db } from '../../server/db/x.ts';" }),
    ).toEqual([RULES.sharedIsPure]);
    expect(
      caught({ path: 'src/client/lib/x.ts', source: "export { thing } from '../../server/app.ts';" }),
    ).toEqual([RULES.clientServerApart]);
    // The one crossing is the first screen's renderer, from the first screen's module only (decision 0014).
    expect(
      caught({
        path: 'src/server/first-html/first-html.ts',
        source: "const r = import('../../client/server-render/first-screen.tsx');",
      }),
    ).toEqual([]);
    expect(
      caught({
        path: 'src/server/first-html/first-html.ts',
        source: "const r = import('../../client/app/router.tsx');",
      }),
    ).toEqual([RULES.clientServerApart]);
    expect(
      caught({
        path: 'src/server/app.ts',
        source: "import { renderFirstScreen } from '../client/server-render/first-screen.tsx';",
      }),
    ).toEqual([RULES.clientServerApart]);
  });

  it('lets a page compose features and a module call another module’s service', () => {
    expect(
      caught({
        path: 'src/client/app/routes/customer-page.tsx',
        source:
          "import { OrderCard } from '../../features/orders/order-card.tsx';\nimport { TodoList } from '../../features/todos/todo-list.tsx';",
      }),
    ).toEqual([]);
    expect(
      caught({
        path: 'src/server/todos/todos.service.ts',
        source: "import { addBeadLines } from '../orders/orders.service.ts';",
      }),
    ).toEqual([]);
  });
});

describe('no client file spells an /api/ path but the route table', () => {
  it('src/client calls through apiRoutes (call, urlOf), never by a written path', () => {
    expect(apiPathsInClient(sourceFiles(path.resolve('src')))).toEqual([]);
  });

  it('catches a deliberate violation, and lets comments, import paths and tests be', () => {
    const files: SourceFile[] = [
      {
        path: 'src/client/api/beads.ts',
        source: [
          "import { apiRoutes } from '../../shared/api/routes.ts';",
          '/**',
          ' * GET /api/beads, also `/api/beads/:id`',
          ' */',
          "// call('/api/beads')",
          "export const beadsQuery = { queryFn: () => apiGet('/api/beads') };",
          `const beadUrl = (id: string) => \`/api/beads/\${encodeURIComponent(id)}\`;`,
          `const live = \`\${location.origin}/api/events\`;`,
          'const health = "/api/health"; // checked below',
          "const csv = 'https://shop.local/api/sales.csv?year=2026';",
          "const fine = [apiRoutes.beads.path, '../api/boot.ts', 'files/api/x'];",
        ].join('\n'),
      },
      {
        path: 'src/client/login/login-page.ts',
        source: "void fetch(\n  `/api/setup`,\n);\nvoid import('../api/first-reads.ts');",
      },
      { path: 'src/client/api/beads.test.ts', source: "server({ '/api/beads': () => json([]) });" },
      { path: 'src/server/beads/beads.routes.ts', source: "app.get('/api/beads', handler);" },
    ];
    expect(apiPathsInClient(files)).toEqual([
      "src/client/api/beads.ts:6: '/api/beads'",
      `src/client/api/beads.ts:7: \`/api/beads/\${encodeURIComponent(id)}\``,
      `src/client/api/beads.ts:8: \`\${location.origin}/api/events\``,
      'src/client/api/beads.ts:9: "/api/health"',
      "src/client/api/beads.ts:10: 'https://shop.local/api/sales.csv?year=2026'",
      'src/client/login/login-page.ts:2: `/api/setup`',
    ]);
  });
});

describe('a route file writes its routes with serve() and gets the database from it', () => {
  it('no *.routes.ts file reads ctx.db or request.db, calls app.get/post/… itself or names its own versionedBy', () => {
    expect(routeFileBreaches(sourceFiles(path.resolve('src')))).toEqual([]);
  });

  it('catches deliberate violations, and lets serve(), maps and comments be', () => {
    const files: SourceFile[] = [
      {
        path: 'src/server/beads/beads.routes.ts',
        source: [
          'export function beadRoutes(ctx: ApiContext): FastifyPluginAsync {',
          '  return async (shop) => {',
          '    shop.get(apiRoutes.beads.path, () => listBeads(ctx.db));',
          '    // app.post(apiRoutes.addBead.path, …) was the old way; request.db too',
          '    app.route({ method: apiRoutes.addBead.method, url: apiRoutes.addBead.path, handler });',
          '    serve(app, apiRoutes.bead, options, ({ request }) => getBead(request.db, request.params.id));',
          '    serve(app, apiRoutes.beads, options, ({ request }) => listBeads(requestDb(request)));',
          '    serve(app, apiRoutes.deleteBead, options, ({ db, params }) => cache.delete(params.id) && db);',
          "    serve(app, apiRoutes.beads, { config: { versionedBy: ['beads'] } }, ({ db }) => listBeads(db));",
          '  };',
          '}',
        ].join('\n'),
      },
      {
        path: 'src/server/http/auth-routes.ts',
        source: "app.route({ method: ['GET'], url: '/api/auth/*' });",
      },
      { path: 'src/server/beads/beads.service.ts', source: 'export const f = (ctx) => ctx.db;' },
    ];
    expect(routeFileBreaches(files)).toEqual([
      'src/server/beads/beads.routes.ts:3: ctx.db',
      'src/server/beads/beads.routes.ts:3: shop.get(',
      'src/server/beads/beads.routes.ts:5: app.route(',
      'src/server/beads/beads.routes.ts:6: request.db',
      'src/server/beads/beads.routes.ts:7: requestDb',
      'src/server/beads/beads.routes.ts:9: versionedBy',
    ]);
  });
});

describe('no source file is too long to review', () => {
  const MAX_LINES = 400;
  const tooLong = (files: readonly SourceFile[]) =>
    files
      .filter((file) => !/\.test\.tsx?$/.test(file.path))
      .map((file) => ({ path: file.path, lines: file.source.split('\n').length - 1 }))
      .filter((file) => file.lines > MAX_LINES)
      .map((file) => `${file.path}: ${file.lines} lines`);

  it(`no non-test file in src/ or scripts/ has over ${MAX_LINES} lines`, () => {
    expect(tooLong([...sourceFiles(path.resolve('src')), ...sourceFiles(path.resolve('scripts'))])).toEqual(
      [],
    );
  });

  it('catches a long file, and leaves a long test alone', () => {
    const long = 'const a = 1;\n'.repeat(MAX_LINES + 1);
    expect(
      tooLong([
        { path: 'src/server/x.ts', source: long },
        { path: 'src/server/x.test.ts', source: long },
      ]),
    ).toEqual([`src/server/x.ts: ${MAX_LINES + 1} lines`]);
  });
});
