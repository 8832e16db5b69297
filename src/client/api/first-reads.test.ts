import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRoutes } from '../../shared/api/routes.ts';
import { call } from '../lib/api.ts';
import { prefetchFirstReads } from './boot.ts';
import { FIRST_READ_URLS, SESSION_URL } from './first-reads.ts';

const json = (value: unknown) =>
  new Response(JSON.stringify(value), { status: 200, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  delete (globalThis as { naalepudenEarly?: unknown }).naalepudenEarly;
});

describe('the first reads the boot script requests early', () => {
  it.each(Object.entries(FIRST_READ_URLS))(
    'are exactly what the app asks first at %s',
    async (path, urls) => {
      const fetchMock = vi.fn(async () => json([]));
      vi.stubGlobal('fetch', fetchMock);
      prefetchFirstReads(new QueryClient(), path);
      await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(urls.length));
      expect(fetchMock.mock.calls.map((args) => (args as unknown[])[0])).toEqual([...urls]);
    },
  );

  it('are the URLs the boot script has always asked (built from the route table)', () => {
    expect(SESSION_URL).toBe('/api/auth/get-session');
    expect(FIRST_READ_URLS).toEqual({
      '/pillow': ['/api/pillow'],
      '/customers': ['/api/customers'],
      '/needles': ['/api/beads'],
      '/orders': ['/api/orders'],
      '/todos': ['/api/todos/first?limit=40'],
      '/packing': ['/api/packing/pick-list', '/api/packing/orders'],
    });
  });

  it('are taken over once; the next read of the URL goes to the server', async () => {
    const fetchMock = vi.fn(async () => json({ from: 'server' }));
    vi.stubGlobal('fetch', fetchMock);
    (globalThis as { naalepudenEarly?: unknown }).naalepudenEarly = {
      '/api/pillow': Promise.resolve(json({ from: 'boot' })),
    };
    expect(await call(apiRoutes.pillow)).toEqual({ from: 'boot' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await call(apiRoutes.pillow)).toEqual({ from: 'server' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('are asked again when the early request failed', async () => {
    const fetchMock = vi.fn(async () => json({ from: 'server' }));
    vi.stubGlobal('fetch', fetchMock);
    (globalThis as { naalepudenEarly?: unknown }).naalepudenEarly = {
      '/api/beads': Promise.resolve(undefined),
    };
    expect(await call(apiRoutes.beads)).toEqual({ from: 'server' });
  });

  it('are not taken for another URL', async () => {
    const fetchMock = vi.fn(async () => json({ from: 'server' }));
    vi.stubGlobal('fetch', fetchMock);
    (globalThis as { naalepudenEarly?: unknown }).naalepudenEarly = {
      '/api/beads': Promise.resolve(json({ from: 'boot' })),
    };
    expect(await call(apiRoutes.customers)).toEqual({ from: 'server' });
  });
});
