/**
 * The layers of docs/architecture.md as rules over import statements. Pure: takes the files' paths and
 * sources, returns the violations, so a test can feed it a deliberate violation and see it caught.
 */
import path from 'node:path';

export type SourceFile = { path: string; source: string };
export type Violation = { file: string; imports: string; rule: string };

const IMPORT = /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/g;
const DYNAMIC = /import\(\s*['"]([^'"]+)['"]\s*\)/g;

type ImportRef = { target: string; typeOnly: boolean; dynamic: boolean };

/** The imports of one file, resolved to repository paths ('src/server/beads/beads.service.ts') or package names. */
export function importsOf(file: SourceFile): ImportRef[] {
  const refs: ImportRef[] = [];
  const resolve = (spec: string) =>
    spec.startsWith('.') ? path.posix.normalize(path.posix.join(path.posix.dirname(file.path), spec)) : spec;
  for (const match of file.source.matchAll(IMPORT)) {
    // `import { type A, type B }` is type-only too, even without the leading `type`.
    const names = /\{([^}]*)\}/.exec(match[0])?.[1];
    const allTypes = (names ?? '_')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean)
      .every((name) => name.startsWith('type '));
    refs.push({
      target: resolve(match[3] ?? ''),
      typeOnly: Boolean(match[2]) || (allTypes && !/import\s+\w+\s*,/.test(match[0])),
      dynamic: false,
    });
  }
  for (const match of file.source.matchAll(DYNAMIC)) {
    refs.push({ target: resolve(match[1] ?? ''), typeOnly: false, dynamic: true });
  }
  return refs;
}

const serverModule = (p: string) => /^src\/server\/([^/]+)\//.exec(p)?.[1];
const clientFeature = (p: string) => /^src\/client\/features\/([^/]+)\//.exec(p)?.[1];
const isTest = (p: string) => /\.test\.tsx?$/.test(p);

/** Every rule, in words (docs/architecture.md says why). */
export const RULES = {
  sharedIsPure: 'src/shared imports nothing from src/client or src/server',
  clientServerApart:
    "src/client and src/server never import each other (one crossing: the server's first screen loads the client's renderer, decision 0014)",
  otherModulesRepository: "a server module calls another module's service, never its repository",
  servicesSpeakNoHttp:
    'services throw domain errors and import nothing from src/server/http, Fastify or its plugins',
  idempotencyByConfig:
    'route files import nothing from src/server/idempotency: an idempotent POST says so in its config (http/idempotent-routes.ts)',
  kyselyInRepositories:
    "Kysely queries live in *.repository.ts (and db/); other server code imports only Kysely's types",
  featuresApart:
    "a client feature does not import another feature's files; pages (app/routes) compose features",
  componentsGeneric: 'src/client/components holds generic widgets: no API calls, queries, features or pages',
  apiModulesBelow: 'src/client/api modules import no features, components or pages',
  cacheInApiModules:
    'query keys and cache refreshes (queryKey:, invalidateQueries, setQueryData) are written only in src/client/api and src/client/lib',
} as const;

/**
 * The one crossing (decision 0014): the server's first screen loads the client's renderer, which runs the
 * app's own components on the server.
 */
export const FIRST_HTML = {
  server: 'src/server/first-html/first-html.ts',
  renderer: 'src/client/server-render/first-screen.tsx',
} as const;

const CACHE_CODE = /\bqueryKey\s*:|\.invalidateQueries\(|\.setQueryData\(|\.setQueriesData\(/;

export function checkImports(files: readonly SourceFile[]): Violation[] {
  const violations: Violation[] = [];
  for (const file of files) {
    if (
      file.path.startsWith('src/client/') &&
      !/^src\/client\/(api|lib)\//.test(file.path) &&
      !isTest(file.path) &&
      CACHE_CODE.test(file.source)
    ) {
      violations.push({ file: file.path, imports: '(cache code)', rule: RULES.cacheInApiModules });
    }
    const add = (imports: string, rule: keyof typeof RULES) =>
      violations.push({ file: file.path, imports, rule: RULES[rule] });
    for (const { target, typeOnly } of importsOf(file)) {
      if (file.path.startsWith('src/shared/') && /^src\/(client|server)\//.test(target))
        add(target, 'sharedIsPure');
      if (file.path.startsWith('src/client/') && target.startsWith('src/server/'))
        add(target, 'clientServerApart');
      if (
        file.path.startsWith('src/server/') &&
        target.startsWith('src/client/') &&
        !(file.path === FIRST_HTML.server && target === FIRST_HTML.renderer)
      )
        add(target, 'clientServerApart');

      const fromModule = serverModule(file.path);
      const toModule = serverModule(target);
      if (
        fromModule &&
        toModule &&
        fromModule !== toModule &&
        target.endsWith('.repository.ts') &&
        !isTest(file.path)
      ) {
        add(target, 'otherModulesRepository');
      }
      if (
        file.path.endsWith('.service.ts') &&
        (target.startsWith('src/server/http/') || /^(fastify|@fastify\/|fastify-)/.test(target))
      )
        add(target, 'servicesSpeakNoHttp');
      if (file.path.endsWith('.routes.ts') && target.startsWith('src/server/idempotency/'))
        add(target, 'idempotencyByConfig');
      if (
        file.path.startsWith('src/server/') &&
        target === 'kysely' &&
        !typeOnly &&
        !file.path.endsWith('.repository.ts') &&
        !file.path.startsWith('src/server/db/') &&
        !isTest(file.path)
      ) {
        add(target, 'kyselyInRepositories');
      }

      const fromFeature = clientFeature(file.path);
      const toFeature = clientFeature(target);
      if (fromFeature && toFeature && fromFeature !== toFeature) add(target, 'featuresApart');
      if (
        file.path.startsWith('src/client/components/') &&
        (/^src\/client\/(api|features|app)\//.test(target) ||
          target === 'src/client/lib/api.ts' ||
          target === 'src/client/lib/query-keys.ts' ||
          target === '@tanstack/react-query')
      ) {
        add(target, 'componentsGeneric');
      }
      if (
        file.path.startsWith('src/client/api/') &&
        /^src\/client\/(features|components|app)\//.test(target)
      ) {
        add(target, 'apiModulesBelow');
      }
    }
  }
  return violations;
}

/** The client's entry and everything it imports statically (what the login page loads). */
export const CLIENT_ENTRY = 'src/client/main.tsx';

/**
 * Files the entry reaches through static, non-type imports that pull in zod (a zod schema module or zod
 * itself): the login page must not carry a validation library. Each is named with its path.
 */
export function validationInFirstLoad(files: readonly SourceFile[]): string[] {
  return packagesReached(
    files,
    CLIENT_ENTRY,
    (target) => target === 'zod' || target.startsWith('zod/') || target === '@hookform/resolvers/zod',
  );
}

/** The login page: the first thing a phone loads is plain DOM. */
export const LOGIN_PAGE = 'src/client/login/login-page.ts';
/** The page's first module, which chooses between the login page and the app (both imported dynamically). */
export const PAGE_ENTRY = 'src/client/entry.ts';

const FRAMEWORK =
  /^(react|react-dom|react-router|@mui\/|@emotion\/|@tanstack\/|sonner|zod|react-hook-form|idb-keyval)/;

/** Packages of the app's framework that the login page or the page's entry reaches through static imports. */
export function frameworkOnLoginPage(files: readonly SourceFile[]): string[] {
  return [PAGE_ENTRY, LOGIN_PAGE].flatMap((start) =>
    packagesReached(files, start, (target) => FRAMEWORK.test(target)),
  );
}

/** Each static, non-type import chain from `start` to a package that `unwanted` names, as a path. */
function packagesReached(
  files: readonly SourceFile[],
  start: string,
  unwanted: (target: string) => boolean,
): string[] {
  const byPath = new Map(files.map((file) => [file.path, file]));
  const seen = new Set<string>();
  const offenders: string[] = [];
  const visit = (filePath: string, trail: string[]) => {
    if (seen.has(filePath)) return;
    seen.add(filePath);
    const file = byPath.get(filePath);
    if (!file) return;
    for (const ref of importsOf(file)) {
      if (ref.typeOnly || ref.dynamic) continue;
      if (unwanted(ref.target)) {
        offenders.push([...trail, filePath, ref.target].join(' → '));
        continue;
      }
      if (ref.target.startsWith('src/')) visit(ref.target, [...trail, filePath]);
    }
  };
  visit(start, []);
  return offenders;
}

const COMMENT_LINE = /^\s*(?:\*|\/\/|\/\*)/;
/** A string or template literal; a template may span lines, a quoted string does not. */
const LITERAL = /'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g;
/** An API path: '/api/…' (or '/api', '/api?…'), also behind an origin or a template's `${…}`. */
const API_PATH = /^(?:[a-z]+:\/\/[^/]*)?\/api(?:[/?]|$)/;

/**
 * The API paths written in client code: the client calls through the route table
 * (src/shared/api/routes.ts: `call(apiRoutes.x, …)`, `urlOf(apiRoutes.x, …)`), so no non-test file under
 * src/client spells an '/api/…' path in a string or template literal. Comment lines (trimmed start `*`, `//`
 * or `/*`) may name one. Returns each as 'file:line: literal'.
 */
export function apiPathsInClient(files: readonly SourceFile[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    if (!file.path.startsWith('src/client/') || isTest(file.path)) continue;
    const code = file.source
      .split('\n')
      .map((line) => (COMMENT_LINE.test(line) ? '' : line))
      .join('\n');
    for (const match of code.matchAll(LITERAL)) {
      const text = match[0].slice(1, -1).replace(/\$\{[^}]*\}/g, '');
      if (!API_PATH.test(text)) continue;
      const line = code.slice(0, match.index).split('\n').length;
      found.push(`${file.path}:${line}: ${match[0]}`);
    }
  }
  return found;
}

/** The Fastify methods that register a route. */
const ROUTE_METHODS = 'get|post|put|patch|delete|head|options|all|route';
/** The database reached around serve(): the old context's `ctx.db`, a request's `.db`, or its accessor. */
const DB_AROUND_SERVE = /\b(?:ctx|context|request|req)\.db\b|\brequestDb\b/g;
/** The tables an answer reads are said once, in the route table (`reads`); serve() makes the ETag from them. */
const OWN_VERSIONS = /\bversionedBy\b/g;

/**
 * What a route file (src/server/**\/*.routes.ts) must not do: reach the database other than as serve()'s `db`
 * (`ctx.db`, `request.db`, `requestDb`), or register a route without serve() (`app.get(…)`, `app.route(…)`,
 * on `app`, `fastify` or the name the file's plugin gives its instance), or name its own ETag tables
 * (`versionedBy`: the route table's `reads` say them). Comment lines are skipped. Returns
 * each as 'file:line: code'.
 */
export function routeFileBreaches(files: readonly SourceFile[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    if (!/^src\/server\/.*\.routes\.ts$/.test(file.path)) continue;
    const lines = file.source.split('\n').map((line) => (COMMENT_LINE.test(line) ? '' : line));
    const code = lines.join('\n');
    const instances = new Set(['app', 'fastify']);
    for (const match of code.matchAll(/\basync\s*(?:function\s*\w*\s*)?\(\s*(\w+)\s*[,:)]/g)) {
      if (match[1]) instances.add(match[1]);
    }
    const direct = new RegExp(
      `\\b(?:${[...instances].join('|')})\\s*\\.\\s*(?:${ROUTE_METHODS})\\s*\\(`,
      'g',
    );
    for (const pattern of [DB_AROUND_SERVE, direct, OWN_VERSIONS]) {
      for (const match of code.matchAll(pattern)) {
        const line = code.slice(0, match.index).split('\n').length;
        found.push(`${file.path}:${line}: ${match[0]}`);
      }
    }
  }
  return found.sort();
}
