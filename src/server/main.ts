import type { ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import pino from 'pino';
import pretty from 'pino-pretty';
import { buildApp } from './app.ts';
import { backupDirectory, removeStalePartials } from './backups/backup.service.ts';
import { type Config, ConfigError, loadCommandConfig } from './config.ts';
import type { DbHandle } from './db/create-db.ts';
import { openDatabase } from './db/open-database.ts';
import { DataDirInUseError, lockDataDir } from './db/server-lock.ts';
import { RootUnreadableError } from './https/certificate-authority.ts';
import {
  keepCertificateCurrent,
  OwnCertificateError,
  prepareShopHttps,
  type ShopHttps,
} from './https/shop-https.ts';
import { startBanner } from './phone/start-banner.ts';

/** SIGTERM/SIGINT: the process is gone within this time, even if a request or the database hangs. */
const SHUTDOWN_TIMEOUT_MS = 4_500;

/** Starts the server: config, database, migrations, listen and a graceful shutdown. */
export async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadCommandConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // React reads NODE_ENV when the first screens' renderer loads it (first-html.ts): unset, as under `npm start`,
  // it would render the shop's pages with its development build (slower, and its error texts name the server's
  // files). The configuration's default, production, holds for the process too.
  process.env.NODE_ENV ??= config.env;

  // One server per SQLite data folder: an OS lock held for the process's life (see server-lock.ts). A second
  // server, `npm run dev` beside `npm start`, or `npm run restore` refuses while it is held. Not on
  // PostgreSQL: several servers on one PostgreSQL database are safe, and restore there is pg_restore.
  if (config.database.kind === 'sqlite') {
    try {
      lockDataDir(config.dataDir, { writePid: true });
    } catch (error) {
      if (error instanceof DataDirInUseError) {
        console.error(error.message);
        process.exit(1);
      }
      throw error;
    }
  }
  let database: DbHandle;
  try {
    database = await openDatabase(config.database);
  } catch (error) {
    console.error(`Could not open or migrate the database: ${(error as Error).message}`);
    process.exit(1);
  }

  // Readable lines on a terminal; JSON lines for a service manager or a file (pino's own format).
  const logger = process.stdout.isTTY
    ? pino(
        { level: config.logLevel },
        pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', sync: true }),
      )
    : pino({ level: config.logLevel });

  // The port's TLS: the shop's root and a certificate for this machine's addresses, made or renewed
  // now, the owner's TLS_CERT/TLS_KEY, or none (HTTPS=off, PUBLIC_URL).
  let https: ShopHttps;
  try {
    https = await prepareShopHttps(config, logger);
  } catch (error) {
    if (error instanceof RootUnreadableError || error instanceof OwnCertificateError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp({ config, database, loggerInstance: logger, https });
  const stopRenewing = keepCertificateCurrent(https, app.log);
  // SQLite only: a backup now and every night at 03:00, each checked and copied to BACKUP_COPY_DIR (on
  // PostgreSQL use pg_dump, see README). Half-written backups of a process killed mid-copy go first.
  const { backups } = app;
  if (backups) {
    removeStalePartials(backupDirectory(config.dataDir));
    void backups.startSchedule();
  }
  // onClose hooks run last-registered first, after the server stopped and requests in flight finished: this
  // one waits for a backup in progress before buildApp's hook closes the database under it.
  app.addHook('onClose', async () => {
    stopRenewing();
    await backups?.stop();
  });

  // HTTP/1.1 responses still being worked on when the shutdown starts, so they can be told `Connection: close`
  // (HTTP/2 has no such header: its sessions get a GOAWAY from Fastify's close instead).
  const open = new Set<ServerResponse>();
  app.addHook('onRequest', (request, reply, done) => {
    if (request.raw.httpVersionMajor < 2) {
      const response = reply.raw;
      open.add(response);
      response.once('close', () => open.delete(response));
    }
    done();
  });
  // Every socket, so that the shutdown can close those that never sent a byte (a browser's preconnect): no
  // HTTP layer knows them yet, so neither closeIdleConnections() nor a GOAWAY reaches them, and they would hold
  // close() open until the socket timeout.
  const sockets = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // Gone within 5 s whatever happens (a request that never finishes, a client that never reads).
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    // close() stops accepting connections at once and closes idle keep-alive connections, waits for requests
    // in flight, then runs the onClose hooks (backups, database). A keep-alive connection whose request
    // finishes during the close would hold it open until its keep-alive timeout: its answer says
    // `Connection: close`, and connections that have become idle are closed every 100 ms.
    for (const response of open) if (!response.headersSent) response.setHeader('connection', 'close');
    const sweep = setInterval(() => {
      app.server.closeIdleConnections();
      for (const socket of sockets) if (socket.bytesRead === 0) socket.destroy();
    }, 100);
    sweep.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const where = config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL';
  const port = (app.server.address() as AddressInfo).port;
  const banner = await startBanner({ https, port: () => port, publicUrl: config.publicUrl });
  app.log.info({ ...banner.fields, database: where, env: process.env.NODE_ENV }, 'Nålepuden is running');
  if (process.stdout.isTTY) process.stdout.write(`${banner.text}\n`);
}
