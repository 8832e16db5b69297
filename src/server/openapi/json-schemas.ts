/**
 * The zod schemas as JSON Schema 2020-12, OpenAPI 3.1's dialect, written by zod's own z.toJSONSchema
 * (decision 0020). A request is described by its schemas' input side, what goes over the wire before zod's
 * transforms, coercions and defaults (`z.coerce.number()` is a number in the URL, a default makes a field
 * optional); an answer by its output side, what the client gets. An answer whose output JSON Schema cannot say
 * (a transform) falls back to its input; a request schema that cannot be written at all stops the document, so a
 * test fails instead of a route going undescribed. Refinements (`.refine`, `.superRefine`) are not in JSON
 * Schema: the route's Danish 400 says what failed.
 *
 * A schema with a name (schema-names.ts) is written once under components.schemas; zod puts it in `$defs`, and
 * `finish` moves it there. One name may be written on both sides: when the two differ (an answer's objects say
 * additionalProperties: false, a body's do not), the input side is called `<Name>Input`.
 */
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';

export type JsonSchema = { [key: string]: unknown };
export type Io = 'input' | 'output';

const COMPONENTS = '#/components/schemas/';
/** Marks a reference to a name's input side until `finish` knows what that side is called. */
const INPUT_MARK = '@input';

/** `value` with every `$ref` string mapped by `ref` (the JSON is plain data: objects, arrays, scalars). */
export function mapRefs<T>(value: T, ref: (target: string) => string): T {
  if (Array.isArray(value)) return value.map((item) => mapRefs(item, ref)) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [
      key,
      key === '$ref' && typeof child === 'string' ? ref(child) : mapRefs(child, ref),
    ]),
  ) as T;
}

/** Every `$ref` string in `value`. */
export function refsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') found.add(child);
      else refsIn(child, found);
    }
  }
  return found;
}

const nameOf = (ref: string) => ref.slice(COMPONENTS.length);

export class SchemaWriter {
  private readonly defs: Record<Io, Map<string, JsonSchema>> = { input: new Map(), output: new Map() };
  /** Each schema is written once per side: the refusal and the order are held by dozens of routes. */
  private readonly written: Record<Io, WeakMap<z.ZodType, JsonSchema>> = {
    input: new WeakMap(),
    output: new WeakMap(),
  };

  constructor(private readonly names: z.core.$ZodRegistry<{ id: string }>) {}

  /** `schema`'s `io` side, its named parts as references to components.schemas (resolved by `finish`). */
  write(schema: z.ZodType, io: Io): JsonSchema {
    const known = this.written[io].get(schema);
    if (known) return known;
    const { json, side } = this.convert(schema, io);
    const { $schema: _dialect, $defs, ...root } = json as JsonSchema & { $defs?: Record<string, JsonSchema> };
    const ref = (target: string) => {
      if (!target.startsWith('#/$defs/')) throw new Error(`OpenAPI: a reference zod did not name: ${target}`);
      const name = target.slice('#/$defs/'.length);
      return `${COMPONENTS}${name}${side === 'input' ? INPUT_MARK : ''}`;
    };
    for (const [name, def] of Object.entries($defs ?? {})) {
      // zod names a recursive part it has no name for `__schema0`, in every schema anew: give it a name.
      if (name.startsWith('__schema')) {
        throw new Error('OpenAPI: a recursive schema needs a name (export it from src/shared/schemas)');
      }
      const written = mapRefs(def, ref);
      const before = this.defs[side].get(name);
      if (before && !isDeepStrictEqual(before, written)) throw new Error(`OpenAPI: ${name} is written twice`);
      this.defs[side].set(name, written);
    }
    const result = mapRefs(root, ref);
    this.written[io].set(schema, result);
    return result;
  }

  /** The object a schema written by `write` describes, through its reference when it has a name. */
  objectOf(json: JsonSchema): JsonSchema {
    const ref = json.$ref;
    if (typeof ref !== 'string' || Object.keys(json).length !== 1) return json;
    const name = nameOf(ref);
    const side: Io = name.endsWith(INPUT_MARK) ? 'input' : 'output';
    const def = this.defs[side].get(name.replace(INPUT_MARK, ''));
    if (!def) throw new Error(`OpenAPI: ${ref} was not written`);
    return def;
  }

  /**
   * The document with its schemas in components.schemas (only those it refers to) and every reference
   * pointing at them.
   */
  finish<D extends { components?: JsonSchema }>(document: D): D {
    const { input, output } = this.defs;
    const base = (ref: string) => nameOf(ref).replace(INPUT_MARK, '');
    // A name keeps one component when both sides are written alike and so is every name its input refers to.
    const alike = new Set(
      [...input.keys()].filter(
        (name) => output.has(name) && isDeepStrictEqual(this.unmarked(input.get(name)), output.get(name)),
      ),
    );
    const inputName = (name: string) => (alike.has(name) || !output.has(name) ? name : `${name}Input`);
    for (let changed = true; changed; ) {
      changed = false;
      for (const name of alike) {
        const refs = [...refsIn(input.get(name))].filter((ref) => ref.endsWith(INPUT_MARK));
        if (refs.some((ref) => inputName(base(ref)) !== base(ref))) {
          alike.delete(name);
          changed = true;
        }
      }
    }
    const final = (ref: string) => {
      if (!ref.startsWith(COMPONENTS)) return ref;
      const name = nameOf(ref);
      return name.endsWith(INPUT_MARK) ? `${COMPONENTS}${inputName(base(ref))}` : ref;
    };
    const all = new Map<string, JsonSchema>(output);
    for (const [name, def] of input) {
      const called = inputName(name);
      if (called !== name && all.has(called))
        throw new Error(`OpenAPI: two schemas would be called ${called}`);
      if (!all.has(called)) all.set(called, def);
    }
    const body = mapRefs(document, final);
    // Only the components the document refers to, following the references between them.
    const used = new Set<string>();
    const queue = [...refsIn(body)];
    for (let ref = queue.pop(); ref !== undefined; ref = queue.pop()) {
      if (!ref.startsWith(COMPONENTS) || used.has(nameOf(ref))) continue;
      used.add(nameOf(ref));
      queue.push(...refsIn(mapRefs(all.get(nameOf(ref)), final)));
    }
    const schemas = Object.fromEntries(
      [...used].sort().map((name) => [name, mapRefs(all.get(name) as JsonSchema, final)]),
    );
    return { ...body, components: { ...body.components, schemas } };
  }

  private unmarked(json: JsonSchema | undefined): JsonSchema | undefined {
    return mapRefs(json, (ref) => ref.replace(INPUT_MARK, ''));
  }

  private convert(schema: z.ZodType, io: Io): { json: JsonSchema; side: Io } {
    const write = (side: Io) =>
      z.toJSONSchema(schema, { io: side, target: 'draft-2020-12', metadata: this.names }) as JsonSchema;
    try {
      return { json: write(io), side: io };
    } catch (error) {
      if (io === 'input') throw error;
      return { json: write('input'), side: 'input' };
    }
  }
}
