import { describe, expect, it } from 'vitest';
import { orderStatusSchema, orderUpdateSchema } from './order.ts';

describe('orderUpdateSchema', () => {
  it('accepts a status, the home-delivery switch, or both', () => {
    expect(orderUpdateSchema.parse({ status: 'paid' })).toEqual({ status: 'paid' });
    expect(orderUpdateSchema.parse({ homeDelivery: true })).toEqual({ homeDelivery: true });
    expect(orderUpdateSchema.parse({ status: 'shipped', homeDelivery: false })).toEqual({
      status: 'shipped',
      homeDelivery: false,
    });
    expect(orderUpdateSchema.parse({})).toEqual({});
  });

  it('refuses unknown statuses in Danish', () => {
    const result = orderUpdateSchema.safeParse({ status: 'lost' });
    expect(result.error?.issues[0]?.message).toBe('Ugyldig værdi');
    expect(orderUpdateSchema.safeParse({ homeDelivery: 'ja' }).error?.issues[0]?.message).toBe(
      'Vælg ja eller nej',
    );
  });

  it('knows all five statuses', () => {
    for (const status of ['active', 'invoiced', 'paid', 'packed', 'shipped']) {
      expect(orderStatusSchema.parse(status)).toBe(status);
    }
  });
});
