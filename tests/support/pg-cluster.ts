/**
 * A private, throw-away PostgreSQL cluster in a folder of the caller's choosing (a small tmpfs, to play a full
 * disk), run as the `postgres` user when we are root, as scripts/pg-local.sh does. Its log and socket live
 * outside that folder, so they survive the disk filling up and tell what PostgreSQL did.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest ? path.join(root, newest, 'bin') : null;
}

export type PgCluster = {
  url: string;
  dataDir: string;
  /** pg_ctl start -w (after a crash: PostgreSQL's own crash recovery runs first). */
  start: () => void;
  /** True while the postmaster runs (pg_ctl status). */
  running: () => boolean;
  /** The server log so far. */
  log: () => string;
  /** pg_ctl stop -m immediate, and the log and socket folder removed. Never throws. */
  destroy: () => void;
};

const asPostgres = (command: string, args: string[]) =>
  process.getuid?.() === 0
    ? { command: 'runuser', args: ['-u', 'postgres', '--', command, ...args] }
    : { command, args };

/** initdb into `dataDir` (which must not exist yet; its parent is made the postgres user's) and starts it. */
export function createPgCluster(dataDir: string, port: number): PgCluster {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed');
  const side = fs.mkdtempSync(path.join(os.tmpdir(), 'naalepuden-pg-side-'));
  const logFile = path.join(side, 'log');
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', side, path.dirname(dataDir)]);
  const run = (tool: string, args: string[]) => {
    const { command, args: all } = asPostgres(path.join(bin, tool), args);
    return spawnSync(command, all, { encoding: 'utf8' });
  };
  const must = (tool: string, args: string[]) => {
    const result = run(tool, args);
    if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr}${result.stdout}`);
  };
  must('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8']);
  const cluster: PgCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dataDir,
    start() {
      // fsync stays on (the default): a commit PostgreSQL answered is on the disk, as in a real shop.
      const options = `-p ${port} -k ${side} -c listen_addresses=127.0.0.1`;
      must('pg_ctl', ['-D', dataDir, '-l', logFile, '-w', '-t', '30', '-o', options, 'start']);
    },
    running: () => run('pg_ctl', ['-D', dataDir, 'status']).status === 0,
    log: () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : ''),
    destroy() {
      run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      fs.rmSync(side, { recursive: true, force: true });
    },
  };
  cluster.start();
  return cluster;
}
