/**
 * The OpenAPI document (decision 0020) against the route table and the contracts: every route is in it with its
 * method, path params, query, headers, body and answers, each schema being what zod writes of the route's own
 * schema; it is a valid OpenAPI 3.1 document (the official schema, through @seriousme/openapi-schema-validator);
 * and the checker is fed violations, so it cannot pass by accident. tests/api/openapi-served.test.ts asks the
 * server for it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routeSchemas } from '../../src/server/http/serve.ts';
import { buildOpenApiDocument, type OpenApiDocument } from '../../src/server/openapi/openapi-document.ts';
import { SCHEMA_MODULES } from '../../src/server/openapi/schema-names.ts';
import { type Contract, contracts } from '../../src/shared/api/contracts.ts';
import { apiRoutes, type RouteName } from '../../src/shared/api/routes.ts';
import { type CheckedRoute, documentProblems } from '../support/openapi-check.ts';

const ROUTES: CheckedRoute[] = (Object.keys(apiRoutes) as RouteName[]).map((name) => ({
  name,
  method: apiRoutes[name].method,
  path: apiRoutes[name].path,
  contract: contracts[name] as Contract,
  schemas: routeSchemas(name),
}));

const copy = <T>(value: T): T => structuredClone(value);

describe('the OpenAPI document', () => {
  let document: OpenApiDocument;
  beforeAll(() => {
    document = buildOpenApiDocument();
  });

  it('describes every route of the table from its contract, and nothing else', () => {
    expect(documentProblems(document, ROUTES)).toEqual([]);
    expect(Object.values(document.paths).flatMap((item) => Object.keys(item))).toHaveLength(ROUTES.length);
  });

  it('is OpenAPI 3.1 by the official schema', async () => {
    const validator = new Validator();
    const result = await validator.validate(copy(document));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('says what it is, and the session it needs', () => {
    const packageJson = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string };
    expect(document).toMatchObject({
      openapi: '3.1.0',
      info: { title: 'Nålepuden API', version: packageJson.version },
      security: [{ sessionCookie: [] }],
      components: { securitySchemes: { sessionCookie: { type: 'apiKey', in: 'cookie' } } },
    });
    // The refusal is one schema, { message, code, field? }, wherever a route refuses.
    expect(document.components.schemas?.ApiError).toEqual({
      type: 'object',
      properties: { message: { type: 'string' }, code: { type: 'string' }, field: { type: 'string' } },
      required: ['message', 'code'],
      additionalProperties: false,
    });
    expect(document.paths['/api/customers/{id}']?.get?.responses['404']).toEqual({
      $ref: '#/components/responses/NotFound',
    });
  });

  it('describes the uploads and the files by their media types', () => {
    const photos = document.paths['/api/beads/{id}/photos']?.post;
    expect(Object.keys(photos?.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
    expect(Object.keys(document.paths['/api/data/import.zip']?.post?.requestBody?.content ?? {})).toEqual([
      'application/zip',
    ]);
    const fileTypes = (route: string) => {
      const answer = document.paths[route]?.get?.responses['200'];
      return Object.keys(answer && 'content' in answer ? (answer.content ?? {}) : {});
    };
    expect(fileTypes('/api/orders/{id}/receipt.pdf')).toEqual(['application/pdf']);
    expect(fileTypes('/api/books.csv')).toEqual(['text/csv']);
    expect(fileTypes('/api/photos/{photoId}/{size}')).toEqual(['image/webp', 'image/jpeg']);
    expect(fileTypes('/api/books/receipts.zip')).toEqual(['application/zip']);
    expect(fileTypes('/api/data/export.json')).toEqual(['application/json']);
  });

  it('writes a request by what goes over the wire: the input side of transforms, coercions and defaults', () => {
    const query = (route: string, name: string) =>
      document.paths[route]?.get?.parameters?.find(
        (parameter) => 'name' in parameter && parameter.name === name,
      );
    // `orders=id,id,…` is made a list by a transform; in the URL it is text.
    expect(query('/api/parcels/labels.pdf', 'orders')).toMatchObject({
      required: true,
      schema: { type: 'string' },
    });
    // A default makes a field optional to send.
    expect(query('/api/parcels/labels.pdf', 'skip')).toMatchObject({
      required: false,
      schema: { default: 0 },
    });
    // The year is four digits of text that the schema turns into a number.
    expect(query('/api/sales', 'year')).toMatchObject({ schema: { type: 'string', pattern: '^\\d{4}$' } });
    // Each named schema is written once: the order that many answers carry is one component.
    const refs = JSON.stringify(document.paths).match(/#\/components\/schemas\/Order"/g) ?? [];
    expect(refs.length).toBeGreaterThan(5);
  });

  it('names every schema module of src/shared/schemas', async () => {
    const folder = path.resolve('src/shared/schemas');
    const modules: string[] = [];
    for (const file of fs.readdirSync(folder).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const exports: Record<string, unknown> = await import(path.join(folder, file));
      if (Object.values(exports).some((value) => value instanceof z.ZodType)) modules.push(file);
    }
    expect(Object.keys(SCHEMA_MODULES).sort()).toEqual(modules.sort());
  });

  describe('the checker catches deliberate violations', () => {
    const checked = (changed: OpenApiDocument, routes = ROUTES) => documentProblems(changed, routes);

    it('a route of the table missing from the document, and an operation the table does not have', () => {
      const changed = copy(document);
      delete changed.paths['/api/pillow'];
      const route = ROUTES.find((r) => r.name === 'pillow') as CheckedRoute;
      const table = [...ROUTES, { ...route, name: 'parcelsNew', path: '/api/parcels/new' }];
      expect(checked(changed, table)).toEqual([
        'pillow (GET /api/pillow): not in the document',
        'parcelsNew (GET /api/parcels/new): not in the document',
      ]);
      expect(
        checked(
          document,
          ROUTES.filter((r) => r.name !== 'health'),
        ),
      ).toEqual(['GET /api/health: not in the route table']);
    });

    it('a body, a query, an answer or an Idempotency-Key that differs from the contract', () => {
      const changed = copy(document);
      const add = changed.paths['/api/customers']?.post;
      if (!add?.requestBody?.content['application/json']) throw new Error('no body');
      add.requestBody.content['application/json'].schema = { type: 'object' };
      add.parameters = [];
      add.responses['201'] = { description: 'Created' };
      const list = changed.paths['/api/customers']?.get;
      if (!list?.parameters) throw new Error('no query');
      list.parameters = list.parameters.filter((p) => !('name' in p) || p.name !== 'archived');
      expect(checked(changed)).toEqual([
        'customers (GET /api/customers): no query parameter archived',
        'addCustomer (POST /api/customers): no header parameter idempotency-key',
        'addCustomer (POST /api/customers): the body differs',
        'addCustomer (POST /api/customers): the 201 answer differs',
        'addCustomer (POST /api/customers): Idempotency-Key false',
      ]);
    });

    it('an undeclared path param, and a reference that does not resolve', () => {
      const changed = copy(document);
      const item = changed.paths['/api/orders/{id}'];
      if (!item) throw new Error('no order');
      changed.paths['/api/orders/{orderId}'] = item;
      delete changed.paths['/api/orders/{id}'];
      delete changed.components.schemas?.BeadPhotos;
      expect(checked(changed)).toEqual(
        expect.arrayContaining([
          'order (GET /api/orders/:id): not in the document',
          'updateOrder (PATCH /api/orders/:id): not in the document',
          'GET /api/orders/{orderId}: not in the route table',
          'PATCH /api/orders/{orderId}: not in the route table',
          'addBeadPhotos (POST /api/beads/:id/photos): the 201 answer differs',
          '#/components/schemas/BeadPhotos: does not resolve',
        ]),
      );
      const renamed = copy(document);
      const order = renamed.paths['/api/orders/{id}']?.get;
      if (!order?.parameters?.[0] || !('name' in order.parameters[0])) throw new Error('no id');
      order.parameters[0].name = 'orderId';
      expect(checked(renamed)).toEqual([
        'order (GET /api/orders/:id): path params orderId',
        'order (GET /api/orders/:id): no path parameter id',
        'order (GET /api/orders/:id): path parameter orderId is not in the schema',
      ]);
    });
  });
});
