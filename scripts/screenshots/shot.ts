/**
 * One screenshot of the list in scripts/screenshots.ts: a file of its own, since the areas' lists
 * (screenshots/money.ts, parcels.ts, stock.ts, todos.ts) are written with it and the script imports them.
 */
import type { Page } from '@playwright/test';

export type Shot = {
  name: string;
  /** A path on the laptop's address, or a function of the phone's (LAN) origin for what a phone sees. */
  path: string | ((lan: string) => string);
  signedIn: boolean;
  prepare?: (page: Page) => Promise<void>;
  /** Undoes what `prepare` wrote, after the picture, so the shots after it see the demo shop as it was. */
  cleanUp?: (page: Page) => Promise<void>;
};
