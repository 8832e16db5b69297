import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs with no configuration at all: SQLite in ./data on 0.0.0.0:3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.database).toEqual({ kind: 'sqlite', file: path.resolve('data/naalepuden.sqlite') });
    expect(config.google).toBeUndefined();
    expect(config.publicUrl).toBeUndefined();
  });

  it('chooses the engine from DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: 'file:./x/shop.sqlite' }).database).toEqual({
      kind: 'sqlite',
      file: path.resolve('x/shop.sqlite'),
    });
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/shop' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u:p@db:5432/shop',
    });
  });

  it('lists every bad variable at once', () => {
    try {
      loadConfig({
        PORT: 'tre tusind',
        DATABASE_URL: 'mysql://x',
        PUBLIC_URL: 'ikke en url',
        AUTH_SECRET: 'kort',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toContain('PORT');
      expect(problems).toContain('DATABASE_URL');
      expect(problems).toContain('PUBLIC_URL');
      expect(problems).toContain('AUTH_SECRET');
    }
  });

  it('refuses half a Google configuration and parses the allow-list', () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_SECRET/);
    const config = loadConfig({
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      GOOGLE_ALLOWED_EMAILS: ' Birthe@Perler.dk, hjaelper@perler.dk ,',
    });
    expect(config.google?.allowedEmails).toEqual(['birthe@perler.dk', 'hjaelper@perler.dk']);
  });

  it('treats empty values as unset, as .env files write them', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', PUBLIC_URL: '' }).port).toBe(3000);
  });
});

describe('how the port speaks TLS', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'naalepuden-config-'));
  const cert = path.join(dir, 'shop.crt');
  const key = path.join(dir, 'shop.key');
  fs.writeFileSync(cert, 'certificate');
  fs.writeFileSync(key, 'key');
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const problemsOf = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as ConfigError).problems.join('\n');
    }
    throw new Error('no ConfigError');
  };

  it("is the shop's own root with no configuration", () => {
    expect(loadConfig({}).https).toEqual({ mode: 'builtin' });
    expect(loadConfig({ HTTPS: 'on' }).https).toEqual({ mode: 'builtin' });
    expect(loadConfig({ HTTPS: '' }).https).toEqual({ mode: 'builtin' });
  });

  it('is off with HTTPS=off, whatever else is set', () => {
    expect(loadConfig({ HTTPS: 'off' }).https).toEqual({ mode: 'off', reason: 'https-off' });
    expect(loadConfig({ HTTPS: ' OFF ' }).https).toEqual({ mode: 'off', reason: 'https-off' });
    expect(
      loadConfig({ HTTPS: 'off', TLS_CERT: cert, TLS_KEY: key, PUBLIC_URL: 'https://perler.example.dk' })
        .https,
    ).toEqual({ mode: 'off', reason: 'https-off' });
  });

  it("is the owner's certificate with TLS_CERT and TLS_KEY (paths made absolute), before PUBLIC_URL", () => {
    const relative = {
      TLS_CERT: path.relative(process.cwd(), cert),
      TLS_KEY: path.relative(process.cwd(), key),
    };
    expect(loadConfig(relative).https).toEqual({ mode: 'own', certFile: cert, keyFile: key });
    expect(
      loadConfig({ TLS_CERT: cert, TLS_KEY: key, PUBLIC_URL: 'https://perler.example.dk' }).https,
    ).toEqual({
      mode: 'own',
      certFile: cert,
      keyFile: key,
    });
  });

  it('is off when PUBLIC_URL says a proxy in front does it', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://perler.example.dk' }).https).toEqual({
      mode: 'off',
      reason: 'public-url',
    });
  });

  it('refuses TLS_CERT without TLS_KEY and the other way round', () => {
    expect(problemsOf({ TLS_CERT: cert })).toContain('TLS_CERT and TLS_KEY must be set together');
    expect(problemsOf({ TLS_KEY: key })).toContain('TLS_CERT and TLS_KEY must be set together');
  });

  it('refuses a TLS_CERT or TLS_KEY that is not a readable file, naming the variable and the path', () => {
    const missing = path.join(dir, 'findes-ikke.crt');
    expect(problemsOf({ TLS_CERT: missing, TLS_KEY: key })).toBe(`TLS_CERT: cannot read the file ${missing}`);
    expect(problemsOf({ TLS_CERT: cert, TLS_KEY: dir })).toBe(`TLS_KEY: cannot read the file ${dir}`);
  });

  it("refuses an HTTPS value that is not 'on' or 'off'", () => {
    for (const value of ['yes', 'true', '1', 'tændt']) {
      expect(problemsOf({ HTTPS: value })).toBe("HTTPS: must be 'on' or 'off'");
    }
  });
});
