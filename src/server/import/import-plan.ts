/**
 * Plans an import (pure): given the normalized records of a file and what the database already holds,
 * decides which rows to write and reports, in Danish and naming the document ids, every conflict with our
 * invariants and how it was resolved:
 *   - a row whose id already exists is left as it is (reported once per table as already present), so
 *     importing the same file twice changes nothing the second time;
 *   - duplicate customer names (Danish case-folded key) and bead names (exact) get a suffix ' (2)', ' (3)', …;
 *     a second hidden test customer '{name}' is merged into the first (a suffix would make it visible);
 *   - todos pointing at a missing bead are skipped; at a missing customer they lose the customer;
 *     two todos for one bead and customer are merged (amounts added) or, against an existing todo, skipped;
 *   - orders pointing at a missing customer keep no customer (shown as 'Ukendt kunde');
 *   - of two active orders for one customer the older becomes `invoiced`; against an active order already
 *     in the database the imported one becomes `invoiced` (existing rows are never changed);
 *   - lines pointing at a missing order or bead are skipped; a free line without a text is skipped, without
 *     a price it costs 0 kr;
 *   - stock movements pointing at a missing bead are skipped (their orders and customers are only named, so
 *     they need not exist); the beads' stock is then set from their movements by the rule;
 *   - the money (docs/product/money.md): a number stands once and never changes, so an order or credit note
 *     whose number the shop has given already is skipped (an order with its lines); credit notes and payments
 *     pointing at a missing order, refunds at a missing credit note, and a credit note refunding a row refunded
 *     already are skipped.
 * The steps live in import-plan-steps.ts (customers, beads, todos), import-plan-orders.ts (orders, lines) and
 * import-plan-money.ts (credit notes, payments); the shapes they share in import-plan-state.ts.
 */
import type {
  DataTable,
  ImportIssue,
  ImportIssueCode,
  ImportReport,
  ImportTableCounts,
} from '../../shared/schemas/api-data.ts';
import { DATA_TABLES } from '../../shared/schemas/api-data.ts';
import { texts } from '../../shared/texts.ts';
import { planCreditNotes, planPayments } from './import-plan-money.ts';
import { planOrderLines, planOrders } from './import-plan-orders.ts';
import type { CurrentState, ImportRows, PlanInProgress } from './import-plan-state.ts';
import { planBeads, planCustomers, planStockMovements, planTodos } from './import-plan-steps.ts';
import type { ParsedImport } from './import-records.ts';

const r = texts.data.report;

/** The rows to write and the report of what was decided (without the dry-run flag and summary). */
export type ImportPlan = { rows: ImportRows; report: Omit<ImportReport, 'dryRun' | 'summary'> };

/** Issues from reading the file that mean the document was not imported at all. */
const SKIPPED_WHILE_READING = new Set<ImportIssueCode>([
  'documentInvalid',
  'customerNameMissing',
  'beadNameMissing',
  'todoAmountInvalid',
  'nameTooLong',
  'customerFieldInvalid',
  'orderPostageInvalid',
  'stockMovementInvalid',
  'orderMoneyInvalid',
  'creditNoteInvalid',
  'paymentInvalid',
]);

/** Every table, empty: what a plan starts from, both its rows to write and the ids already present. */
const noRows = () => ({
  customers: [],
  beads: [],
  todos: [],
  orders: [],
  orderLines: [],
  stockMovements: [],
  creditNotes: [],
  payments: [],
});

/** Plans the import of `parsed` against `current`; rows without a date of their own get `now`. */
export function planImport(parsed: ParsedImport, current: CurrentState, now: string): ImportPlan {
  const issues: ImportIssue[] = [...parsed.issues];
  const counts = Object.fromEntries(
    DATA_TABLES.map((table) => [
      table,
      { inFile: (parsed[table] ?? []).length, added: 0, alreadyPresent: 0, skipped: 0 },
    ]),
  ) as Record<DataTable, ImportTableCounts>;
  for (const found of parsed.issues) {
    if (found.table && SKIPPED_WHILE_READING.has(found.code)) {
      counts[found.table].inFile++;
      counts[found.table].skipped++;
    }
  }
  const plan: PlanInProgress = {
    current,
    now,
    rows: noRows(),
    present: noRows(),
    counts,
    issue: (code, table, ids, message) => issues.push({ code, table, ids, message }),
    usedNumbers: new Set(current.takenNumbers),
  };

  const customers = planCustomers(plan, parsed.customers);
  const beadExists = planBeads(plan, parsed.beads);
  planTodos(plan, parsed.todos, beadExists, customers);
  const plannedOrders = planOrders(plan, parsed.orders, parsed.orderLines, customers);
  planOrderLines(plan, parsed.orderLines, parsed.source, beadExists, plannedOrders);
  planStockMovements(plan, parsed.stockMovements, beadExists);
  const orderExists = (id: string) => plannedOrders.has(id) || current.orderIds.has(id);
  const creditNoteExists = planCreditNotes(plan, parsed.creditNotes ?? [], orderExists);
  planPayments(plan, parsed.payments ?? [], orderExists, creditNoteExists);

  const { rows, present } = plan;
  for (const table of DATA_TABLES) {
    counts[table].added = rows[table].length;
    counts[table].alreadyPresent = present[table].length;
    if (present[table].length > 0) {
      const what = texts.data.tables[table][present[table].length === 1 ? 'one' : 'other'];
      plan.issue('alreadyPresent', table, present[table], r.alreadyPresent(present[table].length, what));
    }
  }
  return { rows, report: { source: parsed.source, counts, issues } };
}
