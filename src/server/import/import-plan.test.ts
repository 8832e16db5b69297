import { describe, expect, it } from 'vitest';
import { beadNameKey } from '../../shared/domain/bead-name.ts';
import { planImport } from './import-plan.ts';
import { type CurrentState, type ImportRows, todoKey } from './import-plan-state.ts';
import type {
  ParsedImport,
  SourceBead,
  SourceCustomer,
  SourceOrder,
  SourceOrderLine,
  SourceTodo,
} from './import-records.ts';

const NOW = '2026-01-15T12:00:00.000Z';

const customer = (id: string, name: string): SourceCustomer => ({
  id,
  name,
  createdAt: '2024-01-01T00:00:00.000Z',
});
const bead = (id: string, name: string, priceOre = 4500): SourceBead => ({
  id,
  name,
  priceOre,
  saleType: null,
  isDeleted: false,
  createdAt: '2024-01-01T00:00:00.000Z',
});
const todo = (id: string, beadId: string | null, customerId: string | null, amount = 1): SourceTodo => ({
  id,
  beadId,
  customerId,
  amount,
  createdAt: '2024-01-02T00:00:00.000Z',
});
const order = (
  id: string,
  customerId: string | null,
  status: SourceOrder['status'],
  createdAt: string | null,
) => ({
  id,
  customerId,
  status,
  createdAt,
  homeDelivery: false,
});
const beadLine = (
  id: string,
  orderId: string | null,
  beadId: string,
  addedAt: string | null = '2024-02-01T00:00:00.000Z',
): SourceOrderLine => ({
  id,
  orderId,
  beadId,
  text: null,
  priceOre: null,
  saleType: null,
  addedAt,
});
const freeLine = (
  id: string,
  orderId: string,
  text: string | null,
  priceOre: number | null,
): SourceOrderLine => ({
  id,
  orderId,
  beadId: null,
  text,
  priceOre,
  saleType: null,
  addedAt: '2024-02-01T00:00:00.000Z',
});

function parsed(parts: Partial<ParsedImport>): ParsedImport {
  return {
    source: 'firestore',
    customers: [],
    beads: [],
    todos: [],
    orders: [],
    orderLines: [],
    stockMovements: [],
    issues: [],
    ...parts,
  };
}

const emptyState = (): CurrentState => ({
  customerIds: new Set(),
  customerIdByKey: new Map(),
  beadIds: new Set(),
  beadIdByName: new Map(),
  todoIds: new Set(),
  todoIdByKey: new Map(),
  orderIds: new Set(),
  activeOrderByCustomer: new Map(),
  orderLineIds: new Set(),
  stockMovementIds: new Set(),
});

/** The database state after writing `rows` into an empty database: what a second import would see. */
function stateAfter(rows: ImportRows): CurrentState {
  return {
    customerIds: new Set(rows.customers.map((c) => c.id)),
    customerIdByKey: new Map(rows.customers.map((c) => [c.name_key, c.id])),
    beadIds: new Set(rows.beads.map((b) => b.id)),
    beadIdByName: new Map(rows.beads.map((b) => [beadNameKey(b.name), b.id])),
    todoIds: new Set(rows.todos.map((t) => t.id)),
    todoIdByKey: new Map(rows.todos.map((t) => [todoKey(t.bead_id, t.customer_id), t.id])),
    orderIds: new Set(rows.orders.map((o) => o.id)),
    activeOrderByCustomer: new Map(
      rows.orders.filter((o) => o.status === 'active' && o.customer_id).map((o) => [o.customer_id!, o.id]),
    ),
    orderLineIds: new Set(rows.orderLines.map((l) => l.id)),
    stockMovementIds: new Set(rows.stockMovements.map((m) => m.id)),
  };
}

const codes = (plan: ReturnType<typeof planImport>) => plan.report.issues.map((i) => i.code);

describe('planImport', () => {
  it('keeps document ids and writes nothing twice: the second plan of the same file adds nothing', () => {
    const input = parsed({
      customers: [customer('c1', 'Åse'), customer('c2', 'Bo')],
      beads: [bead('b1', 'Rosa')],
      todos: [todo('t1', 'b1', 'c1', 2)],
      orders: [order('o1', 'c1', 'active', '2024-02-01T00:00:00.000Z')],
      orderLines: [beadLine('l1', 'o1', 'b1')],
    });
    const first = planImport(input, emptyState(), NOW);
    expect(first.rows.customers.map((c) => c.id)).toEqual(['c1', 'c2']);
    expect(first.rows.customers[0]).toEqual({
      id: 'c1',
      name: 'Åse',
      name_key: 'åse',
      created_at: '2024-01-01T00:00:00.000Z',
      phone: null,
      email: null,
      address: null,
      address2: null,
      postcode: null,
      city: null,
      country_code: 'DK',
      address_needs_check: 0,
      archived_at: null,
    });
    expect(first.report.issues).toEqual([]);

    const second = planImport(input, stateAfter(first.rows), NOW);
    expect(Object.values(second.rows).every((rows) => rows.length === 0)).toBe(true);
    expect(second.report.counts.customers).toEqual({ inFile: 2, added: 0, alreadyPresent: 2, skipped: 0 });
    const present = second.report.issues.filter((i) => i.code === 'alreadyPresent');
    expect(present.map((i) => [i.table, i.ids])).toEqual([
      ['customers', ['c1', 'c2']],
      ['beads', ['b1']],
      ['todos', ['t1']],
      ['orders', ['o1']],
      ['orderLines', ['l1']],
    ]);
    expect(present[0]?.message).toBe('2 kunder findes allerede med samme id og er ikke ændret.');
    expect(present[1]?.message).toBe('1 perle findes allerede med samme id og er ikke ændret.');
  });

  it('gives duplicate customer names (Danish case-folded) a suffix, also against the database', () => {
    const state = emptyState();
    state.customerIdByKey = new Map([['åse hansen', 'db1']]);
    const plan = planImport(
      parsed({
        customers: [
          customer('c1', 'ÅSE HANSEN'),
          customer('c2', 'Åse Hansen'),
          customer('c3', 'Åse Hansen (2)'),
          customer('c4', 'Ib'),
        ],
      }),
      state,
      NOW,
    );
    expect(plan.rows.customers.map((c) => c.name)).toEqual([
      'ÅSE HANSEN (2)',
      'Åse Hansen (3)',
      'Åse Hansen (2) (2)',
      'Ib',
    ]);
    const issues = plan.report.issues.filter((i) => i.code === 'customerNameDuplicate');
    expect(issues.map((i) => i.ids)).toEqual([
      ['c1', 'db1'],
      ['c2', 'db1'],
      ['c3', 'c1'],
    ]);
    expect(issues[0]?.message).toBe(
      'Kunden "c1" hedder "ÅSE HANSEN" ligesom kunden "db1"; den er importeret som "ÅSE HANSEN (2)".',
    );
  });

  it('merges a second hidden test customer {name} into the first instead of making it visible', () => {
    const plan = planImport(
      parsed({
        customers: [customer('h1', '{name}'), customer('h2', '{name}')],
        beads: [bead('b1', 'Rosa')],
        todos: [todo('t1', 'b1', 'h2')],
        orders: [order('o2', 'h2', 'shipped', '2024-01-01T00:00:00.000Z')],
      }),
      emptyState(),
      NOW,
    );
    expect(plan.rows.customers.map((c) => c.id)).toEqual(['h1']);
    expect(plan.rows.todos[0]?.customer_id).toBe('h1');
    expect(plan.rows.orders[0]?.customer_id).toBe('h1');
    expect(codes(plan)).toEqual(['hiddenCustomerMerged']);
    expect(plan.report.counts.customers).toMatchObject({ added: 1, skipped: 1 });
  });

  it('gives duplicate bead names a suffix, ignoring case (beads.name_key)', () => {
    const state = emptyState();
    state.beadIdByName = new Map([[beadNameKey('Rosa'), 'dbB']]);
    const plan = planImport(parsed({ beads: [bead('b1', 'Rosa'), bead('b2', 'rosa')] }), state, NOW);
    expect(plan.rows.beads.map((b) => b.name)).toEqual(['Rosa (2)', 'rosa (3)']);
    expect(plan.report.issues[0]).toMatchObject({ code: 'beadNameDuplicate', ids: ['b1', 'dbB'] });
    expect(plan.report.issues[1]).toMatchObject({ code: 'beadNameDuplicate', ids: ['b2', 'dbB'] });
  });

  it('skips todos pointing at a missing bead and reports them', () => {
    const plan = planImport(
      parsed({
        customers: [customer('c1', 'Åse')],
        todos: [todo('t1', 'gone', 'c1'), todo('t2', null, 'c1')],
      }),
      emptyState(),
      NOW,
    );
    expect(plan.rows.todos).toEqual([]);
    expect(plan.report.issues.map((i) => [i.code, i.ids])).toEqual([
      ['todoBeadMissing', ['t1', 'gone']],
      ['todoBeadMissing', ['t2']],
    ]);
    expect(plan.report.issues[0]?.message).toBe(
      'Todoen "t1" peger på perlen "gone", som ikke findes; todoen er sprunget over.',
    );
    expect(plan.report.counts.todos).toEqual({ inFile: 2, added: 0, alreadyPresent: 0, skipped: 2 });
  });

  it('keeps a todo whose customer is missing, without customer; beads in the database count as present', () => {
    const state = emptyState();
    state.beadIds = new Set(['dbBead']);
    const plan = planImport(parsed({ todos: [todo('t1', 'dbBead', 'ghost', 3)] }), state, NOW);
    expect(plan.rows.todos[0]).toMatchObject({ id: 't1', bead_id: 'dbBead', customer_id: null, amount: 3 });
    expect(codes(plan)).toEqual(['todoCustomerMissing']);
  });

  it('merges two todos for one bead and customer; skips one that an existing todo already covers', () => {
    const state = emptyState();
    state.beadIds = new Set(['b2']);
    state.customerIds = new Set(['c1']);
    state.todoIdByKey = new Map([[todoKey('b2', 'c1'), 'dbTodo']]);
    const plan = planImport(
      parsed({
        beads: [bead('b1', 'Rosa')],
        todos: [todo('t1', 'b1', 'c1', 2), todo('t2', 'b1', 'c1', 3), todo('t3', 'b2', 'c1', 1)],
      }),
      state,
      NOW,
    );
    expect(plan.rows.todos.map((t) => [t.id, t.amount])).toEqual([['t1', 5]]);
    expect(plan.report.issues.map((i) => [i.code, i.ids])).toEqual([
      ['todoMerged', ['t2', 't1']],
      ['todoExists', ['t3', 'dbTodo']],
    ]);
  });

  it('sets the older of two active orders of one customer to invoiced', () => {
    const plan = planImport(
      parsed({
        customers: [customer('c1', 'Lis Møller')],
        orders: [
          order('new', 'c1', 'active', '2024-05-10T00:00:00.000Z'),
          order('old', 'c1', 'active', '2024-03-02T00:00:00.000Z'),
          order('older', 'c1', 'active', '2024-01-02T00:00:00.000Z'),
        ],
      }),
      emptyState(),
      NOW,
    );
    expect(plan.rows.orders.map((o) => [o.id, o.status])).toEqual([
      ['new', 'active'],
      ['old', 'invoiced'],
      ['older', 'invoiced'],
    ]);
    const issues = plan.report.issues.filter((i) => i.code === 'orderActiveDuplicate');
    expect(issues.map((i) => i.ids)).toEqual([
      ['older', 'new'],
      ['old', 'new'],
    ]);
    expect(issues[1]?.message).toBe(
      'Kunden "Lis Møller" har to aktive ordrer, "old" og "new"; den ældste, "old", er sat til Afventer betaling.',
    );
  });

  it('sets an imported active order to invoiced when the customer already has one in the database', () => {
    const state = emptyState();
    state.customerIds = new Set(['c1']);
    state.activeOrderByCustomer = new Map([['c1', 'dbOrder']]);
    const plan = planImport(
      parsed({ orders: [order('o1', 'c1', 'active', '2030-01-01T00:00:00.000Z')] }),
      state,
      NOW,
    );
    expect(plan.rows.orders[0]?.status).toBe('invoiced');
    expect(plan.report.issues[0]).toMatchObject({ code: 'orderActiveExisting', ids: ['o1', 'dbOrder'] });
  });

  it('keeps an order whose customer is missing, without customer, and dates an undated order by its first line', () => {
    const plan = planImport(
      parsed({
        beads: [bead('b1', 'Rosa')],
        orders: [order('o1', 'ghost', 'paid', null), order('o2', null, 'paid', null)],
        orderLines: [
          beadLine('l2', 'o1', 'b1', '2024-04-02T00:00:00.000Z'),
          beadLine('l1', 'o1', 'b1', '2024-04-01T00:00:00.000Z'),
        ],
      }),
      emptyState(),
      NOW,
    );
    expect(plan.rows.orders).toEqual([
      {
        id: 'o1',
        customer_id: null,
        created_at: '2024-04-01T00:00:00.000Z',
        status: 'paid',
        home_delivery: 0,
        postage_ore: null,
      },
      { id: 'o2', customer_id: null, created_at: NOW, status: 'paid', home_delivery: 0, postage_ore: null },
    ]);
    expect(codes(plan)).toEqual(['orderCustomerMissing', 'orderDateMissing', 'orderDateMissing']);
  });

  it('skips lines pointing at a missing order or bead; free lines need a text, and cost 0 kr without a price', () => {
    const state = emptyState();
    state.orderIds = new Set(['dbOrder']);
    const plan = planImport(
      parsed({
        beads: [bead('b1', 'Rosa')],
        orders: [order('o1', null, 'paid', '2024-01-01T00:00:00.000Z')],
        orderLines: [
          beadLine('l1', 'gone', 'b1'),
          beadLine('l2', 'o1', 'goneBead'),
          freeLine('l3', 'o1', '  ', 1000),
          freeLine('l4', 'o1', 'Fragt', null),
          beadLine('l5', 'dbOrder', 'b1'),
          { ...beadLine('l6', 'o1', 'b1'), addedAt: null },
          beadLine('l7', null, 'b1'),
        ],
      }),
      state,
      NOW,
    );
    expect(plan.rows.orderLines.map((l) => [l.id, l.order_id, l.text, l.price_ore, l.added_at])).toEqual([
      ['l4', 'o1', 'Fragt', 0, '2024-02-01T00:00:00.000Z'],
      ['l5', 'dbOrder', null, null, '2024-02-01T00:00:00.000Z'],
      ['l6', 'o1', null, null, '2024-01-01T00:00:00.000Z'],
    ]);
    expect(plan.report.issues.map((i) => [i.code, i.ids])).toEqual([
      ['lineOrderMissing', ['l1', 'gone']],
      ['lineBeadMissing', ['l2', 'goneBead']],
      ['lineIncomplete', ['l3']],
      ['linePriceInvalid', ['l4']],
      ['lineDateMissing', ['l6']],
      ['lineOrderMissing', ['l7']],
    ]);
    expect(plan.report.issues[0]?.message).toBe(
      'Ordrelinjen "l1" peger på ordren "gone", som ikke findes; linjen er sprunget over.',
    );
    expect(plan.report.counts.orderLines).toEqual({ inFile: 7, added: 3, alreadyPresent: 0, skipped: 4 });
  });

  it('keeps the frozen price of bead lines from our own export, but not from the old app', () => {
    const frozen = { ...beadLine('l1', 'o1', 'b1'), priceOre: 7500, saleType: '2 for 125', text: null };
    const base = {
      beads: [bead('b1', 'Guld')],
      orders: [order('o1', null, 'shipped', '2024-01-01T00:00:00.000Z')],
      orderLines: [frozen],
    };
    const own = planImport(parsed({ ...base, source: 'naalepuden' }), emptyState(), NOW);
    expect(own.rows.orderLines[0]).toMatchObject({ price_ore: 7500, sale_type: '2 for 125' });
    const old = planImport(parsed(base), emptyState(), NOW);
    expect(old.rows.orderLines[0]).toMatchObject({ price_ore: null, text: null });
  });

  it('counts documents skipped while reading the file', () => {
    const plan = planImport(
      parsed({
        issues: [
          { code: 'customerNameMissing', table: 'customers', ids: ['c9'], message: '…' },
          { code: 'collectionIgnored', table: null, ids: [], message: '…' },
        ],
      }),
      emptyState(),
      NOW,
    );
    expect(plan.report.counts.customers).toEqual({ inFile: 1, added: 0, alreadyPresent: 0, skipped: 1 });
    expect(plan.report.issues).toHaveLength(2);
  });
});
