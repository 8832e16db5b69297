/**
 * `npx tsx scripts/backup-sizes.ts SHOP_DIR`: what the backups of a shop take on the disk (decision 0016), on a
 * COPY of a data folder (e.g. `cp -a /tmp/big-pristine /tmp/big-mine`; its backups folder is filled, and its
 * database read). Not a test. It takes one backup as it was made before the pictures were shared (the whole
 * database, photos inside), then backups the server's way (`takeBackup`, and `copyBackup` into a copy folder
 * of its own): three first, then the kinds of a full retention (29 kept, a few more to prune), measuring with
 * `du -sb` after the first, the third and the last, and timing each step. Then the check and a restore of the
 * newest, whose photos must come back byte for byte.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { backupDirectory, listBackups, takeBackup } from '../src/server/backups/backup.service.ts';
import { copyBackup } from '../src/server/backups/backup-copy.ts';
import { pictureStore } from '../src/server/backups/backup-pictures.ts';
import { verifyBackupFile } from '../src/server/backups/backup-verify.ts';
import { restoreBackup } from '../src/server/backups/restore.service.ts';
import type { BackupKind } from '../src/shared/schemas/api-data.ts';

const shopDir = process.argv[2];
if (!shopDir || !fs.existsSync(path.join(shopDir, 'naalepuden.sqlite'))) {
  console.error('Brug: npx tsx scripts/backup-sizes.ts KOPI-AF-DATA_DIR');
  process.exit(2);
}
const dir = backupDirectory(shopDir);
if (fs.existsSync(dir) && listBackups(dir).length > 0) {
  console.error(`${dir} has backups already: use a fresh copy of the shop`);
  process.exit(2);
}
const copyDir = path.join(shopDir, 'copy-folder');
fs.mkdirSync(copyDir, { recursive: true });
const db = new SqliteDatabase(path.join(shopDir, 'naalepuden.sqlite'));
db.pragma('journal_mode = WAL');

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const du = (target: string) => Number(execFileSync('du', ['-sb', target]).toString().split('\t')[0]);
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(2)} s`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

const old = path.join(shopDir, 'before-sharing.sqlite');
let started = performance.now();
await db.backup(old);
const oldBytes = du(old);
console.info(`one backup as before (photos inside): ${mb(oldBytes)} in ${seconds(started)}`);
fs.rmSync(old);

let second = 0;
const takes: number[] = [];
const copies: number[] = [];
let newest = '';
let one = 0;
const take = async (kind: BackupKind) => {
  second += 1;
  const at = new Date(Date.UTC(2026, 0, 1, 0, 0, second));
  started = performance.now();
  const backup = await takeBackup(db, dir, kind, () => at);
  takes.push((performance.now() - started) / 1000);
  started = performance.now();
  await copyBackup(path.join(dir, backup.name), copyDir);
  copies.push((performance.now() - started) / 1000);
  newest = backup.name;
  return backup;
};
const report = (label: string) => {
  const here = du(dir);
  console.info(
    `${label}: ${listBackups(dir).length} kept, ${mb(here)} (${(here / one).toFixed(2)} × one; pictures ` +
      `${mb(du(pictureStore(dir)))}), the copy folder ${mb(du(copyDir))}`,
  );
};

const first = await take('manual');
one = du(dir);
console.info(
  `one backup: a ${mb(first.sizeBytes)} file + ${mb(du(pictureStore(dir)))} of pictures = ${mb(one)} ` +
    `(${takes[0]!.toFixed(2)} s to take, ${copies[0]!.toFixed(2)} s to copy)`,
);
await take('manual');
await take('manual');
report('three backups');
const retention: BackupKind[] = [
  ...Array<BackupKind>(16).fill('nightly'),
  ...Array<BackupKind>(6).fill('start'),
  ...Array<BackupKind>(3).fill('manual'),
  ...Array<BackupKind>(6).fill('beforeRestore'),
];
for (const kind of retention) await take(kind);
report('a full retention');
console.info(
  `later backups: median ${median(takes.slice(1)).toFixed(2)} s to take, ${median(copies.slice(1)).toFixed(2)} s to copy`,
);

started = performance.now();
await verifyBackupFile(path.join(dir, newest), { pictures: pictureStore(dir) });
console.info(`check of the newest: ${seconds(started)}`);
const target = path.join(shopDir, 'restored');
started = performance.now();
await restoreBackup({
  backupFile: path.join(dir, newest),
  dbFile: path.join(target, 'naalepuden.sqlite'),
  dataDir: target,
});
console.info(`restore of the newest: ${seconds(started)}`);
const sums = 'select count(*) as n, sum(length(display)) as d, sum(length(thumb)) as t from photos';
const restored = new SqliteDatabase(path.join(target, 'naalepuden.sqlite'), { readonly: true });
const back = JSON.stringify(restored.prepare(sums).get());
restored.close();
const live = JSON.stringify(db.prepare(sums).get());
console.info(`photos restored ${back}, live ${live}: ${back === live ? 'the same' : 'DIFFERENT'}`);
db.close();
