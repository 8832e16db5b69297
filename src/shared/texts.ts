/**
 * Every Danish message and label that code refers to, one file per area under `texts/`, assembled here as
 * `texts.<area>.<key>`. Texts the owner's old app showed are copied verbatim (docs/product/texts-and-errors.md).
 * A screen that must stay light (the login page) imports its area's file directly. The bead photos'
 * texts (`texts/photos.ts`, decision 0016) are not assembled here: the photo code imports them itself, so they
 * load with it and not with every screen's first chunk.
 */
import { appTexts } from './texts/app.ts';
import { authTexts } from './texts/auth.ts';
import { beadTexts } from './texts/beads.ts';
import { customerTexts } from './texts/customers.ts';
import { dataTexts } from './texts/data.ts';
import { errorTexts } from './texts/errors.ts';
import { moneyTexts } from './texts/money.ts';
import { orderTexts } from './texts/orders.ts';
import { outgoingTexts } from './texts/outgoing.ts';
import { packingTexts } from './texts/packing.ts';
import { parcelTexts } from './texts/parcels.ts';
import { pasteTexts } from './texts/paste.ts';
import { reminderTexts } from './texts/reminders.ts';
import { salesTexts } from './texts/sales.ts';
import { shopTexts } from './texts/shop.ts';
import { stockTexts } from './texts/stock.ts';
import { todoTexts } from './texts/todos.ts';

export const texts = {
  ...appTexts,
  auth: authTexts,
  errors: errorTexts,
  customers: customerTexts,
  beads: beadTexts,
  ...orderTexts,
  todos: todoTexts,
  shop: shopTexts,
  sales: salesTexts,
  data: dataTexts,
  packing: packingTexts,
  parcels: parcelTexts,
  reminders: reminderTexts,
  stock: stockTexts,
  money: moneyTexts,
  paste: pasteTexts,
  outgoing: outgoingTexts,
} as const;
