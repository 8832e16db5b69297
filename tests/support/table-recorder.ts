/**
 * A Kysely plugin for tests that records the tables each query names: from, joins, subqueries, exists, CTEs,
 * inserts and updates, by walking the query's operation tree (the same tree on SQLite and PostgreSQL), and
 * the `from x` / `join x` of raw `sql` fragments. It records only the requests `recordTables(fn)` marks,
 * through AsyncLocalStorage, so the queries of one injected request are told apart from the server's
 * background work (the change feed, pruning).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { KyselyPlugin } from 'kysely';

type Node = { kind?: string; [key: string]: unknown };

const RAW_TABLE = /\b(?:from|join|update|into)\s+"?([a-z_][a-z0-9_]*)"?/gi;

/** Adds the name of every table `node` reads or writes to `into` (a CTE's own name left out). */
export function tablesIn(node: unknown, into: Set<string>): Set<string> {
  const ctes = new Set<string>();
  const found = new Set<string>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) walk(item);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const n = value as Node;
    if (n.kind === 'TableNode') {
      const name = (n.table as { identifier: { name: string } }).identifier.name;
      found.add(name);
      return;
    }
    if (n.kind === 'CommonTableExpressionNameNode') {
      ctes.add((n.table as { table: { identifier: { name: string } } }).table.identifier.name);
      return;
    }
    if (n.kind === 'RawNode') {
      for (const fragment of n.sqlFragments as string[])
        for (const match of fragment.matchAll(RAW_TABLE)) found.add((match[1] as string).toLowerCase());
    }
    // A column's qualifier (`o.id`) is a TableNode too, naming an alias or a table already in a from.
    for (const [key, child] of Object.entries(n))
      if (!(n.kind === 'ReferenceNode' && key === 'table')) walk(child);
  };
  walk(node);
  for (const name of found) if (!ctes.has(name)) into.add(name);
  return into;
}

const current = new AsyncLocalStorage<Set<string>>();

export const tableRecorder: KyselyPlugin = {
  transformQuery(args) {
    const tables = current.getStore();
    if (tables) tablesIn(args.node, tables);
    return args.node;
  },
  transformResult: async (args) => args.result,
};

const recordings = new Map<string, Set<string>>();
const HEADER = 'x-record-tables';

/**
 * An onRequest hook for the app under test: a request that carries a recording's header runs (with all it
 * awaits) inside that recording. Fastify's inject does not carry the caller's async context into the
 * handler, so the recording enters where the app's own per-request context does (runAsActor).
 */
export function recordingHook(request: FastifyRequest, _reply: FastifyReply, done: () => void): void {
  const id = request.headers[HEADER];
  const tables = typeof id === 'string' ? recordings.get(id) : undefined;
  if (tables) current.run(tables, done);
  else done();
}

/**
 * Runs `fn` with the headers that make its request recorded (on an app with `recordingHook` and a database
 * with `tableRecorder`) and returns the tables its queries named.
 */
export async function recordTables<T>(
  fn: (headers: Record<string, string>) => Promise<T>,
): Promise<{ tables: Set<string>; result: T }> {
  const id = crypto.randomUUID();
  const tables = new Set<string>();
  recordings.set(id, tables);
  try {
    return { tables, result: await fn({ [HEADER]: id }) };
  } finally {
    recordings.delete(id);
  }
}
