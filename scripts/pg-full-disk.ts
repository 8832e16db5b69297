/**
 * PostgreSQL on a full disk, for an operator to watch: `npm run pg:full-disk` (as root on Linux, PostgreSQL
 * installed). It starts a private cluster on a small tmpfs, the real server on it, fills the disk while the
 * shop writes, forces the checkpoint PostgreSQL would run within 5 minutes, and recovers; it prints every
 * step and ends non-zero if an acknowledged write was lost or the server stopped answering. Everything it
 * made (the cluster, the tmpfs, the server) is removed at the end. Options: --port N (default 55460),
 * --size MB (default 96).
 */

import { postgresBinDir } from '../tests/support/pg-cluster.ts';
import { runPgFullDisk } from '../tests/support/pg-full-disk.ts';
import { canMountTmpfs } from '../tests/support/tmpfs.ts';

const option = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};

const tmpfs = canMountTmpfs();
if (!postgresBinDir()) {
  console.error('PostgreSQL is not installed (/usr/lib/postgresql/*/bin/initdb).');
  process.exit(2);
}
if (!tmpfs.ok) {
  console.error(`Cannot play a full disk here: ${tmpfs.reason}.`);
  process.exit(2);
}

const report = await runPgFullDisk({
  port: option('port', 55460),
  sizeMb: option('size', 96),
  say: (line) => console.info(`· ${line}`),
});
const problems = [
  report.afterServerRestart.lost.length > 0 &&
    `${report.afterServerRestart.lost.length} acknowledged writes lost`,
  !report.whileDown.serverAlive && 'the server exited while PostgreSQL was down',
  report.recovery.write !== 201 && `no write after recovery (${report.recovery.write})`,
  Object.keys(report.statusesWhileFilling).some((s) => s !== '201' && s !== '507') &&
    `answers other than 201/507 while filling: ${JSON.stringify(report.statusesWhileFilling)}`,
].filter(Boolean);
console.info(
  problems.length === 0
    ? `OK: ${report.acknowledged.length} writes acknowledged, none lost.`
    : `FAILED: ${problems.join('; ')}`,
);
process.exit(problems.length === 0 ? 0 : 1);
