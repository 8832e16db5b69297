/**
 * PostgreSQL on a full disk, for real (tests/support/pg-full-disk.ts plays it): a private cluster on a small
 * tmpfs, filled while the shop writes. Writes are refused in Danish and reads go on; the first checkpoint on
 * the full disk brings PostgreSQL down (PANIC), and the server stays up and says in Danish that the database
 * does not answer; once there is room and PostgreSQL is started again, the same server process reads and
 * writes again, and nothing acknowledged is lost, also after a restart. Skipped, with the reason shown, where
 * PostgreSQL is not installed or a tmpfs cannot be mounted.
 */
import { describe, expect, it } from 'vitest';
import { errorTexts } from '../../src/shared/texts/errors.ts';
import { postgresBinDir } from '../support/pg-cluster.ts';
import { runPgFullDisk } from '../support/pg-full-disk.ts';
import { canMountTmpfs } from '../support/tmpfs.ts';

const tmpfs = canMountTmpfs();
const bin = postgresBinDir();
const skipReason = !bin
  ? 'PostgreSQL is not installed (/usr/lib/postgresql/*/bin/initdb)'
  : tmpfs.ok
    ? null
    : tmpfs.reason;

describe.skipIf(skipReason !== null)(
  `PostgreSQL on a full disk${skipReason === null ? '' : ` (skipped: ${skipReason})`}`,
  () => {
    it('refuses writes in Danish, stays up through a PostgreSQL crash, recovers, loses nothing acknowledged', async () => {
      const report = await runPgFullDisk();
      const context = JSON.stringify(report, null, 1).slice(0, 4000);

      // While the disk fills: every answer is a save or a Danish refusal, never a bare 500.
      expect(Object.keys(report.statusesWhileFilling).sort(), context).toEqual(['201', '507']);
      expect(report.firstRefusal).toEqual({
        status: 507,
        body: { message: errorTexts.diskFullPostgres, code: 'DISK_FULL' },
      });
      // Reads go on while PostgreSQL is up; Indstillinger tells the database's size, not a free space it
      // cannot measure on the database's machine.
      expect(report.whileFull.read).toBe(200);
      expect(report.whileFull.health).toBe(200);
      expect(report.whileFull.disk).toMatchObject({ freeBytes: null, low: false });
      expect(report.whileFull.disk?.databaseBytes).toBeGreaterThan(1024 * 1024);

      // The checkpoint cannot write on the full disk: PostgreSQL PANICs and restarts. Then either its crash
      // recovery cannot write the write-ahead log and the postmaster shuts down, or it comes up and refuses
      // every new connection ("could not write init file") until there is room.
      expect(report.checkpoint.error, context).toMatch(/Connection terminated/);
      expect(report.checkpoint.logLines.join('\n')).toMatch(/PANIC: .*No space left on device/);

      // The server stays up whatever PostgreSQL does next. When PostgreSQL does not answer (the postmaster
      // shut down, or it refuses new connections), the shop says so in Danish and acknowledges nothing. When
      // its crash recovery finished on the full disk and it answers again, reads go on and a write is saved
      // (then kept, checked below) or refused in Danish: never a bare 500.
      const unavailable = { message: errorTexts.databaseUnavailable, code: 'DATABASE_UNAVAILABLE' };
      const diskFull = { message: errorTexts.diskFullPostgres, code: 'DISK_FULL' };
      expect(report.whileDown.serverAlive).toBe(true);
      if (!report.whileDown.postgresAnswers) {
        expect(report.whileDown.health, context).toBe(503);
        expect(report.whileDown.read).toEqual({ status: 503, body: unavailable });
        expect(report.whileDown.write).toEqual({ status: 503, body: unavailable });
      } else {
        expect(report.whileDown.health, context).toBe(200);
        expect(report.whileDown.read.status).toBe(200);
        const { status, body } = report.whileDown.write;
        if (status !== 201) expect({ status, body }, context).toEqual({ status: 507, body: diskFull });
      }

      // A postmaster that shut down does not come back by itself; one that stayed up answers once there is
      // room. Either way the same server process reads and writes again, without a restart of its own.
      expect(report.cameBackByItself).toBe(!report.checkpoint.postgresDown);
      expect(report.recovery).toMatchObject({ read: 200, write: 201 });

      // Nothing acknowledged is lost, also after the server restarts.
      expect(report.acknowledged.length).toBeGreaterThan(20);
      expect(report.afterServerRestart).toEqual({ write: 201, lost: [] });
    }, 90_000);
  },
);
