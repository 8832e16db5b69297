/**
 * Ways of spelling one API path that a router may decode or normalise to the same route: used by
 * the route sweep test and by scripts/probe-security.ts against a running server.
 */
export function spellings(canonical: string): Array<{ name: string; url: string }> {
  const rest = canonical.slice('/api'.length); // '/customers/…'
  const [, firstSegment = '', tail = ''] = /^\/([^/]*)(.*)$/.exec(rest) ?? [];
  const encodedFirst = firstSegment
    ? `%${firstSegment.charCodeAt(0).toString(16)}${firstSegment.slice(1)}`
    : firstSegment;
  return [
    { name: '%61 for a', url: `/%61pi${rest}` },
    { name: '%69 for i', url: `/ap%69${rest}` },
    { name: 'upper case', url: `/API${rest}` },
    { name: '%41 and upper case', url: `/%41PI${rest}` },
    { name: 'encoded resource letter', url: `/api/${encodedFirst}${tail}` },
    { name: '%2F for the slash', url: `/api%2F${firstSegment}${tail}` },
    { name: 'double slash', url: `//api${rest}` },
    { name: 'dot segment first', url: `/./api${rest}` },
    { name: 'dot segment inside', url: `/api/.${rest}` },
    { name: 'trailing slash', url: `${canonical}/` },
    { name: 'double inner slash', url: `/api/${rest}` },
  ];
}
