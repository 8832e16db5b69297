/**
 * The route contracts (src/shared/api/contracts.ts) against the route table (src/shared/api/routes.ts): what
 * the compiler cannot see. A params schema names exactly the path's `:names`; every write of the shop says
 * whether it is idempotent; every route answers JSON through a schema of its 2xx answer, or says it answers a
 * file; only the routes named here do neither.
 */
import { describe, expect, it } from 'vitest';
import { type Contract, contracts } from '../../src/shared/api/contracts.ts';
import { apiRoutes, type RouteName } from '../../src/shared/api/routes.ts';

const pathNames = (path: string) => [...path.matchAll(/:(\w+)/g)].map((match) => match[1]).sort();

/** Routes with neither a JSON answer nor a file: the event stream, and better-auth's sign-out. */
const NO_ANSWER: RouteName[] = ['events', 'signOut'];
/** POSTs that are not the shop's writes: better-auth's, and the one-time set-up (its own guard). */
const NOT_SHOP_WRITES = (name: RouteName) =>
  apiRoutes[name].path.startsWith('/api/auth/') || name === 'setup';

function contractProblems(
  routes: Record<string, { method: string; path: string }>,
  contractsByName: Record<string, Contract>,
  exempt: { noAnswer: string[]; notShopWrite: (name: string) => boolean },
): string[] {
  const problems = Object.keys(contractsByName)
    .filter((name) => !(name in routes))
    .map((name) => `${name}: a contract without a route`);
  for (const [name, route] of Object.entries(routes)) {
    const contract = contractsByName[name];
    if (!contract) {
      problems.push(`${name}: no contract`);
      continue;
    }
    const params = contract.params ? Object.keys(contract.params.shape).sort() : null;
    if (params && params.join() !== pathNames(route.path).join()) {
      problems.push(`${name}: params ${params.join()} ≠ path ${route.path}`);
    }
    if (route.method === 'POST' && contract.idempotent === undefined && !exempt.notShopWrite(name)) {
      problems.push(`${name}: a POST that does not say whether it is idempotent`);
    }
    const success = Object.keys(contract.answers ?? {}).some((status) => /^2\d\d$/.test(status));
    if (!success && !contract.file && !exempt.noAnswer.includes(name)) {
      problems.push(`${name}: neither a 2xx answer schema nor a file`);
    }
  }
  return problems;
}

describe('the route contracts', () => {
  it('agree with the route table', () => {
    expect(
      contractProblems(apiRoutes, contracts, {
        noAnswer: NO_ANSWER,
        notShopWrite: (name) => NOT_SHOP_WRITES(name as RouteName),
      }),
    ).toEqual([]);
  });

  it('catches deliberate violations', async () => {
    const { z } = await import('zod');
    const routes = {
      a: { method: 'GET', path: '/api/a/:id' },
      b: { method: 'POST', path: '/api/b' },
      c: { method: 'GET', path: '/api/c' },
      d: { method: 'GET', path: '/api/d' },
      e: { method: 'GET', path: '/api/e' },
    };
    const answers = { 200: z.object({}) };
    expect(
      contractProblems(
        routes,
        {
          a: { params: z.object({ photoId: z.string() }), answers },
          b: { answers },
          c: { answers: {} },
          d: {},
          f: { answers },
        },
        { noAnswer: ['d'], notShopWrite: () => false },
      ),
    ).toEqual([
      'f: a contract without a route',
      'a: params photoId ≠ path /api/a/:id',
      'b: a POST that does not say whether it is idempotent',
      'c: neither a 2xx answer schema nor a file',
      'e: no contract',
    ]);
  });
});
