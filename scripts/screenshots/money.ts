/**
 * The money's screenshots for scripts/screenshots.ts (docs/product/money.md): an order in Afventer betaling with a
 * part payment, the 'Registrér betaling' dialog, Regnskab, and a receipt's page (drawn from its PDF). What a shot
 * writes it takes back in its cleanUp, so the shots after it see the demo shop as it was.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { copenhagenDate, copenhagenYear } from '../../src/shared/domain/dates.ts';
import type { Order } from '../../src/shared/schemas/api-orders.ts';
import { OWNER } from '../../tests/e2e/support/server.ts';
import type { Shot } from './shot.ts';

const headersOf = (page: Page) => ({ origin: new URL(page.url()).origin });

/** The demo's oldest order in Afventer betaling, with a payment of 100 kr made for the picture. */
let paymentId: string | null = null;

async function invoicedOrder(page: Page): Promise<Order> {
  const orders = (await (await page.request.get('/api/orders')).json()) as Order[];
  const order = orders.filter((each) => each.status === 'invoiced' && each.customerId).at(-1);
  if (!order) throw new Error('the demo shop has no order in Afventer betaling');
  return order;
}

async function openWithPart(page: Page) {
  const order = await invoicedOrder(page);
  const response = await page.request.post(`/api/orders/${order.id}/payments`, {
    data: { amountOre: 10_000, method: 'mobilepay', paidOn: copenhagenDate() },
    headers: { ...headersOf(page), 'idempotency-key': crypto.randomUUID() },
  });
  paymentId = (await response.json()).paymentId;
  await page.goto(`/customers/${order.customerId}`);
  const ongoing = page.getByRole('region', { name: 'Igangværende ordrer', exact: true });
  await ongoing.getByRole('button', { name: new RegExp(`Nr\\. ${order.number}`) }).click();
  const payments = ongoing.getByRole('group', { name: 'Betalinger' });
  await payments.waitFor();
  await payments.evaluate((element) => element.scrollIntoView({ block: 'end' }));
  await page.evaluate(() => window.scrollBy(0, 24));
}

async function deletePayment(page: Page) {
  if (paymentId) await page.request.delete(`/api/payments/${paymentId}`, { headers: headersOf(page) });
  paymentId = null;
}

export const moneyShots: Shot[] = [
  {
    // Afventer betaling with a part payment: 'Betalt 100 kr · mangler …', the payment and 'Registrér betaling'.
    name: 'order-payments',
    path: '/orders',
    signedIn: true,
    prepare: openWithPart,
    cleanUp: deletePayment,
  },
  {
    name: 'payment-dialog',
    path: '/orders',
    signedIn: true,
    prepare: async (page) => {
      await openWithPart(page);
      await page
        .getByRole('region', { name: 'Igangværende ordrer', exact: true })
        .getByRole('button', { name: 'Registrér betaling' })
        .click();
      await page.getByRole('dialog', { name: 'Registrér betaling' }).getByLabel('Beløb').waitFor();
    },
    cleanUp: deletePayment,
  },
  {
    name: 'books',
    path: `/books?year=${copenhagenYear()}&quarter=${Math.ceil(Number(copenhagenDate().slice(5, 7)) / 3)}`,
    signedIn: true,
    prepare: async (page) => {
      await page.getByRole('region', { name: 'Betalt', exact: true }).waitFor();
    },
  },
];

/** A receipt's page as a picture: the demo's newest shipped order (paid by its status), with an address and CVR. */
export async function receiptPage({
  baseUrl,
  context,
  dataDir,
  outDir,
  only,
}: {
  baseUrl: string;
  context: BrowserContext;
  dataDir: string;
  outDir: string;
  only: readonly string[];
}) {
  if (only.length > 0 && !only.includes('receipt-page')) return;
  await context.request.post(`${baseUrl}/api/auth/sign-in/email`, {
    data: { email: OWNER.email, password: OWNER.password },
    headers: { origin: baseUrl },
  });
  const settings = await (await context.request.get(`${baseUrl}/api/settings/shop`)).json();
  const put = (change: object) =>
    context.request.put(`${baseUrl}/api/settings/shop`, {
      data: { ...settings, updatedAt: undefined, ...change },
      headers: { origin: baseUrl },
    });
  await put({ address: 'Perlegade 7\n8000 Aarhus C', cvr: '12345678' });
  try {
    const customers = (await (await context.request.get(`${baseUrl}/api/customers`)).json()) as Array<{
      id: string;
    }>;
    let order: Order | undefined;
    for (const customer of customers) {
      const detail = await (await context.request.get(`${baseUrl}/api/customers/${customer.id}`)).json();
      order = (detail.orders as Order[]).find(
        (each) => each.status === 'shipped' && each.offerGroups.length > 0,
      );
      if (order) break;
    }
    if (!order) throw new Error('the demo shop has no shipped order');
    const file = path.join(dataDir, 'receipt.pdf');
    fs.writeFileSync(
      file,
      await (await context.request.get(`${baseUrl}/api/orders/${order.id}/receipt.pdf`)).body(),
    );
    const png = path.join(outDir, 'receipt-page');
    execFileSync('pdftoppm', ['-png', '-r', '72', '-f', '1', '-l', '1', '-singlefile', file, png]);
    console.info(`saved ${path.relative(process.cwd(), `${png}.png`)}`);
  } finally {
    await put({});
  }
}
