import { describe, expect, it } from 'vitest';
import { pagePaths, pathOf, screenAt, screenList, screens, startScreen } from './screens.ts';

describe('the table of screens', () => {
  it('holds the app’s screens at the addresses they have always had (a bookmark keeps working)', () => {
    // Every address the app has had is still its screen's; a new screen adds one (and needs no line here).
    const paths = new Map(screenList.map((screen) => [screen.name, screen.path]));
    const known = [
      ['pillow', '/pillow'],
      ['customers', '/customers'],
      ['archivedCustomers', '/customers/archived'],
      ['customer', '/customers/:id'],
      ['beads', '/needles'],
      ['bead', '/needles/:id'],
      ['orders', '/orders'],
      ['todos', '/todos'],
      ['settings', '/settings'],
      ['packing', '/packing'],
      ['reminders', '/reminders'],
      ['sales', '/sales'],
      ['books', '/books'],
      ['stockCount', '/stocktake'],
    ] as const;
    for (const [name, path] of known) expect(paths.get(name), name).toBe(path);
    expect(startScreen.path).toBe('/pillow');
  });

  it('finds each screen at its own path: no earlier path hides a later one', () => {
    for (const screen of screenList) {
      const at = pathOf(screen, { id: 'x' } as never);
      expect(screenAt(at)?.name).toBe(screen.name);
    }
    expect(screenAt('/customers/archived')?.name).toBe('archivedCustomers');
    expect(screenAt('/customers/7')).toMatchObject({ name: 'customer', params: { id: '7' } });
  });

  it('matches whole paths only, and decodes parameters', () => {
    expect(screenAt('/customers/a%20b')?.params).toEqual({ id: 'a b' });
    expect(screenAt('/customers/1/more')).toBeNull();
    expect(screenAt('/pillowcase')).toBeNull();
    expect(screenAt('/api/pillow')).toBeNull();
    expect(screenAt('/')).toBeNull();
    expect(screenAt('/login')).toBeNull();
  });

  it('finds a screen by the same rules as the router and the boot script (a trailing slash, a broken escape)', () => {
    expect(screenAt('/customers/')?.name).toBe('customers');
    expect(screenAt('/needles/b1/x')).toBeNull();
    expect(screenAt('/customers/%E0%A4%A')).toBeNull();
  });

  it('makes links with encoded parameters and a query string', () => {
    expect(pathOf(screens.customer, { id: 'Åse 1/2' })).toBe('/customers/%C3%85se%201%2F2');
    expect(pathOf(screens.customer, { id: 'c1' }, { rediger: 'adresse' })).toBe(
      '/customers/c1?rediger=adresse',
    );
    expect(pathOf(screens.sales, undefined, { year: '2025' })).toBe('/sales?year=2025');
    expect(pathOf(screens.orders)).toBe('/orders');
    // @ts-expect-error a screen with a parameter needs it
    expect(() => pathOf(screens.bead)).toThrow('/needles/:id: id is missing');
  });

  it('has first reads only where the boot script can ask them: on paths without parameters', () => {
    for (const screen of screenList)
      if ('bootReads' in screen) expect(screen.path, screen.name).not.toContain(':');
  });

  it('renders on the server the screens it always did', () => {
    expect(screenList.filter((screen) => screen.serverRendered).map((screen) => screen.path)).toEqual([
      '/pillow',
      '/customers',
      '/needles',
      '/orders',
      '/todos',
      '/packing',
      '/sales',
    ]);
  });

  it('names every path the server answers with the app’s page', () => {
    expect(pagePaths()).toEqual(['/', '/login', '/setup', ...screenList.map((screen) => screen.path)]);
  });

  it('gives the menu its entries in a distinct order each', () => {
    const orders = screenList.flatMap((screen) => (screen.nav ? [screen.nav.order] : []));
    expect(orders).toHaveLength(11);
    expect(new Set(orders).size).toBe(orders.length);
  });
});
