import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fillPath, matchPath } from './paths.ts';

describe('paths with parameters', () => {
  it('matches static segments, :params (decoded) and *', () => {
    expect(matchPath('/customers/:id', '/customers/%C3%85se%201')).toEqual({ id: 'Åse 1' });
    expect(matchPath('/customers/archived', '/customers/archived')).toEqual({});
    expect(matchPath('/customers', '/customers/')).toEqual({});
    expect(matchPath('/customers/:id', '/customers')).toBeNull();
    expect(matchPath('/customers/:id', '/customers/1/more')).toBeNull();
    expect(matchPath('/customers/:id', '/customers/%E0%A4%A')).toBeNull();
    expect(matchPath('*', '/anything/at/all')).toEqual({});
  });

  it('fills parameters as one segment each and writes the query in order, leaving out what is undefined', () => {
    expect(fillPath('/api/orders/:id/lines/:lineId', { id: 'a/b', lineId: 'Å 1' })).toBe(
      '/api/orders/a%2Fb/lines/%C3%85%201',
    );
    expect(fillPath('/api/sales', {}, { year: 2026, q: undefined, open: true })).toBe(
      '/api/sales?year=2026&open=true',
    );
    expect(() => fillPath('/customers/:id')).toThrow('id is missing');
  });

  it('reads back every value it filled in', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (id, lineId) => {
        const path = fillPath('/orders/:id/lines/:lineId', { id, lineId });
        expect(matchPath('/orders/:id/lines/:lineId', path)).toEqual({ id, lineId });
      }),
    );
  });
});
