/**
 * What a test of real server processes leaves behind — servers, data folders, databases, open streams — kept
 * in one place and cleared after each test: streams closed, servers still running killed (SIGKILL) and waited
 * for, databases dropped, folders removed. Call it once at the top of a test file; it registers the afterEach.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach } from 'vitest';
import { type ServerProcess, startServerProcess } from './server-process.ts';
import { createTestDatabase, type TestDatabase, TMP_DIR } from './test-db.ts';

const running = (server: ServerProcess) => server.child.exitCode === null && server.child.signalCode === null;

export function processLeftovers() {
  const servers: ServerProcess[] = [];
  const dirs: string[] = [];
  const databases: TestDatabase[] = [];
  const closers: (() => void)[] = [];

  afterEach(async () => {
    for (const close of closers.splice(0)) close();
    for (const server of servers.splice(0)) {
      if (running(server)) server.child.kill('SIGKILL');
      await server.exited;
    }
    for (const database of databases.splice(0)) await database.drop();
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  return {
    /** A fresh folder under TMP_DIR, removed after the test. */
    folder(prefix: string): string {
      fs.mkdirSync(TMP_DIR, { recursive: true });
      const dir = fs.mkdtempSync(path.join(TMP_DIR, prefix));
      dirs.push(dir);
      return dir;
    },
    /** A server process on the data folder, serving; killed after the test if it still runs. */
    async start(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
      const server = await startServerProcess(dataDir, env);
      servers.push(server);
      return server;
    },
    /** Stops the server (SIGTERM unless told) and waits until it has exited. */
    async stop(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
      if (running(server)) server.child.kill(signal);
      await server.exited;
    },
    /** A fresh database of the engine, dropped after the test. */
    async database(kind: Parameters<typeof createTestDatabase>[0]): Promise<TestDatabase> {
      const database = await createTestDatabase(kind);
      databases.push(database);
      return database;
    },
    /** Something to close after the test (an open stream), before the servers are killed. */
    closeAfter(close: () => void): void {
      closers.push(close);
    },
  };
}
