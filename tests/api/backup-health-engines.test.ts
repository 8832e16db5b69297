/**
 * Indstillinger's disk line per engine: on SQLite the free space under the data folder; on PostgreSQL the
 * database's size (pg_database_size) and no free space, since the database's disk is its own server's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupList } from '../../src/shared/schemas/api-data.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { dialects } from '../support/test-db.ts';

describe.each(dialects)('the disk in the backups list on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('says what this engine can know about the disk', async () => {
    const response = await t.request({ method: 'GET', url: '/api/data/backups' });
    expect(response.statusCode).toBe(200);
    const list = response.json() as BackupList;
    expect(list.engine).toBe(kind);
    if (kind === 'postgres') {
      expect(list.enabled).toBe(false);
      expect(list.health.disk.freeBytes).toBeNull();
      expect(list.health.disk.low).toBe(false);
      // A migrated, empty shop already takes a few MB (PostgreSQL's catalogue included).
      expect(list.health.disk.databaseBytes).toBeGreaterThan(1024 * 1024);
      // It grows with the shop: the size is measured, not a constant.
      const before = list.health.disk.databaseBytes ?? 0;
      await t.db
        .insertInto('customers')
        .values(
          Array.from({ length: 2000 }, (_, i) => ({
            id: `size-${i}`,
            name: `Kunde ${i} ${'x'.repeat(80)}`,
            name_key: `kunde ${i} ${'x'.repeat(80)}`,
            created_at: new Date().toISOString(),
          })) as never,
        )
        .execute();
      const after = (await t.request({ method: 'GET', url: '/api/data/backups' })).json() as BackupList;
      expect(after.health.disk.databaseBytes).toBeGreaterThan(before);
    } else {
      expect(list.health.disk.databaseBytes).toBeNull();
    }
  });
});
