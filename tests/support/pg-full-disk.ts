/**
 * PostgreSQL on a full disk, played for real: a private cluster whose whole data folder is a small tmpfs, the
 * real server on it, a writer adding customers while a filler file takes the last free block. Then what
 * PostgreSQL does on its own once its disk is full (a checkpoint, every 5 minutes by default: forced here),
 * how the shop answers while PostgreSQL is down, and the recovery once there is room again. Returns what
 * happened; tests/api/full-disk-postgres.test.ts checks it and scripts/pg-full-disk.ts prints it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { BackupList } from '../../src/shared/schemas/api-data.ts';
import { createPgCluster, type PgCluster } from './pg-cluster.ts';
import { callApi, freePort, type ServerProcess, signInOwner, startServerProcess } from './server-process.ts';
import { mountTmpfs, type Tmpfs } from './tmpfs.ts';

type Answer = { status: number; body: unknown };

export type PgFullDiskReport = {
  /** Every customer the server answered 201 for, before, during and after the full disk. */
  acknowledged: string[];
  /** The writer's answers while the disk filled and once it was full: status → count. */
  statusesWhileFilling: Record<number, number>;
  firstRefusal: Answer | null;
  whileFull: { read: number; health: number; disk: BackupList['health']['disk'] | null };
  /** What the forced checkpoint did, and PostgreSQL's own words in its log. */
  checkpoint: { error: string | null; postgresDown: boolean; logLines: string[] };
  /**
   * After the checkpoint's PANIC: whether PostgreSQL itself took a new connection and answered a query (its
   * crash recovery sometimes finishes on the full disk and it serves reads again; sometimes the postmaster
   * shuts down or refuses connections), and how the shop answered meanwhile.
   */
  whileDown: {
    postgresAnswers: boolean;
    serverAlive: boolean;
    health: number;
    read: Answer;
    write: Answer;
  };
  /**
   * Whether PostgreSQL answered again by itself once the filler was removed: yes when its crash recovery had
   * room to finish (it then refuses connections until there is space), no when the postmaster shut down.
   */
  cameBackByItself: boolean;
  recovery: { failedReadsBeforeOk: number; read: number; write: number };
  afterServerRestart: { write: number; lost: string[] };
};

export type PgFullDiskOptions = { port?: number; sizeMb?: number; say?: (line: string) => void };

const answer = async (response: Response): Promise<Answer> => ({
  status: response.status,
  body: await response.json().catch(() => null),
});

export async function runPgFullDisk(options: PgFullDiskOptions = {}): Promise<PgFullDiskReport> {
  const say = options.say ?? (() => {});
  let disk: Tmpfs | undefined;
  let cluster: PgCluster | undefined;
  let server: ServerProcess | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'naalepuden-pg-full-data-'));
  try {
    disk = mountTmpfs((options.sizeMb ?? 96) * 1024);
    const port = options.port ?? (await freePort());
    cluster = createPgCluster(path.join(disk.dir, 'pgdata'), port);
    say(`PostgreSQL on ${cluster.url}, its data folder on a ${options.sizeMb ?? 96} MB tmpfs at ${disk.dir}`);
    server = await startServerProcess(dataDir, { HTTPS: 'off', DATABASE_URL: cluster.url });
    say(`the server runs at ${server.url}`);
    let cookie = await signInOwner(server.url);
    const call = (method: 'GET' | 'POST', url: string, body?: unknown) =>
      callApi(server!.url, cookie, method, url, body);
    const acknowledged: string[] = [];
    let serial = 0;
    const write = async () => {
      const response = await call('POST', '/api/customers', {
        name: `Kunde ${++serial} ${'x'.repeat(80)}`,
      });
      if (response.status === 201) acknowledged.push(((await response.json()) as { id: string }).id);
      return response;
    };

    for (let i = 0; i < 20; i++) await write();
    say(`${acknowledged.length} customers saved before the disk fills`);

    // The writer goes on while the filler grows, so the disk runs out in the middle of the shop's writes.
    let filled = false;
    const filling = fillAsync(path.join(disk.dir, 'filler')).then(() => {
      filled = true;
    });
    const statusesWhileFilling: Record<number, number> = {};
    let firstRefusal: Answer | null = null;
    let refusedInARow = 0;
    for (let i = 0; i < 2000 && refusedInARow < 10; i++) {
      const response = await write();
      statusesWhileFilling[response.status] = (statusesWhileFilling[response.status] ?? 0) + 1;
      if (response.status === 201) refusedInARow = 0;
      else {
        firstRefusal ??= await answer(response);
        if (filled) refusedInARow++;
      }
    }
    await filling;
    say(
      `while filling: ${JSON.stringify(statusesWhileFilling)}; first refusal ${JSON.stringify(firstRefusal)}`,
    );

    const backups = await call('GET', '/api/data/backups');
    const whileFull = {
      read: (await call('GET', '/api/customers')).status,
      health: (await fetch(`${server.url}/api/health`)).status,
      disk: backups.ok ? ((await backups.json()) as BackupList).health.disk : null,
    };
    say(
      `disk full: read ${whileFull.read}, health ${whileFull.health}, disk ${JSON.stringify(whileFull.disk)}`,
    );

    // A checkpoint must write files of its own; PostgreSQL runs one every checkpoint_timeout (5 minutes).
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    admin.on('error', () => {});
    const checkpointError = await admin.query('checkpoint').then(
      () => null,
      (error: Error) => error.message,
    );
    await admin.end().catch(() => {});
    const downBy = Date.now() + 15_000;
    while (cluster.running() && Date.now() < downBy) await sleep(200);
    const checkpoint = {
      error: checkpointError,
      postgresDown: !cluster.running(),
      logLines: cluster
        .log()
        .split('\n')
        .filter((line) => /PANIC|FATAL|shutting down|terminated by signal/.test(line))
        .map((line) => line.replace(/^\S+ \S+ \S+ \[\d+\] /, '')),
    };
    say(`checkpoint: ${checkpoint.error ?? 'ok'}; PostgreSQL down: ${checkpoint.postgresDown}`);
    for (const line of checkpoint.logLines) say(`  postgres: ${line}`);

    const whileDown = {
      postgresAnswers: await postgresAnswers(cluster.url),
      serverAlive: server.child.exitCode === null,
      health: (await fetch(`${server.url}/api/health`)).status,
      read: await answer(await call('GET', '/api/customers')),
      write: await answer(await write()),
    };
    say(`PostgreSQL down: ${JSON.stringify(whileDown)}`);

    fs.rmSync(path.join(disk.dir, 'filler'));
    await sleep(2000);
    const cameBackByItself = cluster.running();
    say(`filler removed; PostgreSQL came back by itself: ${cameBackByItself}`);
    if (!cameBackByItself) {
      cluster.start();
      say('PostgreSQL started again (pg_ctl start): its crash recovery replayed the write-ahead log');
    }
    let failedReadsBeforeOk = 0;
    let read = 0;
    const upBy = Date.now() + 15_000;
    for (;;) {
      read = (await call('GET', '/api/customers')).status;
      if (read === 200 || Date.now() > upBy) break;
      failedReadsBeforeOk++;
      await sleep(200);
    }
    const recovery = { failedReadsBeforeOk, read, write: (await write()).status };
    say(`recovery without restarting the server: ${JSON.stringify(recovery)}`);

    server.child.kill('SIGTERM');
    await server.exited;
    server = await startServerProcess(dataDir, { HTTPS: 'off', DATABASE_URL: cluster.url });
    cookie = await signInOwner(server.url);
    const afterWrite = (await write()).status;
    const check = new pg.Client({ connectionString: cluster.url });
    await check.connect();
    const ids = new Set(
      (await check.query<{ id: string }>('select id from customers')).rows.map((row) => row.id),
    );
    await check.end();
    const afterServerRestart = { write: afterWrite, lost: acknowledged.filter((id) => !ids.has(id)) };
    say(
      `after a server restart: write ${afterWrite}; ${acknowledged.length} acknowledged, ${afterServerRestart.lost.length} lost`,
    );
    return {
      acknowledged,
      statusesWhileFilling,
      firstRefusal,
      whileFull,
      checkpoint,
      whileDown,
      cameBackByItself,
      recovery,
      afterServerRestart,
    };
  } finally {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    cluster?.destroy();
    disk?.unmount();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Whether PostgreSQL takes a new connection and answers a query right now. */
async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Appends to `file` until ENOSPC, in big then small steps, without blocking the event loop. */
async function fillAsync(file: string): Promise<void> {
  const handle = await fs.promises.open(file, 'a');
  try {
    for (const size of [1024 * 1024, 4096, 512]) {
      const block = Buffer.alloc(size, 1);
      try {
        for (;;) await handle.write(block);
      } catch {
        // ENOSPC at this step's size: go on with a smaller one.
      }
    }
  } finally {
    await handle.close();
  }
}
