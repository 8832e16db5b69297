import http from 'node:http';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database, Db } from '../../src/server/db/database.ts';
import { multipartBody } from '../support/multipart.ts';
import { cameraJpeg, plainPhoto } from '../support/photo-fixtures.ts';
import { processLeftovers } from '../support/process-leftovers.ts';
import { callApi, signInOwner } from '../support/server-process.ts';

const processes = processLeftovers();
const dataDir = () => processes.folder('photos-');
const { start } = processes;

/** Everything that would be half-written if an upload stopped in the middle. */
async function leftovers(db: Db) {
  const orphanPhotos = await db
    .selectFrom('photos')
    .select('id')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('bead_photos').select('photo_id').whereRef('bead_photos.photo_id', '=', 'photos.id'),
        ),
      ),
    )
    .execute();
  const danglingLinks = await db
    .selectFrom('bead_photos')
    .leftJoin('photos', 'photos.id', 'bead_photos.photo_id')
    .select('bead_photos.photo_id')
    .where('photos.id', 'is', null)
    .execute();
  const beads = await db.selectFrom('beads').select(['id', 'photo_id']).execute();
  const wrongCovers: string[] = [];
  for (const bead of beads) {
    const first = await db
      .selectFrom('bead_photos')
      .select('photo_id')
      .where('bead_id', '=', bead.id)
      .where('deleted_at', 'is', null)
      .orderBy('position')
      .orderBy('added_at')
      .orderBy('photo_id')
      .executeTakeFirst();
    if ((first?.photo_id ?? null) !== bead.photo_id) wrongCovers.push(bead.id);
  }
  return { orphanPhotos: orphanPhotos.length, danglingLinks: danglingLinks.length, wrongCovers };
}

function openShopFile(dir: string): { db: Db; close: () => Promise<void> } {
  const sqlite = new SqliteDatabase(path.join(dir, 'naalepuden.sqlite'), { readonly: true });
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, close: () => db.destroy() };
}

/** Sends the first `fraction` of an upload, then `stop()` is called while the request is open. */
function partialUpload(
  url: string,
  cookie: string,
  beadId: string,
  body: ReturnType<typeof multipartBody>,
  fraction: number,
  stop: () => void,
): Promise<void> {
  return new Promise((resolve) => {
    const request = http.request(`${url}/api/beads/${beadId}/photos`, {
      method: 'POST',
      headers: {
        ...body.headers,
        cookie,
        origin: url,
        'content-length': String(body.payload.length),
        'idempotency-key': crypto.randomUUID(),
      },
    });
    request.on('error', () => resolve());
    request.on('close', () => resolve());
    request.write(body.payload.subarray(0, Math.floor(body.payload.length * fraction)), () => {
      setTimeout(() => {
        stop();
        request.destroy();
      }, 100);
    });
  });
}

async function newBead(url: string, cookie: string, name: string): Promise<string> {
  const response = await callApi(url, cookie, 'POST', '/api/beads', { name, priceOre: 4500 });
  expect(response.status).toBe(201);
  return (await response.json()).id;
}

describe('an upload that never finishes', () => {
  it('a connection dropped half-way: the server goes on, nothing is stored', async () => {
    const dir = dataDir();
    const server = await start(dir);
    const cookie = await signInOwner(server.url);
    const beadId = await newBead(server.url, cookie, 'Afbrudt agat');
    const body = multipartBody([{ data: await cameraJpeg(4000, 3000, 100) }]);
    await partialUpload(server.url, cookie, beadId, body, 0.5, () => undefined);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const page = await callApi(server.url, cookie, 'GET', `/api/beads/${beadId}`);
    expect((await page.json()).photos).toEqual([]);
    const shop = openShopFile(dir);
    expect(await leftovers(shop.db)).toEqual({ orphanPhotos: 0, danglingLinks: 0, wrongCovers: [] });
    expect(
      Number(
        (
          await shop.db
            .selectFrom('photos')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(0);
    await shop.close();
  }, 60_000);

  it('a server killed during uploads and their processing: after the restart nothing is half-written', async () => {
    const dir = dataDir();
    const first = await start(dir);
    const cookie = await signInOwner(first.url);
    const beadId = await newBead(first.url, cookie, 'Dræbt diamant');
    // One upload still arriving, others whole and being decoded when the server dies.
    const whole = await Promise.all([1, 2, 3].map((i) => cameraJpeg(3000 + i, 2000, 95)));
    const sent = whole.map((data) => {
      const body = multipartBody([{ data }]);
      return fetch(`${first.url}/api/beads/${beadId}/photos`, {
        method: 'POST',
        headers: { ...body.headers, cookie, origin: first.url, 'idempotency-key': crypto.randomUUID() },
        body: body.payload,
      }).catch(() => null);
    });
    const half = partialUpload(
      first.url,
      cookie,
      beadId,
      multipartBody([{ data: await cameraJpeg(4000, 3000, 100) }]),
      0.4,
      () => first.child.kill('SIGKILL'),
    );
    await Promise.all([half, ...sent]);
    await first.exited;

    const second = await start(dir);
    const again = await signInOwner(second.url);
    const page = await (await callApi(second.url, again, 'GET', `/api/beads/${beadId}`)).json();
    // Whatever was answered before the kill is there in full; nothing else is.
    for (const photo of page.photos as Array<{ id: string }>) {
      const thumb = await fetch(`${second.url}/api/photos/${photo.id}/thumb`, { headers: { cookie: again } });
      expect(thumb.status).toBe(200);
    }
    const shop = openShopFile(dir);
    expect(await leftovers(shop.db)).toEqual({ orphanPhotos: 0, danglingLinks: 0, wrongCovers: [] });
    await shop.close();
  }, 90_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)(
  'two server processes on one PostgreSQL, no shared disk',
  () => {
    it('a photo taken through one is served by the other, byte for byte', async () => {
      const database = await processes.database('postgres');
      const env = { DATABASE_URL: database.url, AUTH_SECRET: 'x'.repeat(40) };
      const [a, b] = [await start(dataDir(), env), await start(dataDir(), env)];
      const cookie = await signInOwner(a.url);
      const beadId = await newBead(a.url, cookie, 'Delt diopsid');
      const body = multipartBody([{ data: await plainPhoto('jpeg', 1500, 1000) }]);
      const uploaded = await fetch(`${a.url}/api/beads/${beadId}/photos`, {
        method: 'POST',
        headers: { ...body.headers, cookie, origin: a.url, 'idempotency-key': crypto.randomUUID() },
        body: body.payload,
      });
      expect(uploaded.status).toBe(201);
      const [photo] = (await uploaded.json()).photos;
      for (const size of ['thumb', 'display']) {
        const fromA = Buffer.from(
          await (
            await fetch(`${a.url}/api/photos/${photo.id}/${size}`, { headers: { cookie } })
          ).arrayBuffer(),
        );
        const fromB = await fetch(`${b.url}/api/photos/${photo.id}/${size}`, { headers: { cookie } });
        expect(fromB.status).toBe(200);
        expect(fromB.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
        expect(Buffer.from(await fromB.arrayBuffer()).equals(fromA)).toBe(true);
      }
      const listed = await (await callApi(b.url, cookie, 'GET', '/api/beads')).json();
      expect(listed.find((bead: { id: string }) => bead.id === beadId).photoId).toBe(photo.id);
      expect(await leftovers(database.db)).toEqual({ orphanPhotos: 0, danglingLinks: 0, wrongCovers: [] });
    }, 90_000);
  },
);
