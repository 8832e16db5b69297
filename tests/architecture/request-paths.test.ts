/**
 * A handler's transaction and an upload's photos arrive as serve()'s arguments, never by a hidden path
 * (request-paths.ts holds the rules). The second block feeds the checker a deliberate violation of each rule
 * (the hidden paths this code once had among them), so a broken checker cannot pass silently.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SourceFile } from './import-rules.ts';
import { REQUEST_PATH_RULES, requestPathBreaches } from './request-paths.ts';
import { sourceFiles } from './source-files.ts';

describe('what a handler works with arrives as serve() arguments', () => {
  it('no file in src/ breaks a rule', () => {
    const files = sourceFiles(path.resolve('src'));
    expect(files.some((file) => file.path === 'src/server/http/serve.ts')).toBe(true);
    expect(requestPathBreaches(files)).toEqual([]);
  });
});

describe('the request-path checker catches deliberate violations', () => {
  const breaches = (file: string, ...lines: string[]) =>
    requestPathBreaches([{ path: file, source: lines.join('\n') }]);

  it('a module-level WeakMap or Map keyed by the request (bytes handed on beside serve())', () => {
    expect(
      breaches(
        'src/server/photos/photo-upload.ts',
        'const uploads = new WeakMap<FastifyRequest, ProcessedPhoto[]>();',
        'export const seen: Map<FastifyReply, number> = new Map<FastifyReply, number>();',
      ),
    ).toEqual([
      'src/server/photos/photo-upload.ts:1: requestKeyedState: const uploads = new WeakMap<FastifyRequest',
      'src/server/photos/photo-upload.ts:2: requestKeyedState: export const seen: Map<FastifyReply, number> = new Map<FastifyReply',
    ]);
  });

  it('a request property under a Symbol, or computed by a getter', () => {
    expect(
      breaches(
        'src/server/http/idempotent-routes.ts',
        'app.decorateRequest(DATABASE, {',
        "app.decorateRequest('db', { getter() { return this.trx ?? db; } });",
      ),
    ).toEqual([
      'src/server/http/idempotent-routes.ts:1: hiddenRequestProperty: decorateRequest(DATABASE',
      "src/server/http/idempotent-routes.ts:2: hiddenRequestProperty: decorateRequest('db', { getter",
    ]);
  });

  it('a Symbol in src/server/http that names a database or a transaction', () => {
    expect(
      breaches(
        'src/server/http/idempotent-routes.ts',
        "const TRANSACTION = Symbol('claim');",
        "const hidden = Symbol('request database');",
      ),
    ).toEqual([
      'src/server/http/idempotent-routes.ts:1: databaseSymbol: TRANSACTION = Symbol(',
      "src/server/http/idempotent-routes.ts:2: databaseSymbol: Symbol('request database",
    ]);
  });

  it("an onRoute hook that swaps a route's handler", () => {
    expect(
      breaches(
        'src/server/http/idempotent-routes.ts',
        "app.addHook('onRoute', (route) => {",
        '  route.handler = idempotentHandler(db, mode, route.handler);',
        '});',
      ),
    ).toEqual(['src/server/http/idempotent-routes.ts:2: handlerSwapped: .handler =']);
  });

  it("a request's body replaced by a stand-in", () => {
    expect(
      breaches(
        'src/server/photos/photo-upload.ts',
        'request.body = { photos: photos.map(({ id }) => ({ id })) };',
      ),
    ).toEqual(['src/server/photos/photo-upload.ts:1: bodyReplaced: request.body =']);
  });

  it('a route file that opens its own transaction', () => {
    expect(
      breaches(
        'src/server/beads/beads.routes.ts',
        'serve(app, apiRoutes.addBead, options, ({ db, body }) => inTransaction(db, (trx) => addBead(trx, body)));',
        'serve(app, apiRoutes.bead, options, ({ db }) => db.transaction().execute((trx) => getBead(trx)));',
      ),
    ).toEqual([
      'src/server/beads/beads.routes.ts:1: transactionInRouteFile: inTransaction(',
      'src/server/beads/beads.routes.ts:2: transactionInRouteFile: .transaction()',
    ]);
  });

  it("the shop's database read from the instance outside serve()", () => {
    expect(
      breaches('src/server/beads/beads.routes.ts', '  return async (app) => { const db = app.shopDb; };'),
    ).toEqual(['src/server/beads/beads.routes.ts:1: shopDbOutsideServe: .shopDb']);
  });

  it('lets string decorations, other symbols and maps, comments, serve() itself and tests be', () => {
    const files: SourceFile[] = [
      {
        path: 'src/server/http/serve.ts',
        source: [
          "export const SERVED = Symbol('served by serve()');",
          "  if (!app.hasDecorator('shopDb')) throw new Error('registerShopDb(app, db)');",
          '  const shopDb = app.shopDb;',
        ].join('\n'),
      },
      {
        path: 'src/server/app.ts',
        source: [
          "app.decorateRequest('user', null);",
          'const hooksOf = new WeakMap<Db, TransactionHooks>();',
          '// request.body = { photos } was the old stand-in; route.handler = wrapped too',
          ' * a WeakMap<FastifyRequest, …> once carried the bytes',
          'if (request.body === undefined) reply.handler == null;',
        ].join('\n'),
      },
      { path: 'src/server/db/transaction.ts', source: 'return db.transaction().execute(fn);' },
      {
        path: 'src/server/photos/photo-upload.test.ts',
        source: 'const m = new WeakMap<FastifyRequest, 1>();',
      },
    ];
    expect(requestPathBreaches(files)).toEqual([]);
  });

  it('has a deliberate violation above for every rule', () => {
    expect(Object.keys(REQUEST_PATH_RULES)).toEqual([
      'requestKeyedState',
      'hiddenRequestProperty',
      'databaseSymbol',
      'handlerSwapped',
      'bodyReplaced',
      'transactionInRouteFile',
      'shopDbOutsideServe',
    ]);
  });
});
