/**
 * `npx tsx scripts/bench-sync.ts [--commits 2000] [--rounds 5] [--dir PATH]`: what `synchronous=FULL` costs
 * against `NORMAL` ("power loss"), on a SQLite file in WAL mode as the server has it: one small
 * write transaction per commit (a customer created), alternating the two settings round by round. Medians
 * per commit; run it on the disk the shop's data lives on (--dir), since the cost is the disk's flush.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SqliteDatabase from 'better-sqlite3';

const { values } = parseArgs({
  options: {
    commits: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '5' },
    dir: { type: 'string' },
  },
});
const COMMITS = Number(values.commits);
const ROUNDS = Number(values.rounds);
const dir = fs.mkdtempSync(path.join(values.dir ?? os.tmpdir(), 'naalepuden-sync-'));

function run(mode: 'FULL' | 'NORMAL'): number {
  const file = path.join(dir, `${mode}.sqlite`);
  const db = new SqliteDatabase(file);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${mode}`);
  db.exec('create table if not exists customers (id text primary key, name text not null, created_at text)');
  const insert = db.prepare('insert into customers values (?, ?, ?)');
  const write = db.transaction((i: number) =>
    insert.run(crypto.randomUUID(), `Kunde ${i}`, new Date().toISOString()),
  );
  const started = process.hrtime.bigint();
  for (let i = 0; i < COMMITS; i++) write(i);
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  db.close();
  return (ms * 1000) / COMMITS;
}

const times: Record<'FULL' | 'NORMAL', number[]> = { FULL: [], NORMAL: [] };
for (let round = 0; round < ROUNDS; round++) {
  for (const mode of round % 2 ? (['FULL', 'NORMAL'] as const) : (['NORMAL', 'FULL'] as const)) {
    times[mode].push(run(mode));
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const full = median(times.FULL);
const normal = median(times.NORMAL);
console.info(`SQLite WAL, ${COMMITS} single-row commits × ${ROUNDS} rounds, in ${dir}`);
console.info(
  `  synchronous=NORMAL: median ${normal.toFixed(1)} µs per commit (${times.NORMAL.map((t) => t.toFixed(0)).join(', ')})`,
);
console.info(
  `  synchronous=FULL:   median ${full.toFixed(1)} µs per commit (${times.FULL.map((t) => t.toFixed(0)).join(', ')})`,
);
console.info(
  `  FULL costs ${(full - normal).toFixed(1)} µs more per commit (${(full / normal).toFixed(2)}×)`,
);
fs.rmSync(dir, { recursive: true, force: true });
