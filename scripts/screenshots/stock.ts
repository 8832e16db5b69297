/**
 * The stock screenshots for scripts/screenshots.ts (docs/product/stock.md): the bead's 'Lager' row and
 * 'Lagerhistorik', the three movements' dialogs, 'Modtaget' filling the waiting orders, Nåle's filter and the
 * counting screen. What a shot writes it takes back in its cleanUp, so the shots after it see the demo shop.
 */
import type { Page } from '@playwright/test';
import type { Shot } from './shot.ts';

const headersOf = (page: Page) => ({ origin: new URL(page.url()).origin });

/** The demo bead of that name. */
async function beadNamed(page: Page, name: string): Promise<{ id: string; name: string }> {
  const beads = await (await page.request.get('/api/beads')).json();
  return beads.find((bead: { name: string }) => bead.name === name);
}

/** Opens the bead's page, by its name. */
async function openBead(page: Page, name: string) {
  await page.goto(`/needles/${(await beadNamed(page, name)).id}`);
  await page.getByRole('heading', { name: 'Lagerhistorik' }).waitFor();
}

/** The movements a shot made, undone newest first after its picture. */
let made: string[] = [];

async function move(page: Page, beadId: string, body: object) {
  const response = await page.request.post(`/api/beads/${beadId}/stock`, {
    data: body,
    headers: headersOf(page),
  });
  made.push((await response.json()).movementId);
}

async function undoMade(page: Page) {
  for (const id of made.reverse())
    await page.request.post(`/api/stock-movements/${id}/undo`, { headers: headersOf(page) });
  made = [];
}

/** A listed bead that a customer waits for (the demo's todos), with its name. */
async function waitedForBead(page: Page): Promise<{ id: string; name: string }> {
  const [todos, beads] = await Promise.all([
    (await page.request.get('/api/todos')).json(),
    (await page.request.get('/api/beads')).json(),
  ]);
  const byId = new Map(beads.map((bead: { id: string }) => [bead.id, bead]));
  for (const todo of todos) {
    const bead = byId.get(todo.beadId) as { id: string; name: string; priceOre: number; isDeleted: boolean };
    if (todo.customerId && bead && bead.priceOre > 0 && !bead.isDeleted) return bead;
  }
  throw new Error('the demo shop has no todo with a customer');
}

export const stockShots: Shot[] = [
  {
    // The bead's page: 'Lager' with its three movements and a history of a delivery, a correction and a count.
    name: 'stock-bead',
    path: '/needles',
    signedIn: true,
    prepare: async (page) => {
      const bead = await beadNamed(page, 'Rosenkvarts 6 mm');
      await move(page, bead.id, { kind: 'received', quantity: 10 });
      await move(page, bead.id, { kind: 'adjust', quantity: -1, reason: 'Knækket' });
      await openBead(page, bead.name);
      await page
        .getByRole('heading', { name: 'Lagerhistorik' })
        .evaluate((element) => element.scrollIntoView({ block: 'center' }));
    },
    cleanUp: undoMade,
  },
  {
    name: 'stock-count-dialog',
    path: '/needles',
    signedIn: true,
    prepare: async (page) => {
      await openBead(page, 'Ametyst 6 mm');
      await page.getByRole('button', { name: 'Optælling', exact: true }).click();
      await page.getByRole('dialog', { name: 'Optælling' }).getByLabel('Antal på hylden').fill('7');
    },
  },
  {
    name: 'stock-adjust-dialog',
    path: '/needles',
    signedIn: true,
    prepare: async (page) => {
      await openBead(page, 'Ametyst 6 mm');
      await page.getByRole('button', { name: 'Ret', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Ret' });
      await dialog.getByLabel('Antal').fill('1');
      await dialog.getByRole('button', { name: 'Knækket' }).click();
    },
  },
  {
    // 'Modtaget' on a bead customers wait for: the delivery ticks the oldest it covers.
    name: 'stock-received-fill',
    path: '/needles',
    signedIn: true,
    prepare: async (page) => {
      const bead = await waitedForBead(page);
      await page.goto(`/needles/${bead.id}`);
      await page.getByRole('heading', { name: 'Lagerhistorik' }).waitFor();
      await page.getByRole('button', { name: 'Modtaget', exact: true }).click();
      await page.getByRole('dialog', { name: 'Modtaget' }).getByLabel('Antal modtaget').fill('6');
    },
  },
  {
    name: 'needles-low-stock',
    path: '/needles',
    signedIn: true,
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Få tilbage' }).click();
    },
  },
  {
    // A new round: the first bead in Nåle's order, with the count of the demo's round before.
    name: 'stocktake',
    path: '/stocktake',
    signedIn: true,
    prepare: async (page) => {
      await page.request.post('/api/stock/count-round', { headers: headersOf(page) });
      await page.reload();
      await page.getByRole('button', { name: 'Gem og næste' }).waitFor();
      await page.getByLabel('Antal på hylden').fill('27');
    },
  },
  {
    name: 'stocktake-done',
    path: '/stocktake',
    signedIn: true,
    prepare: async (page) => {
      await page.route('**/api/stock/counts', async (route) => {
        const beads = await (await page.request.get('/api/beads')).json();
        await route.fulfill({
          json: {
            roundStartedAt: null,
            counts: beads.map((bead: { id: string }) => ({
              beadId: bead.id,
              countedAt: '2026-03-02T10:00:00.000Z',
              lastCount: 5,
            })),
          },
        });
      });
      await page.reload();
      await page.getByText('Alle perler er talt').waitFor();
    },
    cleanUp: (page) => page.unroute('**/api/stock/counts'),
  },
];
