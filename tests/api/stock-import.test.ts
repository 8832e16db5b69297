/**
 * Export and import carry the stock (docs/product/stock.md): version 3 of our export holds every movement, and
 * importing it into an empty install gives every bead the same stock and history; a file of version 2 (or the
 * old app's) imports with no count; a movement that cannot be used is left out and named. On both engines.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { moveStock } from '../../src/server/stock/stock.service.ts';
import type { ExportFile, ImportReport } from '../../src/shared/schemas/api-data.ts';
import { createBead, createCustomer, createTodo } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { dialects } from '../support/test-db.ts';

const AT = '2025-03-01T10:00:00.000Z';

describe.each(dialects)('stock in the export and the import on %s', (kind) => {
  let from: TestApp;
  let to: TestApp;
  beforeEach(async () => {
    [from, to] = await Promise.all([createTestApp(kind), createTestApp(kind)]);
  });
  afterEach(async () => {
    await Promise.all([from.close(), to.close()]);
  });

  const exportOf = async (app: TestApp) =>
    (await app.request({ method: 'GET', url: '/api/data/export.json' })).json() as ExportFile;
  const importInto = async (app: TestApp, file: unknown, dryRun = false) => {
    const response = await app.request({
      method: 'POST',
      url: `/api/data/import?dryRun=${dryRun}`,
      payload: file as object,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ImportReport;
  };
  const stocks = async (app: TestApp) =>
    Object.fromEntries(
      (await app.db.selectFrom('beads').select(['id', 'stock', 'stock_last_count']).execute()).map((row) => [
        row.id,
        [row.stock === null ? null : Number(row.stock), row.stock_last_count],
      ]),
    );

  it('version 3 carries the movements: the same shop, stock and history after the import, and again nothing', async () => {
    const counted = await createBead(from.db, { priceOre: 3000 });
    const plain = await createBead(from.db, { priceOre: 2000 });
    const customer = await createCustomer(from.db);
    const todo = await createTodo(from.db, { beadId: counted.id, customerId: customer.id, amount: 2 });
    await moveStock(from.db, counted.id, { kind: 'count', quantity: 10 });
    await moveStock(from.db, counted.id, { kind: 'adjust', quantity: -1, reason: 'Knækket' });
    await from.request({
      method: 'POST',
      url: `/api/beads/${counted.id}/deliveries`,
      payload: { quantity: 3, todoIds: [todo.id] },
    });
    await from.request({
      method: 'POST',
      url: `/api/customers/${customer.id}/lines`,
      payload: { kind: 'bead', beadId: plain.id },
    });

    const file = await exportOf(from);
    expect(file.version).toBeGreaterThanOrEqual(3);
    expect(file.stockMovements.map((m) => m.kind).sort()).toEqual(
      ['adjust', 'count', 'received', 'sale', 'sale'].sort(),
    );
    const report = await importInto(to, file);
    expect(report.counts.stockMovements).toEqual({ inFile: 5, added: 5, alreadyPresent: 0, skipped: 0 });
    expect(await stocks(to)).toEqual(await stocks(from));
    expect((await stocks(to))[counted.id]).toEqual([10, 10]);
    const pageFrom = (await from.request({ method: 'GET', url: `/api/beads/${counted.id}` })).json();
    const pageTo = (await to.request({ method: 'GET', url: `/api/beads/${counted.id}` })).json();
    const shown = (page: { stockHistory: Array<Record<string, unknown>> }) =>
      page.stockHistory.map(({ undoable: _undoable, ...movement }) => movement);
    expect(shown(pageTo)).toEqual(shown(pageFrom));
    // The delivery came without its undo facts: its orders are hers to change by hand.
    const delivery = pageTo.stockHistory.find((m: { kind: string }) => m.kind === 'received');
    const undo = await to.request({ method: 'POST', url: `/api/stock-movements/${delivery.id}/undo` });
    expect(undo.statusCode).toBe(409);

    const again = await importInto(to, file);
    expect(again.counts.stockMovements).toMatchObject({ added: 0, alreadyPresent: 5 });
    expect(await stocks(to)).toEqual(await stocks(from));

    const csv = await from.request({ method: 'GET', url: '/api/data/export.csv?table=stockMovements' });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Id;Perle-id;Perle;Type;Antal;Tidspunkt;Årsag;Ordre-id;Kunde-id');
    expect(csv.body).toContain(';Ret;-1;');
  });

  it('a file of version 2 imports with no count: its beads are not counted', async () => {
    const file = {
      format: 'naalepuden-export',
      version: 2,
      exportedAt: AT,
      customers: [],
      beads: [
        {
          id: 'b-old',
          name: 'Gammel perle',
          priceOre: 2500,
          saleType: null,
          isDeleted: false,
          createdAt: AT,
        },
      ],
      todos: [],
      orders: [],
      orderLines: [],
    };
    const report = await importInto(to, file);
    expect(report.counts.beads.added).toBe(1);
    expect(report.counts.stockMovements).toEqual({ inFile: 0, added: 0, alreadyPresent: 0, skipped: 0 });
    const bead = (await to.request({ method: 'GET', url: '/api/beads/b-old' })).json();
    expect(bead).toMatchObject({ stock: null, stockHistory: [] });
    // 'Få tilbage' is today's default.
    expect((await to.request({ method: 'GET', url: '/api/settings/shop' })).json().lowStockThreshold).toBe(2);
  });

  it('a movement of a missing bead or one that cannot be read is left out and named; the rest imports', async () => {
    const bead = {
      id: 'b-1',
      name: 'Perle et',
      priceOre: 2500,
      saleType: null,
      isDeleted: false,
      createdAt: AT,
    };
    const movement = (id: string, extra: object) => ({
      id,
      beadId: 'b-1',
      kind: 'count',
      quantity: 4,
      at: AT,
      recordedAt: AT,
      reason: null,
      orderId: null,
      customerId: null,
      deliveryId: null,
      ...extra,
    });
    const file = {
      ...(await exportOf(to)),
      beads: [bead],
      stockMovements: [
        movement('m-ok', {}),
        movement('m-sale', { kind: 'sale', quantity: -1, at: '2025-03-02T10:00:00.000Z' }),
        movement('m-nobead', { beadId: 'b-gone' }),
        movement('m-bad', { kind: 'received', quantity: 0 }),
        movement('m-worse', { kind: 'stjålet' }),
      ],
    };
    const report = await importInto(to, file);
    expect(report.counts.stockMovements).toEqual({ inFile: 5, added: 2, alreadyPresent: 0, skipped: 3 });
    expect(
      report.issues.filter((issue) => issue.table === 'stockMovements').map((issue) => issue.message),
    ).toEqual([
      'Lagerbevægelsen "m-bad" kan ikke læses; den er sprunget over.',
      'Lagerbevægelsen "m-worse" kan ikke læses; den er sprunget over.',
      'Lagerbevægelsen "m-nobead" peger på perlen "b-gone", som ikke findes; den er sprunget over.',
    ]);
    expect((await stocks(to))['b-1']).toEqual([3, 4]);
  });
});
