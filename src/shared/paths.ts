/**
 * Paths with `:name` parameters, one set of rules for every program that reads or writes them: the API's route
 * table (`urlOf`), the table of screens (`pathOf`, `screenAt`), the app's router and the page's boot script.
 *
 * - A pattern's segments are matched one by one; empty segments do not count (`/customers/` is `/customers`).
 * - `:name` matches one whole segment, %-decoded; a broken %-escape matches nothing (the app's "Siden findes
 *   ikke"). `*` matches any path.
 * - Filling a pattern encodes each value as one segment; a missing value is a programming error.
 */

/** `{ id: string; lineId: string }` for '/api/orders/:id/lines/:lineId/packed'. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, never>;

export type QueryValue = string | number | boolean | undefined;

const segments = (path: string) => path.split('/').filter(Boolean);

/** The parameters of `pathname` under `pattern`, or null when it does not match. */
export function matchPath<P extends string>(pattern: P, pathname: string): PathParams<P> | null {
  if (pattern === '*') return {} as PathParams<P>;
  const want = segments(pattern);
  const have = segments(pathname);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const segment = want[i] as string;
    const actual = have[i] as string;
    if (segment.startsWith(':')) {
      try {
        params[segment.slice(1)] = decodeURIComponent(actual);
      } catch {
        return null;
      }
    } else if (segment !== actual) return null;
  }
  return params as PathParams<P>;
}

/**
 * A pattern with its parameters filled in (each encoded as one segment) and a query string of the values that
 * are not undefined, in the order written.
 */
export function fillPath(
  pattern: string,
  params: Readonly<Record<string, string>> = {},
  query: Readonly<Record<string, QueryValue>> = {},
): string {
  const path = pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${pattern}: ${name} is missing`);
    return encodeURIComponent(value);
  });
  const pairs = Object.entries(query).flatMap(([key, value]) =>
    value === undefined ? [] : [[key, String(value)] as [string, string]],
  );
  return pairs.length === 0 ? path : `${path}?${new URLSearchParams(pairs).toString()}`;
}
