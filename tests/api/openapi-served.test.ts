/**
 * GET /api/openapi.json (decision 0020) on the real app: a signed-in user gets the document the contracts make,
 * made once; and what the document says beyond the schemas holds: the routes it calls public answer without a
 * session and every other one refuses it (the session guard's 401), the session cookie is called what it says,
 * and each file route answers the media types it names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildOpenApiDocument,
  FILE_ANSWERS,
  openApiPath,
  PUBLIC_ROUTES,
  SESSION_COOKIE,
} from '../../src/server/openapi/openapi-document.ts';
import { apiRoutes, type RouteName, urlOf } from '../../src/shared/api/routes.ts';
import { copenhagenDate, copenhagenYear } from '../../src/shared/domain/dates.ts';
import { createBead, createCustomer } from '../support/factories.ts';
import { multipartBody } from '../support/multipart.ts';
import { plainPhoto } from '../support/photo-fixtures.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { dialects } from '../support/test-db.ts';

const ID = '00000000-0000-4000-8000-000000000000';
const key = () => ({ 'idempotency-key': crypto.randomUUID() });

describe.each(dialects)('GET /api/openapi.json (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a signed-in user the document the contracts make, as JSON, the same each time', async () => {
    const first = await t.request({ method: 'GET', url: urlOf(apiRoutes.openapi) });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.json()).toEqual(buildOpenApiDocument());
    const again = await t.request({ method: 'GET', url: urlOf(apiRoutes.openapi) });
    expect(again.body).toBe(first.body);
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: urlOf(apiRoutes.openapi) });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Du er ikke logget ind', code: 'UNAUTHORIZED' });
  });

  it('calls public exactly the routes that answer without a session', async () => {
    const document = buildOpenApiDocument();
    for (const name of Object.keys(apiRoutes) as RouteName[]) {
      const route = apiRoutes[name];
      const operation = document.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
      expect(operation?.security, name).toEqual(PUBLIC_ROUTES.has(name) ? [] : undefined);
      // better-auth answers its own routes, whatever the session.
      if (route.path.startsWith('/api/auth/')) continue;
      const url = route.path.replace(/:\w+/g, ID);
      const response = await t.app.inject({ method: route.method, url });
      if (PUBLIC_ROUTES.has(name)) expect(response.statusCode, name).not.toBe(401);
      else expect(response.statusCode, name).toBe(401);
    }
  });

  it('names the session cookie that sign-in sets', () => {
    expect(t.cookie.split('; ').map((cookie) => cookie.split('=')[0])).toContain(SESSION_COOKIE);
  });

  it('names the media type each file route answers with', async () => {
    const customer = await createCustomer(t.db, { address: 'Perlevej 1', postcode: '8000', city: 'Aarhus' });
    const added = await t.request({
      method: 'POST',
      url: urlOf(apiRoutes.addLine, { params: { id: customer.id } }),
      payload: { kind: 'free', text: 'Perlekæde', priceOre: 12_500 },
      headers: key(),
    });
    const orderId = added.json().id as string;
    const setStatus = (status: string) =>
      t.request({
        method: 'PATCH',
        url: urlOf(apiRoutes.updateOrder, { params: { id: orderId } }),
        payload: { status },
      });
    const answered: Record<string, Set<string>> = {};
    const ask = async (name: string, url: string) => {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode, `${name}: ${response.body.slice(0, 200)}`).toBe(200);
      const types = answered[name] ?? new Set();
      types.add(String(response.headers['content-type']).split(';')[0] ?? '');
      answered[name] = types;
    };
    expect((await setStatus('packed')).statusCode).toBe(200);
    const labels = { sheet: 'a4-3x7-70x42' as const };
    const year = { year: copenhagenYear() };
    // The labels, the shipping file and the receipt of an order that waits to be sent.
    await ask('labelsPdf', urlOf(apiRoutes.labelsPdf, { query: { ...labels, orders: orderId } }));
    await ask('shippingCsv', urlOf(apiRoutes.shippingCsv, { query: { orders: orderId } }));
    await ask('receiptPdf', urlOf(apiRoutes.receiptPdf, { params: { id: orderId } }));
    expect((await setStatus('shipped')).statusCode).toBe(200);
    const credited = await t.request({
      method: 'POST',
      url: urlOf(apiRoutes.createCreditNote, { params: { id: orderId } }),
      payload: { lineIds: [], postage: true, method: 'mobilepay', refundedOn: copenhagenDate() },
      headers: key(),
    });
    expect(credited.statusCode, credited.body).toBe(201);
    const bead = await createBead(t.db);
    const upload = multipartBody([{ data: await plainPhoto('jpeg') }]);
    const photos = await t.request({
      method: 'POST',
      url: urlOf(apiRoutes.addBeadPhotos, { params: { id: bead.id } }),
      payload: upload.payload,
      headers: { ...upload.headers, ...key() },
    });
    const photoId = photos.json().photos[0].id as string;
    // Every file route, by the route table's URLs; one missing here is a type error.
    const urls: { [K in keyof typeof FILE_ANSWERS]: string[] } = {
      openapi: [urlOf(apiRoutes.openapi)],
      photo: ['thumb', 'jpeg'].map((size) => urlOf(apiRoutes.photo, { params: { photoId, size } })),
      receiptPdf: [], // asked above, while the order was packed
      creditNotePdf: [urlOf(apiRoutes.creditNotePdf, { params: { id: credited.json().creditNote.id } })],
      labelsPdf: [], // above
      testSheetPdf: [urlOf(apiRoutes.testSheetPdf, { query: labels })],
      booksCsv: [urlOf(apiRoutes.booksCsv, { query: year })],
      shippingCsv: [], // above
      salesCsv: [urlOf(apiRoutes.salesCsv, { query: year })],
      exportCsv: [urlOf(apiRoutes.exportCsv, { query: { table: 'customers' } })],
      booksReceipts: [urlOf(apiRoutes.booksReceipts, { query: year })],
      exportZip: [urlOf(apiRoutes.exportZip)],
      exportJson: [urlOf(apiRoutes.exportJson)],
    };
    for (const [name, list] of Object.entries(urls)) for (const url of list) await ask(name, url);
    const named = Object.fromEntries(
      Object.entries(FILE_ANSWERS).map(([name, file]) => [name, [...file.types]]),
    );
    expect(Object.fromEntries(Object.entries(answered).map(([name, types]) => [name, [...types]]))).toEqual(
      named,
    );
  });
});
