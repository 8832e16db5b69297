import path from 'node:path';
import { describe, expect, it } from 'vitest';
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
