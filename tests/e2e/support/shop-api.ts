import { expect, type Page } from '@playwright/test';
import type { Bead } from '../../../src/shared/schemas/api-beads.ts';
import type { Customer } from '../../../src/shared/schemas/api-customers.ts';
import type { Order } from '../../../src/shared/schemas/api-orders.ts';
import type { CreateTodoResult } from '../../../src/shared/schemas/api-todos.ts';
import type { Api } from './fixtures.ts';

/** A short random tag, so names stay unique among the tests that share a worker's database. */
export const uniqueTag = () => Math.random().toString(36).slice(2, 8);

/** Arranges shop data through the JSON API, as the screens would. */
export function shopApi(api: Api) {
  return {
    customer: (name: string) => api<Customer>('POST', '/api/customers', { name }),
    bead: (name: string, priceKr: number, offer = false) =>
      api<Bead>('POST', '/api/beads', {
        name,
        priceOre: priceKr * 100,
        saleType: offer ? '2 for 125' : null,
      }),
    /**
     * A bead waiting for its price (0 kr): only the todo dialog makes one (POST /api/beads refuses 0 kr), so
     * it is made that way and its todo removed again.
     */
    unpricedBead: async (name: string) => {
      const created = await api<CreateTodoResult>('POST', '/api/todos', {
        amount: 1,
        customerId: null,
        bead: { kind: 'new', name },
      });
      await api('DELETE', `/api/todos/${created.todo.id}`);
      return created.todo.bead;
    },
    deleteBead: (id: string) => api('DELETE', `/api/beads/${id}`),
    beadLine: (customerId: string, beadId: string) =>
      api<Order>('POST', `/api/customers/${customerId}/lines`, { kind: 'bead', beadId }),
    freeLine: (customerId: string, text: string, priceKr: number) =>
      api<Order>('POST', `/api/customers/${customerId}/lines`, {
        kind: 'free',
        text,
        priceOre: priceKr * 100,
      }),
    setStatus: (orderId: string, status: Order['status']) =>
      api<Order>('PATCH', `/api/orders/${orderId}`, { status }),
  };
}

/** Changes some of the shop's settings (PUT takes them all). */
export async function changeSettings(
  page: Page,
  url: string,
  change: Record<string, unknown>,
): Promise<void> {
  const current = await (await page.request.get(`${url}/api/settings/shop`)).json();
  const response = await page.request.put(`${url}/api/settings/shop`, {
    data: { ...current, updatedAt: undefined, ...change },
    headers: { origin: url },
  });
  expect(response.ok()).toBe(true);
}
