/**
 * The todo screenshots for scripts/screenshots.ts: the list in its groupings, the Tilføj Todo dialog, and one
 * that needs data the demo shop does not have: completing a todo whose bead was deleted from the catalogue.
 */
import type { Shot } from './shot.ts';

export const todoShots: Shot[] = [
  { name: 'todos', path: '/todos', signedIn: true },
  {
    name: 'todos-grouped',
    path: '/todos',
    signedIn: true,
    prepare: async (page) => page.getByRole('radio', { name: /^Kunde/ }).click(),
  },
  {
    name: 'add-todo-dialog',
    path: '/todos',
    signedIn: true,
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Tilføj Todo' }).click();
      await page.getByRole('option').nth(2).click();
    },
  },
];

/** The todo the deleted-bead shot makes, removed again after its picture. */
let deletedBeadTodoId = '';

export const deletedBeadShot: Shot = {
  // Completing a todo whose bead was deleted from the catalogue asks whether the bead comes back.
  name: 'todo-deleted-bead',
  path: '/todos',
  signedIn: true,
  prepare: async (page) => {
    const headers = { origin: new URL(page.url()).origin };
    // One name per size: the bead stays deleted after the phone's run.
    const name = (page.viewportSize()?.width ?? 0) > 600 ? 'Koral 8 mm' : 'Koral 6 mm';
    const bead = await (
      await page.request.post('/api/beads', { data: { name, priceOre: 5500, saleType: null }, headers })
    ).json();
    await page.request.delete(`/api/beads/${bead.id}`, { headers });
    const [customer] = await (await page.request.get('/api/customers')).json();
    const { todo } = await (
      await page.request.post('/api/todos', {
        data: { amount: 2, customerId: customer.id, bead: { kind: 'new', name } },
        headers,
      })
    ).json();
    deletedBeadTodoId = todo.id;
    await page.reload();
    await page.waitForLoadState('networkidle');
    const label = `2 ${name} (${customer.name})`;
    const button = page.getByRole('button', { name: `Færdiggør ${label}` });
    if ((await button.count()) > 0) await button.click();
    else {
      await page.getByRole('button', { name: `Handlinger for ${label}` }).click();
      await page.getByRole('menuitem', { name: 'Færdiggør' }).click();
    }
    await page.getByRole('dialog', { name: 'Perlen er slettet' }).waitFor();
  },
  cleanUp: async (page) => {
    await page.getByRole('button', { name: 'Fortryd' }).click();
    await page.request.delete(`/api/todos/${deletedBeadTodoId}`, {
      headers: { origin: new URL(page.url()).origin },
    });
  },
};
