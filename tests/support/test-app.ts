import fs from 'node:fs';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { type App, buildApp } from '../../src/server/app.ts';
import { createLocalUser } from '../../src/server/auth/auth.ts';
import { type Config, loadConfig } from '../../src/server/config.ts';
import type { Db, DbKind } from '../../src/server/db/database.ts';
import { prepareShopHttps } from '../../src/server/https/shop-https.ts';
import { createTestDatabase, type TestDatabase, TMP_DIR } from './test-db.ts';

export const OWNER = { name: 'Birthe Ørsted', email: 'birthe@perler.dk', password: 'perler-og-nåle-42' };

export type TestApp = {
  app: App;
  db: Db;
  kind: DbKind;
  database: TestDatabase;
  config: Config;
  /** Injects with the signed-in owner's session cookie. */
  request: (options: InjectOptions) => Promise<LightMyRequestResponse>;
  cookie: string;
  close: () => Promise<void>;
};

export function testConfig(overrides: Record<string, string> = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(TMP_DIR, 'data-'));
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    LOGIN_RATE_LIMIT: '1000',
    CLIENT_DIST_DIR: path.join(dataDir, 'no-client'),
    ...overrides,
  });
}

export async function signIn(app: App, email: string, password: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookies = response.cookies.map((c) => `${c.name}=${c.value}`);
  return cookies.join('; ');
}

/**
 * The real app on a fresh database of the given engine, with the owner signed in. `https: 'builtin'`: with the
 * shop's own https, a root in the test's DATA_DIR/tls and a certificate for 192.0.2.10 and
 * localhost, so the plain-http gate and the set-up files are there (injected requests come from 127.0.0.1
 * unless they give another remoteAddress).
 */
export async function createTestApp(
  kind: DbKind,
  options: { env?: Record<string, string>; withOwner?: boolean; https?: 'builtin' } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(kind);
  const config = testConfig(options.env);
  const https =
    options.https === 'builtin'
      ? await prepareShopHttps({ https: { mode: 'builtin' }, dataDir: config.dataDir }, undefined, () => ({
          ips: ['192.0.2.10'],
          dns: ['localhost'],
        }))
      : undefined;
  const app = await buildApp({ config, database, logger: false, https });
  let cookie = '';
  if (options.withOwner !== false) {
    await createLocalUser(app.auth, OWNER);
    cookie = await signIn(app, OWNER.email, OWNER.password);
  }
  return {
    app,
    db: database.db,
    kind,
    database,
    config,
    cookie,
    request: (opts) => app.inject({ ...opts, headers: { cookie, ...(opts.headers ?? {}) } }),
    close: async () => {
      await app.close();
      await database.drop();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The real app for the tests of one describe block (createTestApp's options): opened before them and closed
 * after them. What it returns reads through to that block's app, so a test file keeps no `let` and hooks of
 * its own; reading it outside a test (before the block's beforeAll) throws.
 */
export function appPerSuite(kind: DbKind, options: Parameters<typeof createTestApp>[1] = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(kind, options);
  });
  afterAll(async () => {
    await current?.close();
  });
  const open = () => {
    if (!current) throw new Error('the suite app is opened in beforeAll; read it inside a test');
    return current;
  };
  return {
    kind,
    get app() {
      return open().app;
    },
    get db() {
      return open().db;
    },
    get database() {
      return open().database;
    },
    get config() {
      return open().config;
    },
    get cookie() {
      return open().cookie;
    },
    request: (opts) => open().request(opts),
    close: () => open().close(),
  };
}
