/**
 * The controls `npm run bench -- --only taps` taps (scripts/bench/taps.ts): the interaction floor's "Tilføj Ny"
 * and every main control of the app's screens, each with the answer it shows and how it is undone for a second tap.
 */
import type { Locator, Page } from '@playwright/test';

/** What a tap's answer looks like in the page (checked by the page's own observer). */
export type Effect =
  | { kind: 'dialog' }
  | { kind: 'pressed'; name: string }
  | { kind: 'toast'; text: string }
  | { kind: 'moved' }
  | { kind: 'changed' };

export type Ids = { customerWithActiveOrder: string; activeOrder: string; bead: string };

export type Control = {
  name: string;
  path: (ids: Ids) => string;
  control: (page: Page) => Locator;
  effect: Effect;
  /** How the tap is made: a touch (default), a swipe to the left, or a choice in a native select. */
  gesture?: 'tap' | 'swipe' | { select: string };
  /** Undoes the answer so the same tap can come again; none: no second tap. */
  reset?: (page: Page) => Promise<void>;
  /** The screen comes from the server (decision 0014): also tapped while the app's scripts are held back. */
  serverScreen?: boolean;
};

const closeDialog = async (page: Page) => {
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('[role="dialog"]'), undefined, { timeout: 5000 });
};
const button = (name: string | RegExp) => (page: Page) => page.getByRole('button', { name }).first();

export const FLOOR_CONTROL: Control = {
  name: 'Floor: "Tilføj Ny" → Dialog',
  path: () => '/floor/dialog.html',
  control: button('Tilføj Ny'),
  effect: { kind: 'dialog' },
  reset: closeDialog,
};

export const CONTROLS: Control[] = [
  {
    name: 'Kunder: Tilføj Ny',
    path: () => '/customers',
    control: button('Tilføj Ny'),
    effect: { kind: 'dialog' },
    reset: closeDialog,
    serverScreen: true,
  },
  {
    name: 'Nåle: Tilføj Ny',
    path: () => '/needles',
    control: button('Tilføj Ny'),
    effect: { kind: 'dialog' },
    reset: closeDialog,
    serverScreen: true,
  },
  {
    name: 'Todo: Tilføj Todo',
    path: () => '/todos',
    control: button('Tilføj Todo'),
    effect: { kind: 'dialog' },
    reset: closeDialog,
    serverScreen: true,
  },
  {
    name: 'Ordrer: filter Skal pakkes',
    path: () => '/orders',
    control: button(/^Skal pakkes/),
    effect: { kind: 'pressed', name: 'Skal pakkes' },
    serverScreen: true,
  },
  {
    name: 'Pakning: Adresselabels',
    path: () => '/packing',
    control: button('Adresselabels'),
    effect: { kind: 'dialog' },
    reset: closeDialog,
    serverScreen: true,
  },
  {
    name: 'Todo: swipe a row',
    path: () => '/todos',
    control: (page) => page.locator('[data-swipe-surface]').first(),
    effect: { kind: 'moved' },
    gesture: 'swipe',
  },
  {
    name: 'Kunde: Tilføj vare (Tilføj linje)',
    path: (ids) => `/customers/${ids.customerWithActiveOrder}`,
    control: button('Tilføj vare'),
    effect: { kind: 'dialog' },
    reset: closeDialog,
  },
  {
    name: 'Kunde: Redigér kunde',
    path: (ids) => `/customers/${ids.customerWithActiveOrder}`,
    control: button('Redigér kunde'),
    effect: { kind: 'dialog' },
    reset: closeDialog,
  },
  {
    // The active order's bill is sent before the bench (taps.ts), so the order has its number and the button.
    name: 'Kunde: Registrér betaling',
    path: (ids) => `/customers/${ids.customerWithActiveOrder}`,
    control: button('Registrér betaling'),
    effect: { kind: 'dialog' },
    reset: closeDialog,
  },
  {
    name: 'Kunde: Kopiér Regningstekst',
    path: (ids) => `/customers/${ids.customerWithActiveOrder}`,
    control: button('Kopiér Regningstekst'),
    effect: { kind: 'toast', text: 'Kopieret' },
    reset: async (page) => {
      await page.waitForFunction(() => !document.querySelector('[data-sonner-toast]'), undefined, {
        timeout: 8000,
      });
    },
  },
  {
    name: 'Kunde: status dropdown',
    path: (ids) => `/customers/${ids.customerWithActiveOrder}`,
    control: (page) => page.getByLabel('Status').first(),
    effect: { kind: 'changed' },
    gesture: { select: 'invoiced' },
  },
  {
    name: 'Perle: Ændré Pris',
    path: (ids) => `/needles/${ids.bead}`,
    control: button('Ændré Pris'),
    effect: { kind: 'dialog' },
    reset: closeDialog,
  },
];
