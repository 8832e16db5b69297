import { test as base, expect } from '@playwright/test';
import { test } from './support/fixtures.ts';
import { OWNER, type RunningServer, startServer } from './support/server.ts';

const pages = [
  { link: 'Puden', path: '/pillow', heading: 'Puden' },
  { link: 'Kunder', path: '/customers', heading: 'Kunder' },
  { link: 'Nåle', path: '/needles', heading: 'Perler' },
  { link: 'Ordrer', path: '/orders', heading: 'Ordrer' },
  { link: 'Todo', path: '/todos', heading: 'Todo' },
];

base.describe('a fresh install', () => {
  let server: RunningServer;
  base.beforeAll(async () => {
    server = await startServer();
  });
  base.afterAll(async () => {
    await server.stop();
  });

  base('owner set-up, log out, log in, visit every page, log out @phone', async ({ page }) => {
    await page.goto(`${server.url}/`);
    await expect(page).toHaveURL(/\/setup$/);
    await expect(page.getByRole('heading', { name: 'Opret ejerkonto' })).toBeVisible();

    await page.getByRole('button', { name: 'Opret konto' }).click();
    await expect(page.getByText('Navn er påkrævet')).toBeVisible();

    await page.getByLabel('Navn').fill(OWNER.name);
    await page.getByLabel('E-mail').fill(OWNER.email);
    await page.getByLabel('Adgangskode').fill(OWNER.password);
    await page.getByRole('button', { name: 'Opret konto' }).click();
    await expect(page).toHaveURL(/\/pillow$/);
    await expect(page.getByText(`Velkommen ${OWNER.name}`)).toBeVisible();

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Log ud' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Du er nu logget ud!')).toBeVisible();

    // The set-up page is closed for good.
    await page.goto(`${server.url}/setup`);
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel('E-mail').fill(OWNER.email);
    await page.getByLabel('Adgangskode').fill(OWNER.password);
    await page.getByRole('button', { name: 'Log ind' }).click();
    await expect(page).toHaveURL(/\/pillow$/);
    await expect(page.getByText(`Velkommen ${OWNER.name}`)).toBeVisible();

    for (const target of pages) {
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: target.link }).click();
      await expect(page).toHaveURL(new RegExp(`${target.path}$`));
      await expect(page.getByRole('heading', { level: 1, name: target.heading })).toBeVisible();
    }

    // A signed-in visitor of the login page goes to Puden.
    await page.goto(`${server.url}/login`);
    await expect(page).toHaveURL(/\/pillow$/);

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Log ud' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto(`${server.url}/orders`);
    await expect(page).toHaveURL(/\/login$/);
  });
});

test('an unauthenticated deep link goes to the login page', async ({ page }) => {
  for (const path of ['/pillow', '/customers/abc', '/needles', '/todos', '/no-such-page']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
  await expect(page.getByRole('button', { name: 'Menu' })).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('lang', 'da');
});

test('a wrong password shows a Danish toast and keeps the visitor out @phone', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(OWNER.email);
  await page.getByLabel('Adgangskode').fill('forkert-kode');
  await page.getByRole('button', { name: 'Log ind' }).click();
  await expect(page.getByText('Login fejlede: Forkert e-mail eller adgangskode')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('the login form validates in Danish before sending', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Log ind' }).click();
  await expect(page.getByText('E-mail er påkrævet')).toBeVisible();
  await expect(page.getByText('Adgangskode er påkrævet')).toBeVisible();
});
