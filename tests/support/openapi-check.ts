/**
 * What tests/api/openapi.test.ts holds the OpenAPI document to (decision 0020): every route of the table is in it
 * under its path and method, and each of its schemas there is what zod itself writes of the route's own schema
 * (z.toJSONSchema of it alone, every part in place), so a document made from anything else fails. Every $ref
 * resolves, and every {param} of a path is declared. The checker is fed violations in the test.
 */
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import type { RouteSchemas } from '../../src/server/http/serve.ts';
import type { Contract } from '../../src/shared/api/contracts.ts';

type Json = { [key: string]: unknown };

/** One route as the checker sees it: the table's half, the contract and the schemas serve() uses. */
export type CheckedRoute = {
  name: string;
  method: string;
  path: string;
  contract: Contract;
  schemas: RouteSchemas;
};

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** zod's own JSON Schema of `schema` alone; an answer whose output cannot be written is read by its input. */
export function zodJson(schema: z.ZodType, io: 'input' | 'output'): Json {
  let json: Json;
  try {
    json = z.toJSONSchema(schema, { io }) as Json;
  } catch (error) {
    if (io === 'input') throw error;
    json = z.toJSONSchema(schema, { io: 'input' }) as Json;
  }
  const { $schema: _dialect, ...rest } = json;
  return inlined(rest, rest, new Set()) as Json;
}

/** The part of `document` a local reference points at ('#/components/schemas/Order'), or undefined. */
function pointed(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let at: unknown = document;
  for (const part of ref.slice(2).split('/')) {
    const key = part.replaceAll('~1', '/').replaceAll('~0', '~');
    at = at !== null && typeof at === 'object' ? (at as Json)[key] : undefined;
  }
  return at;
}

/**
 * `value` with every reference replaced by what it points at, recursively (a reference's siblings, such as a
 * field's `default` beside its named schema, kept beside it); a broken one is noted in `broken`.
 */
export function inlined(
  document: unknown,
  value: unknown,
  broken: Set<string>,
  trail: string[] = [],
): unknown {
  if (Array.isArray(value)) return value.map((item) => inlined(document, item, broken, trail));
  if (value === null || typeof value !== 'object') return value;
  const { $ref: ref, ...siblings } = value as Json;
  const rest = Object.fromEntries(
    Object.entries(siblings).map(([key, child]) => [key, inlined(document, child, broken, trail)]),
  );
  if (typeof ref !== 'string') return canonical(rest);
  const target = pointed(document, ref);
  if (target === undefined || trail.includes(ref)) {
    broken.add(ref);
    return rest;
  }
  return canonical({ ...(inlined(document, target, broken, [...trail, ref]) as Json), ...rest });
}

/**
 * One way of writing "one of these types": zod writes `type: ['string', 'null']` where a nullable field is
 * written in place, and `anyOf: [{ $ref }, { type: 'null' }]` where its schema has a name.
 */
function canonical(schema: Json): Json {
  const { anyOf, ...rest } = schema;
  const bare = (member: unknown) =>
    member !== null && typeof member === 'object' && Object.keys(member).join() === 'type';
  if (!Array.isArray(anyOf) || !anyOf.every(bare) || 'type' in rest) return schema;
  return { ...rest, type: anyOf.flatMap((member: Json) => member.type) };
}

type Parameter = { name: string; in: string; required?: boolean; schema?: unknown };

export function documentProblems(document: Json, routes: readonly CheckedRoute[]): string[] {
  const problems: string[] = [];
  const broken = new Set<string>();
  const resolve = <T>(value: unknown) => inlined(document, value, broken) as T;
  const paths = (document.paths ?? {}) as Record<string, Record<string, Json>>;
  const seen = new Set<string>();
  for (const route of routes) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    const method = route.method.toLowerCase();
    const operation = resolve<Json | undefined>(paths[path]?.[method]);
    const at = `${route.name} (${route.method} ${route.path})`;
    if (!operation) {
      problems.push(`${at}: not in the document`);
      continue;
    }
    seen.add(`${method} ${path}`);
    if (operation.operationId !== route.name)
      problems.push(`${at}: operationId ${String(operation.operationId)}`);
    const parameters = (operation.parameters ?? []) as Parameter[];
    const declared = (place: string) => parameters.filter((parameter) => parameter.in === place);
    const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
    const pathParams = declared('path')
      .map((parameter) => parameter.name)
      .sort();
    if (!isDeepStrictEqual(inPath, pathParams)) problems.push(`${at}: path params ${pathParams.join()}`);
    const places = [
      ['path', route.schemas.params],
      ['query', route.schemas.querystring],
      ['header', route.schemas.headers],
    ] as const;
    for (const [place, schema] of places) {
      const object = schema ? zodJson(schema, 'input') : { properties: {} };
      const properties = (object.properties ?? {}) as Record<string, Json>;
      const required = new Set((object.required as string[] | undefined) ?? []);
      for (const [name, property] of Object.entries(properties)) {
        const parameter = declared(place).find((p) => p.name.toLowerCase() === name.toLowerCase());
        if (!parameter) problems.push(`${at}: no ${place} parameter ${name}`);
        else if (!isDeepStrictEqual(parameter.schema, property))
          problems.push(`${at}: ${place} ${name} differs`);
        else if (place !== 'header' && parameter.required !== (place === 'path' || required.has(name))) {
          problems.push(`${at}: ${place} ${name} required ${parameter.required}`);
        }
      }
      const named = new Set(Object.keys(properties).map((name) => name.toLowerCase()));
      for (const parameter of declared(place)) {
        if (place !== 'header' && !named.has(parameter.name.toLowerCase())) {
          problems.push(`${at}: ${place} parameter ${parameter.name} is not in the schema`);
        }
      }
    }
    const body = operation.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined;
    const types = Object.keys(body?.content ?? {});
    const expectedTypes = route.schemas.body
      ? ['application/json']
      : route.contract.upload === 'form-data'
        ? ['multipart/form-data']
        : route.contract.upload === 'bytes'
          ? ['application/zip']
          : [];
    if (!isDeepStrictEqual(types, expectedTypes))
      problems.push(`${at}: request body as ${types.join() || 'none'}`);
    if (
      route.schemas.body &&
      !isDeepStrictEqual(body?.content?.['application/json']?.schema, zodJson(route.schemas.body, 'input'))
    ) {
      problems.push(`${at}: the body differs`);
    }
    const responses = (operation.responses ?? {}) as Record<
      string,
      { content?: Record<string, { schema?: unknown }> }
    >;
    for (const [status, schema] of Object.entries(route.schemas.response ?? {})) {
      const response = responses[status];
      if (!response) problems.push(`${at}: no ${status} answer`);
      else if (schema instanceof z.ZodNull) {
        if (response.content) problems.push(`${at}: a ${status} with a body`);
      } else if (
        !isDeepStrictEqual(response.content?.['application/json']?.schema, zodJson(schema, 'output'))
      ) {
        problems.push(`${at}: the ${status} answer differs`);
      }
    }
    if (route.contract.file && !responses['200']?.content) problems.push(`${at}: the file is not described`);
    const idempotencyKey = declared('header').some((parameter) => parameter.name === 'Idempotency-Key');
    if (idempotencyKey !== Boolean(route.contract.idempotent))
      problems.push(`${at}: Idempotency-Key ${idempotencyKey}`);
  }
  for (const [path, item] of Object.entries(paths)) {
    for (const method of Object.keys(item).filter((key) => METHODS.has(key))) {
      if (!seen.has(`${method} ${path}`))
        problems.push(`${method.toUpperCase()} ${path}: not in the route table`);
    }
  }
  // References the routes' walk did not reach (components referring to each other) are resolved too.
  inlined(document, document, broken);
  for (const ref of broken) problems.push(`${ref}: does not resolve`);
  return problems;
}
