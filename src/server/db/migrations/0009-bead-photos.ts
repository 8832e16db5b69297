// Frozen in time: never import application code here.
//
// Bead photos (decision 0016-bead-photos). The encoded pictures live in the database, so every server process
// on one PostgreSQL serves every photo without a shared disk, and a backup, a restore, the export and
// BACKUP_COPY_DIR carry them with the rest of the shop.
//
//   photos       one picture, named by its content (22 characters: the first 16 bytes of the SHA-256 of the
//                display image, base64url): the display image (WebP, long edge ≤ 1600 px), the square
//                thumbnail (WebP, 320 px) and the display image's size. Written once, never changed.
//   bead_photos  which photos a bead has, in which order (position, lowest first: the cover). deleted_at is set
//                by "Slet foto" and cleared by its "Fortryd"; a row deleted long enough ago is removed, and a
//                photo no row names any more with it.
//   beads.photo_id  the cover, kept by the service in the transaction that changes the photos: the lists read
//                it without a join, and the write bumps the beads table's version (migration 0003), so every
//                list answer that shows a cover gets a new ETag.
//
// A bead has at most 6 photos that are not deleted (the limit in src/shared/domain/limits.ts when this was
// written). The service locks the bead row and counts; a trigger on each engine refuses a seventh as well, so
// no write path can get around it.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: the schema of the day is not the app's Database type.
type AnyDb = Kysely<any>;

const MAX_PHOTOS_PER_BEAD = 6;
const MAX_DISPLAY_EDGE = 1600;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const bytes = postgres ? 'bytea' : 'blob';
  await sql
    .raw(
      `create table photos (
        id text primary key check (length(id) = 22),
        display ${bytes} not null,
        thumb ${bytes} not null,
        width integer not null check (width between 1 and ${MAX_DISPLAY_EDGE}),
        height integer not null check (height between 1 and ${MAX_DISPLAY_EDGE}),
        created_at text not null
      )`,
    )
    .execute(db);
  await sql`create table bead_photos (
      bead_id text not null references beads(id),
      photo_id text not null references photos(id),
      position integer not null check (position >= 0),
      added_at text not null,
      deleted_at text,
      primary key (bead_id, photo_id)
    )`.execute(db);
  await sql`create index bead_photos_bead_idx on bead_photos (bead_id, position)`.execute(db);
  await sql`create index bead_photos_photo_idx on bead_photos (photo_id)`.execute(db);
  // No foreign key: SQLite cannot drop a column that has one (down), and the service keeps it right.
  await sql`alter table beads add column photo_id text`.execute(db);

  if (postgres) {
    await sql
      .raw(
        `create function bead_photos_limit() returns trigger language plpgsql as $$
        begin
          if new.deleted_at is null and (
            select count(*) from bead_photos
            where bead_id = new.bead_id and deleted_at is null and photo_id <> new.photo_id
          ) >= ${MAX_PHOTOS_PER_BEAD} then
            raise exception 'bead_photos_limit' using errcode = 'check_violation';
          end if;
          return new;
        end $$`,
      )
      .execute(db);
    await sql`create trigger bead_photos_limit before insert or update on bead_photos
      for each row execute function bead_photos_limit()`.execute(db);
    return;
  }
  const tooMany = `(select count(*) from bead_photos where bead_id = new.bead_id and deleted_at is null) >= ${MAX_PHOTOS_PER_BEAD}`;
  await sql
    .raw(
      `create trigger bead_photos_limit_insert before insert on bead_photos when new.deleted_at is null
      begin select raise(abort, 'bead_photos_limit') where ${tooMany}; end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger bead_photos_limit_update before update of deleted_at on bead_photos
      when new.deleted_at is null and old.deleted_at is not null
      begin select raise(abort, 'bead_photos_limit') where ${tooMany}; end`,
    )
    .execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger if exists bead_photos_limit on bead_photos`.execute(db);
    await sql`drop function if exists bead_photos_limit()`.execute(db);
  } else {
    await sql`drop trigger if exists bead_photos_limit_insert`.execute(db);
    await sql`drop trigger if exists bead_photos_limit_update`.execute(db);
  }
  await db.schema.alterTable('beads').dropColumn('photo_id').execute();
  await db.schema.dropTable('bead_photos').execute();
  await db.schema.dropTable('photos').execute();
}
