import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

const envSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyToUndefined,
    z.enum(['development', 'production', 'test']).default('production'),
  ),
  PORT: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be between 0 and 65535')
      .max(65535, 'must be between 0 and 65535')
      .default(3000),
  ),
  HOST: z.preprocess(emptyToUndefined, z.string().min(1).default('0.0.0.0')),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().min(1).default('./data')),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((url) => url.startsWith('file:') || /^postgres(ql)?:\/\/.+/.test(url), {
        message: 'must start with file: (SQLite) or postgres:// (PostgreSQL)',
      })
      .optional(),
  ),
  PUBLIC_URL: z.preprocess(
    emptyToUndefined,
    z.url({ error: 'must be a full URL such as https://shop.example.dk' }).optional(),
  ),
  AUTH_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ALLOWED_EMAILS: optionalString,
  LOGIN_RATE_LIMIT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(10)),
  TRUST_PROXY: optionalString,
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  /** A second folder every backup is also written to: a synced cloud folder or a USB disk. */
  BACKUP_COPY_DIR: optionalString,
  CLIENT_DIST_DIR: z.preprocess(emptyToUndefined, z.string().default('./dist/client')),
  /** The built-in https for phones on the shop's network: 'on' by default, 'off' to turn it off. */
  HTTPS: z.preprocess(
    (value) => (typeof value === 'string' ? emptyToUndefined(value.trim().toLowerCase()) : value),
    z.enum(['on', 'off'], { error: "must be 'on' or 'off'" }).default('on'),
  ),
  /** The owner's own certificate and key (PEM files, e.g. from `tailscale cert`) instead of the shop's root. */
  TLS_CERT: optionalString,
  TLS_KEY: optionalString,
  /** How often the live feed also polls the change log (a safety net; commits are announced at once). */
  LIVE_POLL_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(100).max(3_600_000).default(5000)),
});

export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  publicUrl: string | undefined;
  authSecret: string | undefined;
  google: { clientId: string; clientSecret: string; allowedEmails: string[] } | undefined;
  loginRateLimit: number;
  /** Fastify's trustProxy: false (default) or the proxies' addresses ('loopback', IPs, CIDRs). */
  trustProxy: TrustProxy;
  logLevel: string;
  clientDistDir: string;
  /** LIVE_POLL_MS: the live feed's safety-net poll of the change log. */
  livePollMs: number;
  https: HttpsConfig;
  /** BACKUP_COPY_DIR, absolute; undefined when unset. */
  backupCopyDir: string | undefined;
  /** Connection limits (docs/security.md): a slow or idle client cannot hold a socket for long. */
  limits: ServerLimits;
};

export type TrustProxy = false | string[];

/**
 * How the port speaks TLS (docs/security.md):
 * - `builtin`: the shop's own root in DATA_DIR/tls signs a certificate for the machine's addresses;
 * - `own`: TLS_CERT/TLS_KEY, the owner's certificate;
 * - `off`: plain http only, because HTTPS=off or because PUBLIC_URL says a proxy in front does https.
 */
export type HttpsConfig =
  | { mode: 'builtin' }
  | { mode: 'own'; certFile: string; keyFile: string }
  | { mode: 'off'; reason: 'https-off' | 'public-url' };

export type ServerLimits = {
  /** The whole request (headers and body) must arrive within this time. */
  requestTimeoutMs: number;
  /** The headers must arrive within this time. */
  headersTimeoutMs: number;
  /** An idle keep-alive connection is closed after this time. */
  keepAliveTimeoutMs: number;
  /** A socket with no traffic at all is closed after this time (live streams send heartbeats). */
  socketIdleTimeoutMs: number;
  /** More simultaneous connections are refused. */
  maxConnections: number;
  /** Largest request body, except the import route's own limit. */
  bodyLimitBytes: number;
  /** A live event stream sends a comment line this often, well inside socketIdleTimeoutMs. */
  liveHeartbeatMs: number;
};

export const DEFAULT_LIMITS: ServerLimits = {
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 10_000,
  socketIdleTimeoutMs: 60_000,
  maxConnections: 256,
  bodyLimitBytes: 1024 * 1024,
  liveHeartbeatMs: 25_000,
};

const PROXY_KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY: unset/false → trust nobody; else the list of proxies whose forwarding headers count. */
export function parseTrustProxy(value: string | undefined): TrustProxy | { problem: string } {
  const text = value?.trim().toLowerCase() ?? '';
  if (text === '' || text === 'false' || text === '0' || text === 'no') return false;
  if (text === 'true') {
    return {
      problem:
        "TRUST_PROXY: 'true' would believe any client's X-Forwarded-For; name the proxy instead (loopback, or its address)",
    };
  }
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => {
    if (PROXY_KEYWORDS.has(entry)) return false;
    const [address = '', bits, extra] = entry.split('/');
    if (extra !== undefined || net.isIP(address) === 0) return true;
    if (bits === undefined) return false;
    const max = net.isIP(address) === 4 ? 32 : 128;
    return !/^\d+$/.test(bits) || Number(bits) > max;
  });
  if (bad.length > 0) {
    return {
      problem: `TRUST_PROXY: not an address, CIDR range or one of loopback, linklocal, uniquelocal: ${bad.join(', ')}`,
    };
  }
  return entries;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function resolveDatabase(databaseUrl: string | undefined, dataDir: string): DatabaseConfig {
  if (!databaseUrl) return { kind: 'sqlite', file: path.resolve(dataDir, 'naalepuden.sqlite') };
  if (databaseUrl.startsWith('file:')) {
    const file = databaseUrl.slice('file:'.length);
    return { kind: 'sqlite', file: file === ':memory:' ? file : path.resolve(file) };
  }
  return { kind: 'postgres', url: databaseUrl };
}

/** Parses the environment once; a bad value throws a ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    problems.push('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  }
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (typeof trustProxy === 'object' && !Array.isArray(trustProxy)) problems.push(trustProxy.problem);
  if (Boolean(e.TLS_CERT) !== Boolean(e.TLS_KEY)) problems.push('TLS_CERT and TLS_KEY must be set together');
  for (const [name, file] of [
    ['TLS_CERT', e.TLS_CERT],
    ['TLS_KEY', e.TLS_KEY],
  ] as const) {
    if (file && !isReadableFile(file)) problems.push(`${name}: cannot read the file ${path.resolve(file)}`);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: resolveDatabase(e.DATABASE_URL, dataDir),
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    authSecret: e.AUTH_SECRET,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            allowedEmails: (e.GOOGLE_ALLOWED_EMAILS ?? '')
              .split(',')
              .map((s) => s.trim().toLowerCase())
              .filter(Boolean),
          }
        : undefined,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    trustProxy: trustProxy as TrustProxy,
    limits: DEFAULT_LIMITS,
    logLevel: e.LOG_LEVEL,
    clientDistDir: path.resolve(e.CLIENT_DIST_DIR),
    livePollMs: e.LIVE_POLL_MS,
    https: resolveHttps(e),
    backupCopyDir: e.BACKUP_COPY_DIR ? path.resolve(e.BACKUP_COPY_DIR) : undefined,
  };
}

function resolveHttps(e: { HTTPS: 'on' | 'off'; TLS_CERT?: string; TLS_KEY?: string; PUBLIC_URL?: string }) {
  if (e.HTTPS === 'off') return { mode: 'off', reason: 'https-off' } as const;
  if (e.TLS_CERT && e.TLS_KEY) {
    return { mode: 'own', certFile: path.resolve(e.TLS_CERT), keyFile: path.resolve(e.TLS_KEY) } as const;
  }
  if (e.PUBLIC_URL) return { mode: 'off', reason: 'public-url' } as const;
  return { mode: 'builtin' } as const;
}

function isReadableFile(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.R_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * The configuration the server and every command start with: the environment and ./.env (DATA_DIR,
 * DATABASE_URL, …); throws ConfigError.
 */
export function loadCommandConfig(): Config {
  loadEnvFileIfPresent();
  return loadConfig();
}

/** Reads ./.env when present (variables already set in the environment win). */
export function loadEnvFileIfPresent(file = '.env'): void {
  if (fs.existsSync(file)) process.loadEnvFile(file);
}
