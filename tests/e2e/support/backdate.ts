import path from 'node:path';
import Database from 'better-sqlite3';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Moves an order's start and its move into Afventer betaling `days` days back, in the server's SQLite file (the
 * API cannot date an order in the past): for the payment reminders, which list orders waiting long enough.
 */
export function backdate(dataDir: string, orderId: string, days: number): void {
  const at = new Date(Date.now() - days * DAY_MS - 60 * 60 * 1000).toISOString();
  const db = new Database(path.join(dataDir, 'naalepuden.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('update orders set created_at = ? where id = ?').run(at, orderId);
    db.prepare("update order_history set at = ? where order_id = ? and kind = 'status'").run(at, orderId);
  } finally {
    db.close();
  }
}
