/**
 * `npm run seed:demo`: fills an EMPTY database with a small, believable Danish bead shop — 25 customers,
 * 30 beads (some on '2 for 125', two new 0-kr beads from todos, one soft-deleted), orders in every status
 * with a year of history, and todos, generated photos of most beads (seed-pictures.ts), and most beads counted on
 * the shelf. Refuses a database that already holds shop data.
 */
import { isListedBead, needsPriceBeforeCompletion } from '../../shared/domain/bead-rules.ts';
import { customerNameKey } from '../../shared/domain/customer-name.ts';
import type { OrderStatus } from '../../shared/domain/order-status.ts';
import { OFFER_2_FOR_125 } from '../../shared/domain/sale-type.ts';
import type { BeadInsert } from '../beads/beads.service.ts';
import type { CustomerRow, OrderLineRow } from '../db/database.ts';
import type { OrderInsert } from '../orders/orders.service.ts';
import { createRandom } from './seed-random.ts';
import { DAY, iso, orderLine, runSeed, uniqueTodos } from './seed-support.ts';

const CUSTOMERS = [
  'Åse Holm',
  'Ægidius Bjerre',
  'Øjvind Madsen',
  'Birthe Ørsted',
  'Anne-Marie Jensen',
  'Bodil Kristensen',
  'Dorte Lund',
  'Else Møller',
  'Gitte Sørensen',
  'Grethe Nørgaard',
  'Hanne Bech',
  'Inge Thomsen',
  'Jytte Poulsen',
  'Karen Damgaard',
  'Kirsten Laursen',
  'Lene Østergaard',
  'Lis Frederiksen',
  'Mette Kjær',
  'Pia Søgaard',
  'Rikke Holst',
  'Susanne Bæk',
  'Tove Andersen',
  'Ulla Vestergaard',
  'Vibeke Dahl',
  'Aase Lykke',
] as const;

/**
 * Postal addresses by customer: most Danish, one abroad, one old free text waiting for 'Tjek
 * adressen', and a few customers without one (they show as 'mangler adresse' on the labels).
 */
const ADDRESSES: Record<string, Partial<CustomerRow>> = {
  'Åse Holm': { address: 'Kastanievej 15, 2. th', postcode: '4671', city: 'Strøby' },
  'Ægidius Bjerre': { address: 'Æblegade 7, 2. tv', postcode: '8000', city: 'Aarhus C' },
  'Øjvind Madsen': { address: 'Skovbrynet 3', address2: 'c/o Hansen', postcode: '5000', city: 'Odense C' },
  'Birthe Ørsted': { address: 'Havnegade 22', postcode: '6700', city: 'Esbjerg' },
  'Anne-Marie Jensen': { address: 'Strandvejen 112, st.', postcode: '2900', city: 'Hellerup' },
  'Bodil Kristensen': { address: 'Storgatan 5', postcode: '111 22', city: 'Stockholm', country_code: 'SE' },
  'Dorte Lund': { address: 'Perlevej 1, Aarhus', address_needs_check: 1 },
  'Else Møller': { address: 'Bygaden 4', address2: 'Vester Egesborg', postcode: '4760', city: 'Vordingborg' },
  'Gitte Sørensen': { address: 'Nørregade 9, 1. sal', postcode: '7100', city: 'Vejle' },
  'Grethe Nørgaard': { address: 'Lindevej 31', postcode: '9000', city: 'Aalborg' },
  'Hanne Bech': { address: 'Mosevej 2', postcode: '3400', city: 'Hillerød' },
  'Inge Thomsen': { address: 'Kirkestræde 6', postcode: '4000', city: 'Roskilde' },
  'Jytte Poulsen': { address: 'Bakkedraget 18', postcode: '8600', city: 'Silkeborg' },
  'Karen Damgaard': { address: 'Søndergade 40, 3. mf', postcode: '8700', city: 'Horsens' },
  'Kirsten Laursen': { address: 'Enghavevej 77', postcode: '2450', city: 'København SV' },
  'Lene Østergaard': { address: 'Rosenvænget 12', postcode: '6000', city: 'Kolding' },
  'Lis Frederiksen': { address: 'Algade 5', postcode: '4400', city: 'Kalundborg' },
  'Mette Kjær': { address: 'Fyrrevej 8', postcode: '7400', city: 'Herning' },
  'Pia Søgaard': { address: 'Vestergade 3', postcode: '6100', city: 'Haderslev' },
  'Rikke Holst': { address: 'Græsmarken 14', postcode: '2860', city: 'Søborg' },
};

/** Customers with an extra parcel in Skal sendes, each showing the label dialog another case. */
const PARCEL_CUSTOMERS = ['Ægidius Bjerre', 'Øjvind Madsen', 'Bodil Kristensen', 'Dorte Lund', 'Vibeke Dahl'];

/** [name, price in kr, on '2 for 125'] */
const BEADS: Array<[string, number, boolean]> = [
  ['Rød glasperle 4 mm', 45, false],
  ['Blå glasperle 4 mm', 45, false],
  ['Grøn glasperle 6 mm', 55, false],
  ['Sølvnål 5 cm', 35, false],
  ['Guldnål 5 cm', 40, false],
  ['Perlemor hjerte', 75, true],
  ['Millefiori blå', 75, true],
  ['Millefiori rød', 75, true],
  ['Lavasten 8 mm', 60, false],
  ['Rosenkvarts 6 mm', 85, false],
  ['Ametyst 6 mm', 95, false],
  ['Ferskvandsperle hvid', 120, false],
  ['Træperle natur 10 mm', 25, false],
  ['Hæmatit mat', 50, false],
  ['Glimmerperle sort', 75, true],
  ['Krystal rondel 4 mm', 65, false],
  ['Seed beads mix', 30, false],
  ['Lås i sterlingsølv', 110, false],
  ['Øreringskroge (10 stk.)', 40, false],
  ['Elastiksnor 0,8 mm', 30, false],
  ['Messingperle antik', 75, true],
  ['Koralrød bambus', 70, false],
  ['Agat stribet', 80, false],
  ['Turkis howlit', 75, true],
  ['Månesten 6 mm', 140, false],
  ['Æbleperle grøn', 75, true],
  ['Østersperle mat', 90, false],
  ['Ålesund blå glas', 55, false],
  ['Ny: Havglas lys', 0, false],
  ['Ny: Kobbernål', 0, false],
];
const DELETED_BEAD = 'Hæmatit mat';

const FREE_LINES: Array<[string, number]> = [
  ['Gaveindpakning', 2500],
  ['Ekstra snor', 1500],
  ['Reparation af armbånd', 5000],
  ['Smykkeæske', 3500],
];

/** How many orders of each status the demo gets (every status shows on the screens). */
const STATUS_PLAN: Array<[OrderStatus, number]> = [
  ['active', 9],
  ['invoiced', 3],
  ['paid', 3],
  ['packed', 2],
  ['shipped', 28],
];

await runSeed('seed:demo', () => {
  const random = createRandom(20261122);
  const now = Date.now();

  const customers: CustomerRow[] = CUSTOMERS.map((name, i) => ({
    id: random.uuid(),
    name,
    name_key: customerNameKey(name),
    created_at: iso(now - (400 - i) * DAY),
    // Every row names every column: a bulk insert of rows with different columns writes null for the missing.
    address: null,
    address2: null,
    postcode: null,
    city: null,
    country_code: 'DK',
    address_needs_check: 0,
    ...ADDRESSES[name],
  }));
  const beads: BeadInsert[] = BEADS.map(([name, kr, offer], i) => ({
    id: random.uuid(),
    name,
    price_ore: kr * 100,
    sale_type: offer ? OFFER_2_FOR_125 : null,
    is_deleted: name === DELETED_BEAD ? 1 : 0,
    created_at: iso(now - (420 - i) * DAY),
  }));
  const sellable = beads.filter((b) =>
    isListedBead({ priceOre: b.price_ore, isDeleted: b.is_deleted === 1 }),
  );
  const lineChoices = { freeChance: 0.12, freeLines: FREE_LINES, beads: sellable };

  const orders: OrderInsert[] = [];
  const lines: OrderLineRow[] = [];
  // Active orders go to distinct customers (one active order each); the rest spread over everyone.
  const activeCustomers = random.shuffle(customers).slice(0, 9);
  let activeIndex = 0;
  for (const [status, count] of STATUS_PLAN) {
    for (let n = 0; n < count; n++) {
      const customer = status === 'active' ? activeCustomers[activeIndex++]! : random.pick(customers);
      const ageDays =
        status === 'shipped'
          ? random.int(20, 365)
          : status === 'active'
            ? random.int(0, 10)
            : random.int(3, 20);
      const createdMs = now - ageDays * DAY - random.int(0, 8 * 60) * 60 * 1000;
      const order: OrderInsert = {
        id: random.uuid(),
        customer_id: customer.id,
        created_at: iso(createdMs),
        status,
        home_delivery: random.chance(0.2) ? 1 : 0,
      };
      orders.push(order);
      const lineCount = random.int(1, 6);
      for (let l = 0; l < lineCount; l++) {
        lines.push(orderLine(random, order, iso(createdMs + l * 60 * 1000), lineChoices));
      }
    }
  }

  const todos = uniqueTodos(random);
  const addTodo = (bead: BeadInsert, customer: CustomerRow | null, amount: number) =>
    todos.add(bead.id, customer?.id ?? null, () => ({
      amount,
      created_at: iso(now - random.int(0, 14) * DAY),
    }));
  for (const bead of beads.filter((b) => needsPriceBeforeCompletion({ priceOre: b.price_ore })))
    addTodo(bead, random.pick(customers), random.int(1, 3));
  for (let i = 0; i < 9; i++) addTodo(random.pick(sellable), random.pick(customers), random.int(1, 4));
  addTodo(random.pick(sellable), null, 5);
  addTodo(random.pick(sellable), null, 2);

  // A few more parcels waiting in Skal sendes: a Danish address with an extra line, one abroad, an old
  // address to check, one without any. Drawn last, so everything above stays as it was.
  for (const [n, name] of PARCEL_CUSTOMERS.entries()) {
    const customer = customers.find((candidate) => candidate.name === name)!;
    const createdMs = now - (2 + n) * DAY;
    const order: OrderInsert = {
      id: random.uuid(),
      customer_id: customer.id,
      created_at: iso(createdMs),
      status: 'packed',
      home_delivery: n === 1 ? 1 : 0,
    };
    orders.push(order);
    for (let l = 0; l < 2; l++)
      lines.push(orderLine(random, order, iso(createdMs + l * 60 * 1000), lineChoices));
  }

  // Photos (decision 0016): every listed bead but a few (they show the initial instead), and a small
  // gallery for two of them.
  const withoutPhoto = new Set(['Elastiksnor 0,8 mm', 'Øreringskroge (10 stk.)', 'Ålesund blå glas']);
  const gallery: Record<string, number> = { 'Rosenkvarts 6 mm': 3, 'Millefiori blå': 2 };
  const photos = beads
    .filter(
      (b) =>
        isListedBead({ priceOre: b.price_ore, isDeleted: b.is_deleted === 1 }) && !withoutPhoto.has(b.name),
    )
    .map((b) => ({ id: b.id, name: b.name, count: gallery[b.name] ?? 1 }));

  // Stock (docs/product/stock.md): most listed beads counted a few days ago, one sold out and one nearly; a few
  // never counted. Drawn last, so everything above stays as it was.
  const notCounted = new Set(['Seed beads mix', 'Elastiksnor 0,8 mm', 'Månesten 6 mm']);
  const shelf: Record<string, number> = { 'Lavasten 8 mm': 0, 'Ametyst 6 mm': 2, 'Rosenkvarts 6 mm': 14 };
  const counts = beads
    .filter(
      (b) =>
        isListedBead({ priceOre: b.price_ore, isDeleted: b.is_deleted === 1 }) && !notCounted.has(b.name),
    )
    .map((b) => ({
      beadId: b.id,
      quantity: shelf[b.name] ?? random.int(3, 40),
      countedAt: iso(now - random.int(2, 9) * DAY),
    }));

  return { customers, beads, orders, lines, todos: todos.rows, photos, counts };
});
