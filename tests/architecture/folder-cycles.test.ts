/**
 * No folder under src/ imports one that imports it back, directly or around (docs/architecture.md), src/server's
 * own files (main.ts, app.ts, …) included. The second block feeds the checker deliberate cycles.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { folderCycles } from './folder-cycles.ts';
import type { SourceFile } from './import-rules.ts';
import { sourceFiles } from './source-files.ts';

describe('folders under src/ form no cycle', () => {
  it('reads src/server, src/client and src/shared', () => {
    const trees = new Set(sourceFiles(path.resolve('src')).map((file) => file.path.split('/')[1]));
    expect([...trees].sort()).toEqual(['client', 'server', 'shared']);
  });

  it('no folder imports one that imports it back, directly or around', () => {
    expect(folderCycles(sourceFiles(path.resolve('src')))).toEqual([]);
  });
});

describe('the cycle checker catches deliberate cycles', () => {
  const file = (p: string, source: string): SourceFile => ({ path: p, source });

  it('between server folders, around three of them, and made of types only', () => {
    expect(
      folderCycles([
        file(
          'src/server/orders/orders.service.ts',
          "import { getCustomer } from '../customers/customers.service.ts';",
        ),
        file('src/server/customers/detail.ts', "import type { Order } from '../orders/orders.mapping.ts';"),
        file('src/server/beads/a.ts', "import { x } from '../todos/b.ts';"),
        file('src/server/todos/b.ts', "import { y } from '../pillow/c.ts';"),
        file('src/server/pillow/c.ts', "import { z } from '../beads/a.ts';"),
        // A test's imports do not count.
        file('src/server/pillow/c.test.ts', "import { w } from '../sales/d.ts';"),
        file('src/server/sales/d.ts', "import { v } from '../pillow/c.ts';"),
      ]),
    ).toEqual([
      'src/server/beads → src/server/todos → src/server/pillow → src/server/beads',
      'src/server/customers → src/server/orders → src/server/customers',
    ]);
  });

  it("between main.ts and cli/ (src/server's own files are nodes too)", () => {
    expect(
      folderCycles([
        file('src/server/main.ts', "import { loadCommandConfig } from './cli/bootstrap.ts';"),
        file('src/server/cli/serve.ts', "import { main } from '../main.ts';"),
      ]),
    ).toEqual(['src/server/cli → src/server/main.ts → src/server/cli']);
  });

  it('leaves the assembly above and the shared errors below alone', () => {
    expect(
      folderCycles([
        file('src/server/app.ts', "import { customerRoutes } from './customers/customers.routes.ts';"),
        file('src/server/customers/customers.service.ts', "import { notFoundError } from '../errors.ts';"),
        file('src/server/main.ts', "import { buildApp } from './app.ts';"),
      ]),
    ).toEqual([]);
  });

  it('in src/client and src/shared, through a file at the root of a tree', () => {
    expect(
      folderCycles([
        file('src/client/lib/format.ts', "import { Thing } from '../components/thing.tsx';"),
        file('src/client/components/thing.tsx', "import { format } from '../lib/format.ts';"),
        file('src/shared/texts/backups.ts', "import type { CopyFailure } from '../schemas/api-data.ts';"),
        file('src/shared/schemas/api-data.ts', "import { texts } from '../texts.ts';"),
        file('src/shared/texts.ts', "import { backupTexts } from './texts/backups.ts';"),
      ]),
    ).toEqual([
      'src/client/components → src/client/lib → src/client/components',
      'src/shared/schemas → src/shared/texts.ts → src/shared/texts → src/shared/schemas',
    ]);
  });

  it('through a subfolder (seen with its top folder) and between a folder and its subfolder', () => {
    expect(
      folderCycles([
        file('src/server/db/migrations/0001.ts', "import { x } from '../../beads/x.ts';"),
        file('src/server/beads/x.ts', "import type { Db } from '../db/database.ts';"),
      ]),
    ).toEqual(['src/server/beads → src/server/db → src/server/beads']);
    expect(
      folderCycles([
        file('src/server/db/migrate.ts', "import { m } from './migrations/0001.ts';"),
        file('src/server/db/migrations/0001.ts', "import type { Db } from '../database.ts';"),
      ]),
    ).toEqual(['src/server/db → src/server/db/migrations → src/server/db']);
  });
});
