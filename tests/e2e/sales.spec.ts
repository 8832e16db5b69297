/**
 * Salg: shipped orders in two months of a past year (written straight into the server's SQLite file,
 * since the API cannot date an order in the past) show as bars and in the month table with the right sums; the
 * table downloads as CSV; another year without sales says so.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { openSqlite } from '../../src/server/db/create-db.ts';
import { expect, test } from './support/fixtures.ts';

/** A past year of its own for this run (each Playwright worker has its own server and database). */
const YEAR = 2002 + Math.floor(Math.random() * 18);

function seedSales(dataDir: string, tag: string) {
  const db = openSqlite(path.join(dataDir, 'naalepuden.sqlite'));
  try {
    const id = (name: string) => `${tag}-${name}`;
    const at = (iso: string) => iso.replace('YYYY', String(YEAR));
    db.prepare('insert into customers (id, name, name_key, created_at) values (?, ?, ?, ?)').run(
      id('c'),
      `Salg Sanne ${tag}`,
      `salg sanne ${tag}`,
      at('YYYY-01-01T10:00:00.000Z'),
    );
    const bead = db.prepare(
      'insert into beads (id, name, name_key, price_ore, sale_type, is_deleted, created_at) values (?, ?, ?, ?, ?, 0, ?)',
    );
    bead.run(
      id('b1'),
      `Rosenkvarts ${tag}`,
      `rosenkvarts ${tag}`,
      7500,
      '2 for 125',
      at('YYYY-01-01T10:00:00.000Z'),
    );
    bead.run(id('b2'), `Lavasten ${tag}`, `lavasten ${tag}`, 5000, null, at('YYYY-01-01T10:00:00.000Z'));
    const order = db.prepare(
      "insert into orders (id, customer_id, created_at, status, home_delivery, postage_ore) values (?, ?, ?, 'shipped', 0, 5300)",
    );
    const line = db.prepare(
      'insert into order_lines (id, order_id, bead_id, text, price_ore, sale_type, added_at) values (?, ?, ?, ?, ?, ?, ?)',
    );
    // January: an offer pair (125 kr) and a free line (150 kr); another order with a bead frozen at 40 kr.
    order.run(id('o1'), id('c'), at('YYYY-01-10T10:00:00.000Z'));
    line.run(id('l1'), id('o1'), id('b1'), null, 7500, '2 for 125', at('YYYY-01-10T10:01:00.000Z'));
    line.run(id('l2'), id('o1'), id('b1'), null, 7500, '2 for 125', at('YYYY-01-10T10:02:00.000Z'));
    line.run(id('l3'), id('o1'), null, 'Armbånd', 15000, null, at('YYYY-01-10T10:03:00.000Z'));
    order.run(id('o2'), id('c'), at('YYYY-01-20T10:00:00.000Z'));
    line.run(id('l4'), id('o2'), id('b2'), null, 4000, null, at('YYYY-01-20T10:01:00.000Z'));
    // Started in February, shipped in March (its history says when): 99 kr in March.
    order.run(id('o3'), id('c'), at('YYYY-02-20T10:00:00.000Z'));
    line.run(id('l5'), id('o3'), null, 'Halskæde', 9900, null, at('YYYY-02-20T10:01:00.000Z'));
    db.prepare(
      "insert into order_history (order_id, at, kind, from_value, to_value) values (?, ?, 'status', 'packed', 'shipped')",
    ).run(id('o3'), at('YYYY-03-03T12:00:00.000Z'));
  } finally {
    db.close();
  }
}

/** Bars the chart drew with a height (months without sales draw none or a flat one). */
const drawnBars = (page: Page) =>
  page.evaluate(
    `[...document.querySelectorAll('[role="img"] svg [data-bar]')].filter((bar) => bar.getBoundingClientRect().height > 1).length`,
  );

test('Salg shows a year’s months as bars and as a table, and downloads the table @phone', async ({
  signedIn: page,
  server,
}) => {
  const tag = Math.random().toString(36).slice(2, 8);
  seedSales(server.dataDir, tag);

  await page.goto('/pillow');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Salg' }).click();
  await expect(page).toHaveURL(/\/sales$/);
  await expect(page.getByRole('heading', { name: 'Salg', level: 1 })).toBeVisible();

  await page.goto(`/sales?year=${YEAR}`);
  const table = page.getByRole('table', { name: `Salg pr. måned i ${YEAR}` });
  const row = (name: string) => table.getByRole('row', { name: new RegExp(`^${name}\\b`) });
  await expect(row('Januar').getByRole('cell')).toHaveText(['2', '315 kr', '106 kr', '157,50 kr']);
  await expect(row('Februar').getByRole('cell')).toHaveText(['0', '0 kr', '0 kr', '0 kr']);
  await expect(row('Marts').getByRole('cell')).toHaveText(['1', '99 kr', '53 kr', '99 kr']);
  await expect(row('I alt').getByRole('cell')).toHaveText(['3', '414 kr', '159 kr', '138 kr']);

  const chart = page.getByRole('img', {
    name: `Søjlediagram: omsætning (varer) pr. måned i ${YEAR}. Tallene står i tabellen herunder.`,
  });
  await expect(chart.locator('svg')).toBeVisible();
  await expect.poll(() => drawnBars(page)).toBe(2);
  // Each bar is titled with its month and amount (the axis shows month initials on a phone).
  expect(
    await page.evaluate(
      `[...document.querySelectorAll('[role="img"] svg [data-bar] title')].map((t) => t.textContent)`,
    ),
  ).toEqual(['jan: 315 kr', 'mar: 99 kr']);

  const top = page.getByRole('table', { name: 'Top 10 perler efter antal' });
  await expect(top.getByRole('row', { name: new RegExp(`Rosenkvarts ${tag}`) }).getByRole('cell')).toHaveText(
    // Rank, pieces, amount, and the stock on the shelf now ('–': the bead was never counted).
    ['1', '2', '125 kr', '–'],
  );

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Hent som CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`salg-${YEAR}.csv`);
  const csv = fs.readFileSync(await file.path(), 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  expect(csv).toContain(`Januar ${YEAR};2;315;106;157,50\r\n`);
  expect(csv).toContain(`Marts ${YEAR};1;99;53;99\r\n`);
  expect(csv).toContain('I alt;3;414;159;138\r\n');

  // Another year, without sales.
  await page.getByRole('combobox', { name: 'År' }).click();
  await page.getByRole('option', { name: String(YEAR + 1), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`year=${YEAR + 1}`));
  await expect(page.getByText(`Intet salg i ${YEAR + 1}`)).toBeVisible();
});
