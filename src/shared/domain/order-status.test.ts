import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkStatusChange,
  freezesLinePrices,
  isOrderStatus,
  isReadOnly,
  ORDER_STATUS_COLORS,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type OrderStatus,
  orderSection,
  orderStatusColor,
  orderStatusLabel,
  statusChangeMessage,
} from './order-status.ts';

const anyStatus = fc.constantFrom(...ORDER_STATUSES);

describe('order statuses', () => {
  it('come in flow order', () => {
    expect(ORDER_STATUSES).toEqual(['active', 'invoiced', 'paid', 'packed', 'shipped']);
  });

  it.each([
    ['active', 'Aktiv', 'primary'],
    ['invoiced', 'Afventer betaling', 'warning'],
    ['paid', 'Skal pakkes', 'info'],
    ['packed', 'Skal sendes', 'secondary'],
    ['shipped', 'Afsendt', 'success'],
  ] as const)('%s is labelled %s with colour %s', (status, label, color) => {
    expect(orderStatusLabel(status)).toBe(label);
    expect(ORDER_STATUS_LABELS[status]).toBe(label);
    expect(orderStatusColor(status)).toBe(color);
    expect(ORDER_STATUS_COLORS[status]).toBe(color);
  });

  it('narrows unknown values', () => {
    expect(isOrderStatus('paid')).toBe(true);
    expect(isOrderStatus('Paid')).toBe(false);
    expect(isOrderStatus(undefined)).toBe(false);
  });

  it('only shipped is read-only', () => {
    expect(ORDER_STATUSES.filter(isReadOnly)).toEqual(['shipped']);
  });

  it('sorts orders into the customer page sections', () => {
    expect(ORDER_STATUSES.map(orderSection)).toEqual(['active', 'ongoing', 'ongoing', 'ongoing', 'shipped']);
  });
});

describe('statusChangeMessage', () => {
  it('uses the lower-cased label', () => {
    expect(statusChangeMessage('invoiced')).toBe('Status ændret til afventer betaling');
    expect(statusChangeMessage('active')).toBe('Status ændret til aktiv');
    expect(statusChangeMessage('shipped')).toBe('Status ændret til afsendt');
  });
});

describe('checkStatusChange', () => {
  it('refuses any change of a shipped order', () => {
    fc.assert(
      fc.property(anyStatus, fc.boolean(), (to, other) => {
        expect(checkStatusChange({ from: 'shipped', to, customerHasOtherActiveOrder: other })).toEqual({
          ok: false,
          reason: 'shipped_read_only',
        });
      }),
    );
  });

  it('refuses a second active order', () => {
    expect(checkStatusChange({ from: 'invoiced', to: 'active', customerHasOtherActiveOrder: true })).toEqual({
      ok: false,
      reason: 'active_exists',
    });
    expect(checkStatusChange({ from: 'invoiced', to: 'active', customerHasOtherActiveOrder: false })).toEqual(
      {
        ok: true,
      },
    );
  });

  it('allows every other change, also skipping steps and going back', () => {
    const cases: [OrderStatus, OrderStatus][] = [
      ['active', 'shipped'],
      ['packed', 'invoiced'],
      ['paid', 'paid'],
      ['active', 'active'],
    ];
    for (const [from, to] of cases) {
      expect(checkStatusChange({ from, to, customerHasOtherActiveOrder: false })).toEqual({ ok: true });
    }
    expect(checkStatusChange({ from: 'active', to: 'paid', customerHasOtherActiveOrder: true })).toEqual({
      ok: true,
    });
  });

  it('is refused exactly when the order is shipped or a second active order would appear', () => {
    fc.assert(
      fc.property(anyStatus, anyStatus, fc.boolean(), (from, to, other) => {
        const result = checkStatusChange({ from, to, customerHasOtherActiveOrder: other });
        expect(result.ok).toBe(from !== 'shipped' && !(to === 'active' && other));
      }),
    );
  });
});

describe('freezesLinePrices', () => {
  it('is true only when an order leaves active', () => {
    fc.assert(
      fc.property(anyStatus, anyStatus, (from, to) => {
        expect(freezesLinePrices(from, to)).toBe(from === 'active' && to !== 'active');
      }),
    );
    expect(freezesLinePrices('active', 'invoiced')).toBe(true);
    expect(freezesLinePrices('invoiced', 'active')).toBe(false);
  });
});
