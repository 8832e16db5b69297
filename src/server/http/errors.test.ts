import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isDiskFull } from './errors.ts';

describe('which database errors are a full disk or an unreachable database', () => {
  it('knows PostgreSQL’s disk_full as a full disk, and not as unreachable', () => {
    const error = Object.assign(new Error('could not extend file "base/5/16449": No space left on device'), {
      code: '53100',
    });
    expect(isDiskFull(error)).toBe(true);
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('knows a PostgreSQL that is down, crashed, recovering or refusing connections', () => {
    const cases = [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      new Error('Connection terminated unexpectedly'),
      Object.assign(new Error('the database system is in recovery mode'), { code: '57P03' }),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('connection failure'), { code: '08006' }),
      Object.assign(new Error('could not write init file'), { code: 'XX000' }),
      // The sign-in library's wrapper around the pool's error.
      {
        message: '',
        body: { message: 'Failed to get session' },
        cause: new Error('could not write init file'),
      },
    ];
    for (const error of cases) expect(isDatabaseUnavailable(error), String(error)).toBe(true);
  });

  it('leaves every other error alone', () => {
    for (const error of [
      new Error('boom'),
      Object.assign(new Error('duplicate key'), { code: '23505' }),
      Object.assign(new Error('SQLITE_BUSY'), { code: 'SQLITE_BUSY' }),
      null,
      undefined,
    ])
      expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
