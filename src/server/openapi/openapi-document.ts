/**
 * The API described as OpenAPI 3.1 (GET /api/openapi.json, `npm run api:doc`; decision 0020), made from what the
 * server runs on: the route table's methods, paths and reads (src/shared/api/routes.ts) and, for each route, the
 * schemas serve() hands Fastify (`routeSchemas`, from the contracts, src/shared/api/contracts.ts). Nothing of a
 * route is written here but what its schemas cannot say: the media types of its files and uploads, which routes
 * are public, and what every route of a kind answers besides (the guard's 401, the schemas' 400, ETag and 304).
 * tests/api/openapi.test.ts fails when the document and the table or the contracts differ.
 */
import { STATUS_CODES } from 'node:http';
import { z } from 'zod';
import packageJson from '../../../package.json' with { type: 'json' };
import { type Contract, type Contracts, contracts } from '../../shared/api/contracts.ts';
import { type ApiRoute, apiRoutes, type RouteName } from '../../shared/api/routes.ts';
import { MAX_IMPORT_ZIP_BYTES, MAX_PHOTO_BYTES, MAX_PHOTOS_PER_BEAD } from '../../shared/domain/limits.ts';
import { apiErrorSchema } from '../../shared/schemas/api-common.ts';
import { routeSchemas } from '../http/serve.ts';
import { type JsonSchema, SchemaWriter } from './json-schemas.ts';
import { schemaNames } from './schema-names.ts';

export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  security: Array<Record<string, string[]>>;
  tags: Array<{ name: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: JsonSchema & { schemas?: Record<string, JsonSchema> };
};

export type Parameter = {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: JsonSchema;
  description?: string;
};

/** A reference to a part of components (`#/components/responses/NotFound`). */
export type Ref = { $ref: string };

export type Operation = {
  operationId: RouteName;
  tags: string[];
  description?: string;
  security?: never[];
  parameters?: Array<Parameter | Ref>;
  requestBody?: { required: boolean; description?: string; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, Response | Ref>;
};

export type Response = {
  description: string;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
  content?: Record<string, { schema: JsonSchema }>;
};

/** The session cookie better-auth sets at sign-in (src/server/auth/auth.ts keeps its default name). */
export const SESSION_COOKIE = 'better-auth.session_token';

/**
 * Routes that answer without a session: registered outside the shop plugin's session guard (src/server/app.ts;
 * docs/security.md). The test asks every other route without a cookie and expects the guard's 401.
 */
export const PUBLIC_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>([
  'session',
  'signIn',
  'signInSocial',
  'signOut',
  'setupStatus',
  'setup',
  'health',
]);

type FileRoute = { [K in RouteName]: Contracts[K] extends { file: string } ? K : never }[RouteName];
type FileAnswer = { types: readonly string[]; description: string; download?: true };

/**
 * What each file route sends (the reply.type or download headers in its *.routes.ts): a route added with `file`
 * and missing here is a type error, and tests/api/openapi-served.test.ts compares each type with the answer.
 */
export const FILE_ANSWERS: { readonly [K in FileRoute]: FileAnswer } = {
  openapi: { types: ['application/json'], description: 'This document' },
  photo: {
    types: ['image/webp', 'image/jpeg'],
    description: 'The picture: WebP (thumb, display) or JPEG (jpeg)',
  },
  receiptPdf: { types: ['application/pdf'], description: 'The receipt (Kvittering)', download: true },
  creditNotePdf: { types: ['application/pdf'], description: 'The credit note (Kreditnota)', download: true },
  labelsPdf: {
    types: ['application/pdf'],
    description: 'The address labels; print at 100 %',
    download: true,
  },
  testSheetPdf: {
    types: ['application/pdf'],
    description: 'Every label outlined (Prøveark)',
    download: true,
  },
  booksCsv: { types: ['text/csv'], description: 'The bogføringsfil: UTF-8 with BOM, `;`', download: true },
  shippingCsv: { types: ['text/csv'], description: 'The shipping file: UTF-8 with BOM, `;`', download: true },
  salesCsv: { types: ['text/csv'], description: 'The months of a year: UTF-8 with BOM, `;`', download: true },
  exportCsv: { types: ['text/csv'], description: 'One table: UTF-8 with BOM, `;`', download: true },
  booksReceipts: {
    types: ['application/zip'],
    description: "The period's receipts and credit notes",
    download: true,
  },
  exportZip: { types: ['application/zip'], description: 'The JSON export and photos/', download: true },
  exportJson: {
    types: ['application/json'],
    description: 'The export (`naalepuden-export`)',
    download: true,
  },
};

const ERRORS_NOTE = 'a Danish `{ message, code, field? }` (the codes: src/shared/schemas/api-errors.ts)';

const DESCRIPTION = [
  "The API of Nålepuden, made from the route table and its contracts (the server's own zod schemas), so it",
  'cannot drift from what the server validates. docs/api.md says how to read it: ids are text, money is whole øre,',
  `instants are ISO-8601 UTC, every refusal is ${ERRORS_NOTE}. A changing request from another Origin is refused`,
  'with 403 FORBIDDEN_ORIGIN. Requests are described by what they send, answers by what they carry; refinements',
  "of a schema (a field that depends on another) are not in JSON Schema: the route's 400 names them.",
].join(' ');

/** `/api/orders/:id/lines/:lineId` → `/api/orders/{id}/lines/{lineId}`. */
export const openApiPath = (path: string): string => path.replace(/:(\w+)/g, '{$1}');

/** A route's group: its path's first part after /api (`/api/books.csv` → books). */
const tagOf = (path: string): string => (path.split('/')[2] ?? 'api').replace(/\..*$/, '');

/** 'idempotency-key' → 'Idempotency-Key'. */
const headerName = (name: string) =>
  name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());

const reason = (status: string) => STATUS_CODES[Number(status)] ?? status;

/** A refusal's response by its status, shared by every route: 404 → `#/components/responses/NotFound`. */
const refusalName = (status: string) => reason(status).replace(/[^A-Za-z]/g, '');

const IDEMPOTENCY_NOTE = {
  header:
    'A UUID made once per user action: a repeat with the same key (a double tap, a lost answer, after a restart) ' +
    'gets the first answer and writes nothing; the same key on another route, id or body answers 409 ' +
    'IDEMPOTENCY_KEY_REUSED. Keys are kept 7 days.',
  body: "The body's `idempotencyKey` is the key; this header is optional and must be the same key.",
} as const;

const IF_NONE_MATCH: Parameter = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  description: 'The ETag of an answer kept: an unchanged answer is 304 without a body',
  schema: { type: 'string' },
};

/** What the operations share, collected as they are written: the schemas, the refusals, the parameters. */
class Parts {
  readonly writer = new SchemaWriter(schemaNames());
  readonly responses: Record<string, Response> = {};
  readonly parameters: Record<string, Parameter> = {};

  refusal(status: string, description = `${reason(status)}: ${ERRORS_NOTE}`): Ref {
    const name = refusalName(status);
    this.responses[name] ??= {
      description,
      content: { 'application/json': { schema: this.writer.write(apiErrorSchema, 'output') } },
    };
    return { $ref: `#/components/responses/${name}` };
  }

  parameter(name: string, parameter: Parameter): Ref {
    this.parameters[name] ??= parameter;
    return { $ref: `#/components/parameters/${name}` };
  }
}

function parametersOf(parts: Parts, schema: z.ZodType, place: Parameter['in']): Parameter[] {
  const object = parts.writer.objectOf(parts.writer.write(schema, 'input'));
  const properties = object.properties as Record<string, JsonSchema> | undefined;
  if (object.type !== 'object' || !properties)
    throw new Error(`OpenAPI: ${place} parameters must be an object`);
  const required = new Set((object.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name: place === 'header' ? headerName(name) : name,
    in: place,
    required: place === 'path' || required.has(name),
    schema: property,
  }));
}

function requestBodyOf(
  parts: Parts,
  contract: Contract,
  body: z.ZodType | undefined,
): Operation['requestBody'] {
  if (body) {
    return {
      required: !body.safeParse(undefined).success,
      content: { 'application/json': { schema: parts.writer.write(body, 'input') } },
    };
  }
  if (contract.upload === 'form-data') {
    const file = { type: 'string', contentMediaType: 'application/octet-stream' };
    return {
      required: true,
      description: `1–${MAX_PHOTOS_PER_BEAD} photos (JPEG, PNG or WebP, by their first bytes), any field name, at most ${MAX_PHOTO_BYTES / 1024 / 1024} MB each`,
      content: { 'multipart/form-data': { schema: { type: 'object', additionalProperties: file } } },
    };
  }
  if (contract.upload === 'bytes') {
    return {
      required: true,
      description: `The export zip's bytes (application/x-zip-compressed and application/octet-stream are read too), at most ${MAX_IMPORT_ZIP_BYTES / 1024 / 1024} MB`,
      content: { 'application/zip': { schema: { type: 'string', contentMediaType: 'application/zip' } } },
    };
  }
  return undefined;
}

function answersOf(
  parts: Parts,
  name: RouteName,
  answers: Contract['answers'],
): Record<string, Response | Ref> {
  const responses: Record<string, Response | Ref> = {};
  for (const [status, schema] of Object.entries(answers ?? {})) {
    if (schema === apiErrorSchema) responses[status] = parts.refusal(status);
    else if (schema instanceof z.ZodNull) responses[status] = { description: reason(status) };
    else {
      const content = { 'application/json': { schema: parts.writer.write(schema, 'output') } };
      responses[status] = { description: reason(status), content };
    }
  }
  const file = (FILE_ANSWERS as Partial<Record<RouteName, FileAnswer>>)[name];
  if (file) {
    const text = { type: 'string' };
    responses['200'] = {
      description: file.description,
      ...(file.download && {
        headers: { 'Content-Disposition': { description: 'attachment; filename="…"', schema: text } },
      }),
      content: Object.fromEntries(
        file.types.map((type) => [type, { schema: { ...text, contentMediaType: type } }]),
      ),
    };
  }
  // The two routes with neither a JSON answer nor a file (tests/architecture/contracts.test.ts).
  if (name === 'events') {
    responses['200'] = {
      description:
        'Server-sent events: the changes of the shop as they happen (src/client/api/live.ts reads them)',
      content: { 'text/event-stream': { schema: { type: 'string' } } },
    };
  }
  if (name === 'signOut')
    responses['200'] = { description: "better-auth's answer: the session cookie is cleared" };
  return responses;
}

function operationOf(parts: Parts, name: RouteName): Operation {
  const route: ApiRoute = apiRoutes[name];
  const contract: Contract = contracts[name];
  const schemas = routeSchemas(name);
  const byBetterAuth = route.path.startsWith('/api/auth/');
  const etag = route.reads !== undefined && route.etag !== false;
  const headers = (schemas.headers ? parametersOf(parts, schemas.headers, 'header') : []).map((header) =>
    header.name === 'Idempotency-Key' && contract.idempotent === 'header'
      ? parts.parameter('IdempotencyKey', { ...header, description: IDEMPOTENCY_NOTE.header })
      : { ...header, ...(contract.idempotent === 'body' && { description: IDEMPOTENCY_NOTE.body }) },
  );
  const parameters = [
    ...(schemas.params ? parametersOf(parts, schemas.params, 'path') : []),
    ...(schemas.querystring ? parametersOf(parts, schemas.querystring, 'query') : []),
    ...headers,
    ...(etag ? [parts.parameter('IfNoneMatch', IF_NONE_MATCH)] : []),
  ];
  const responses = answersOf(parts, name, schemas.response);
  const ok = responses['200'];
  if (etag && ok && !('$ref' in ok)) {
    const schema = { type: 'string' };
    ok.headers = { ...ok.headers, ETag: { description: "The answer's version, for If-None-Match", schema } };
    responses['304'] = { description: 'Not Modified: the answer kept is still the answer' };
  }
  const requestBody = requestBodyOf(parts, contract, schemas.body);
  // What the shop's own routes answer besides their contracts: the schemas' 400, the session guard's 401.
  if (!byBetterAuth) {
    if ((parameters.length > 0 || requestBody) && !responses['400']) responses['400'] = parts.refusal('400');
    if (!PUBLIC_ROUTES.has(name) && !responses['401']) {
      responses['401'] = parts.refusal(
        '401',
        'Unauthorized: no session (`UNAUTHORIZED`, "Du er ikke logget ind")',
      );
    }
  }
  return {
    operationId: name,
    tags: [tagOf(route.path)],
    ...(byBetterAuth && {
      description:
        'Answered by better-auth, which checks its own input: described by the fields the app sends and reads.',
    }),
    ...(PUBLIC_ROUTES.has(name) && { security: [] }),
    ...(parameters.length > 0 && { parameters }),
    ...(requestBody && { requestBody }),
    responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b))),
  };
}

/** Builds the document from the route table and the contracts (GET /api/openapi.json keeps it, below). */
export function buildOpenApiDocument(): OpenApiDocument {
  const parts = new Parts();
  const paths: OpenApiDocument['paths'] = {};
  for (const name of Object.keys(apiRoutes) as RouteName[]) {
    const route = apiRoutes[name];
    const path = openApiPath(route.path);
    try {
      paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationOf(parts, name) };
    } catch (error) {
      throw new Error(`OpenAPI: route ${name}: ${(error as Error).message}`, { cause: error });
    }
  }
  const tags = new Set(Object.values(paths).flatMap((path) => Object.values(path).flatMap((op) => op.tags)));
  return parts.writer.finish({
    openapi: '3.1.0',
    info: { title: 'Nålepuden API', version: packageJson.version, description: DESCRIPTION },
    security: [{ sessionCookie: [] }],
    tags: [...tags].map((tag) => ({ name: tag })),
    paths,
    components: {
      securitySchemes: {
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: `Set by POST /api/auth/sign-in/email; called \`__Secure-${SESSION_COOKIE}\` when PUBLIC_URL is https`,
        },
      },
      parameters: parts.parameters,
      responses: parts.responses,
    },
  });
}

let built: { document: OpenApiDocument; text: string } | undefined;

/** The document and its JSON text, made at the first call and kept for the process (the contracts never change). */
export function openApiDocument(): { document: OpenApiDocument; text: string } {
  if (!built) {
    const document = buildOpenApiDocument();
    built = { document, text: JSON.stringify(document) };
  }
  return built;
}
