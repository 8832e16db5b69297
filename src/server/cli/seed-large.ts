/**
 * `npm run seed:large`: fills an EMPTY database with a big shop's ten years, for performance work —
 * 5,000 customers, 2,000 beads, 40,000 orders (all but 150 shipped), 200,000 order lines and 5,000 todos.
 * A fixed seed and a fixed "today" make the data (ids included) the same on every run and machine.
 * Every bead gets a generated photo (decision 0016), so the bench measures a photographed catalogue; the whole
 * shop takes about a minute on 2 cores; `npm run seed:large -- --photos N` gives only the first N beads a photo, and
 * `-- --count-stock` counts every bead on the shelf (docs/product/stock.md).
 */
import { parseArgs } from 'node:util';
import { needsPriceBeforeCompletion } from '../../shared/domain/bead-rules.ts';
import { customerNameKey, HIDDEN_CUSTOMER_NAME } from '../../shared/domain/customer-name.ts';
import type { OrderStatus } from '../../shared/domain/order-status.ts';
import { OFFER_2_FOR_125 } from '../../shared/domain/sale-type.ts';
import type { BeadInsert } from '../beads/beads.service.ts';
import type { CustomerRow, OrderLineRow } from '../db/database.ts';
import type { OrderInsert } from '../orders/orders.service.ts';
import { createRandom, type Random } from './seed-random.ts';
import { countEveryBead, DAY, iso, orderLine, runSeed, uniqueTodos } from './seed-support.ts';

export const LARGE_SHOP = {
  customers: 5000,
  beads: 2000,
  orders: 40_000,
  orderLines: 200_000,
  todos: 5000,
  /** Orders that are not shipped: [status, count]. Active ones belong to distinct customers. */
  open: [
    ['active', 60],
    ['invoiced', 30],
    ['paid', 30],
    ['packed', 30],
  ] as Array<[OrderStatus, number]>,
  seed: 424242,
  today: Date.parse('2026-11-20T12:00:00.000Z'),
  years: 10,
};

const FIRST_NAMES = [
  'Anne',
  'Birthe',
  'Bodil',
  'Camilla',
  'Dorthe',
  'Else',
  'Emma',
  'Gitte',
  'Grethe',
  'Hanne',
  'Helle',
  'Ida',
  'Inge',
  'Jette',
  'Julie',
  'Jytte',
  'Karen',
  'Karina',
  'Kirsten',
  'Lene',
  'Lis',
  'Lone',
  'Louise',
  'Maja',
  'Marianne',
  'Mette',
  'Nanna',
  'Pia',
  'Rikke',
  'Sanne',
  'Signe',
  'Susanne',
  'Tina',
  'Tove',
  'Ulla',
  'Vibeke',
  'Åse',
  'Aase',
  'Ægidius',
  'Øjvind',
  'Ørnulf',
  'Åge',
  'Bent',
  'Erik',
  'Finn',
  'Henrik',
  'Jens',
  'Jørgen',
  'Kasper',
  'Lars',
  'Mads',
  'Niels',
  'Ole',
  'Peter',
  'Søren',
  'Torben',
  'Anne-Marie',
  'Lærke',
  'Frida',
  'Sofie',
];
const LAST_NAMES = [
  'Andersen',
  'Bach',
  'Bech',
  'Bæk',
  'Christensen',
  'Dahl',
  'Damgaard',
  'Frederiksen',
  'Hansen',
  'Holm',
  'Holst',
  'Jensen',
  'Jakobsen',
  'Kjær',
  'Kristensen',
  'Larsen',
  'Laursen',
  'Lund',
  'Lykke',
  'Madsen',
  'Mikkelsen',
  'Møller',
  'Nielsen',
  'Nørgaard',
  'Olsen',
  'Pedersen',
  'Petersen',
  'Poulsen',
  'Rasmussen',
  'Schmidt',
  'Sørensen',
  'Søgaard',
  'Thomsen',
  'Vestergaard',
  'Østergaard',
  'Ørsted',
  'Ågård',
  'Æbelø',
  'Winther',
  'Eriksen',
];
const COLOURS = [
  'Rød',
  'Blå',
  'Grøn',
  'Gul',
  'Sort',
  'Hvid',
  'Lilla',
  'Rosa',
  'Orange',
  'Turkis',
  'Guld',
  'Sølv',
  'Bronze',
  'Mørkeblå',
  'Lysegrøn',
  'Koral',
  'Creme',
  'Grå',
  'Brun',
  'Ærtegrøn',
];
const MATERIALS = [
  'glasperle',
  'træperle',
  'lavasten',
  'rosenkvarts',
  'ametyst',
  'hæmatit',
  'millefiori',
  'krystal',
  'ferskvandsperle',
  'agat',
  'howlit',
  'månesten',
  'messingperle',
  'porcelænsperle',
  'seed beads',
];
const SIZES = ['2 mm', '3 mm', '4 mm', '6 mm', '8 mm', '10 mm', '12 mm', 'mat'];
const FREE_LINES: Array<[string, number]> = [
  ['Gaveindpakning', 2500],
  ['Ekstra snor', 1500],
  ['Reparation', 5000],
  ['Smykkeæske', 3500],
];

/** Per-order line counts from 1 to 9 that add up to exactly `total`. */
function lineCounts(random: Random, orders: number, total: number): number[] {
  const counts = Array.from({ length: orders }, () => random.int(1, 9));
  let sum = counts.reduce((a, b) => a + b, 0);
  while (sum !== total) {
    const i = random.int(0, orders - 1);
    if (sum < total && counts[i]! < 9) {
      counts[i]! += 1;
      sum += 1;
    } else if (sum > total && counts[i]! > 1) {
      counts[i]! -= 1;
      sum -= 1;
    }
  }
  return counts;
}

const { values: options } = parseArgs({
  options: { photos: { type: 'string' }, 'count-stock': { type: 'boolean' } },
  strict: true,
});
/** How many beads get a photo: all unless --photos says fewer. */
const PHOTO_BEADS =
  options.photos === undefined ? LARGE_SHOP.beads : Math.max(0, Number(options.photos) || 0);

await runSeed('seed:large', () => {
  const shop = LARGE_SHOP;
  const random = createRandom(shop.seed);
  const start = shop.today - shop.years * 365 * DAY;

  const customers: CustomerRow[] = [];
  const nameKeys = new Set<string>();
  const addCustomer = (name: string) => {
    const key = customerNameKey(name);
    if (nameKeys.has(key)) return;
    nameKeys.add(key);
    customers.push({
      id: random.uuid(),
      name,
      name_key: key,
      created_at: iso(start + random.int(0, 3000) * DAY),
    });
  };
  addCustomer(HIDDEN_CUSTOMER_NAME); // the old app's test row: must stay hidden from every list
  while (customers.length < shop.customers) {
    const middle = random.chance(0.4) ? ` ${random.pick(LAST_NAMES)}` : '';
    addCustomer(`${random.pick(FIRST_NAMES)}${middle} ${random.pick(LAST_NAMES)}`);
  }
  const visibleCustomers = customers.slice(1);

  const beadNames = random
    .shuffle(COLOURS.flatMap((c) => MATERIALS.flatMap((m) => SIZES.map((s) => `${c} ${m} ${s}`))))
    .slice(0, shop.beads);
  const beads: BeadInsert[] = beadNames.map((name) => {
    const offer = random.chance(0.1);
    const price = random.chance(0.03) ? 0 : offer ? 7500 : random.int(3, 30) * 500;
    return {
      id: random.uuid(),
      name,
      price_ore: price,
      sale_type: offer && price > 0 ? OFFER_2_FOR_125 : null,
      is_deleted: random.chance(0.05) ? 1 : 0,
      created_at: iso(start + random.int(0, 3000) * DAY),
    };
  });
  // Beads that have a price; the history also sold beads that were deleted later, so deleted ones count.
  const sellable = beads.filter((b) => !needsPriceBeforeCompletion({ priceOre: b.price_ore }));
  const lineChoices = { freeChance: 0.08, freeLines: FREE_LINES, beads: sellable };

  const statuses: OrderStatus[] = [];
  for (const [status, count] of shop.open) for (let i = 0; i < count; i++) statuses.push(status);
  while (statuses.length < shop.orders) statuses.push('shipped');
  const activeCustomers = random.shuffle(visibleCustomers);
  let nextActive = 0;
  const orders: OrderInsert[] = statuses.map((status) => {
    const open = status !== 'shipped';
    const createdMs = open
      ? shop.today - random.int(0, 30 * 24 * 60) * 60 * 1000
      : start + random.int(0, (shop.years * 365 - 31) * 24 * 60) * 60 * 1000;
    return {
      id: random.uuid(),
      customer_id: status === 'active' ? activeCustomers[nextActive++]!.id : random.pick(visibleCustomers).id,
      created_at: iso(createdMs),
      status,
      home_delivery: random.chance(0.15) ? 1 : 0,
    };
  });

  const counts = lineCounts(random, orders.length, shop.orderLines);
  const lines: OrderLineRow[] = [];
  orders.forEach((order, index) => {
    const createdMs = Date.parse(order.created_at);
    for (let l = 0; l < counts[index]!; l++) {
      lines.push(orderLine(random, order, iso(createdMs + l * 60 * 1000), lineChoices));
    }
  });

  const todos = uniqueTodos(random);
  while (todos.rows.length < shop.todos) {
    const bead = random.pick(beads);
    const customer = random.chance(0.1) ? null : random.pick(visibleCustomers);
    todos.add(bead.id, customer?.id ?? null, () => ({
      amount: random.int(1, 5),
      created_at: iso(shop.today - random.int(0, 180) * DAY),
    }));
  }

  const photoBeads = Math.min(beads.length, PHOTO_BEADS);
  const photos = beads.slice(0, photoBeads).map((b) => ({ id: b.id, name: b.name, count: 1 }));

  // --count-stock: every bead counted (docs/product/stock.md), for measuring the screens with stock on every row.
  const stock = options['count-stock'] ? countEveryBead(beads, shop.today) : undefined;

  return { customers, beads, orders, lines, todos: todos.rows, photos, counts: stock };
});
