/**
 * Lager: the count per bead, its movements, deliveries that fill the waiting orders, the counting screen and
 * the stock on Salg (docs/product/stock.md).
 * Part of `texts` (src/shared/texts.ts) as `texts.stock`.
 */

/**
 * A whole number with Danish thousands dots ('2.000'), as domain/number-format.ts writes it: the texts import
 * nothing from the domain (which imports the texts).
 */
const n = (value: number) => String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');

export const stockTexts = {
  rowLabel: 'Lager',
  notCounted: 'Ikke talt',
  pieces: (count: number) => `${n(count)} stk.`,
  inStock: (count: number) => `${n(count)} på lager`,
  soldOut: 'Udsolgt',
  missing: (count: number) => `mangler ${n(count)}`,
  onlyInStock: (count: number) => `Kun ${n(count)} på lager`,
  notInStock: 'Ikke på lager',
  lowStockFilter: 'Få tilbage',
  soldOutFilter: 'Udsolgt',
  filtersLabel: 'Vis kun',
  noneSoldOut: 'Ingen udsolgte perler',
  noneLow: 'Ingen perler med få tilbage',
  noneInFilterBody: 'Kun talte perler kan være udsolgt eller have få tilbage.',
  actions: {
    count: 'Optælling',
    received: 'Modtaget',
    adjust: 'Ret',
  },
  dialog: {
    countTitle: 'Optælling',
    countLabel: 'Antal på hylden',
    countHelper: 'Det antal, du ser på hylden lige nu',
    receivedTitle: 'Modtaget',
    receivedLabel: 'Antal modtaget',
    adjustTitle: 'Ret',
    adjustAdd: 'Læg til',
    adjustTake: 'Tag fra',
    adjustDirection: 'Læg til eller tag fra',
    adjustLabel: 'Antal',
    reasonLabel: 'Årsag',
    reasonHelper: 'Fx knækket eller eget brug',
    reasonSuggestions: ['Knækket', 'Eget brug', 'Fundet'],
    save: 'Gem',
    nowInStock: (count: number) => `Lager nu: ${n(count)} stk.`,
  },
  validation: {
    required: 'Antal er påkrævet',
    whole: 'Skriv antallet som et helt tal',
    negative: 'Antallet må ikke være negativt',
    atLeastOne: 'Antallet skal være mindst 1',
    tooHigh: `Antallet må højst være ${n(99_999)}`,
    reasonRequired: 'Skriv en kort årsag',
    reasonTooLong: 'Årsagen må højst være på 80 tegn',
    kind: 'Ukendt slags lagerbevægelse',
    countedAt: 'Tidspunktet for optællingen kan ikke læses',
    todoIds: 'Vælg højst 200 todos ad gangen',
    threshold: 'Skriv et helt tal fra 0 til 999',
  },
  saved: {
    count: 'Optælling gemt',
    received: 'Modtagelse gemt',
    adjust: 'Lageret er rettet',
  },
  historyTitle: 'Lagerhistorik',
  historyEmpty: 'Ingen bevægelser endnu.',
  undo: 'Fortryd',
  undone: 'Fortrudt',
  undoLabel: (what: string) => `Fortryd ${what}`,
  kinds: {
    count: 'Optælling',
    received: 'Modtaget',
    adjust: 'Ret',
    sale: 'Solgt',
    return: 'Lagt tilbage',
    todo: 'Todo færdiggjort',
  },
  soldTo: (name: string) => `Solgt til ${name}`,
  returnedFrom: (name: string) => `Lagt tilbage fra ${name}`,
  filledOrders: (orders: number) => (orders === 1 ? 'lagt i 1 ordre' : `lagt i ${n(orders)} ordrer`),
  afterMovement: (count: number) => `= ${n(count)} stk.`,
  fill: {
    title: 'Læg i kundernes ordrer',
    intro: 'De ventende kunder, ældste først. Afkrydsede får perlerne lagt i deres aktive ordre.',
    covers: (ticked: number, amount: number) =>
      `${n(ticked)} ${ticked === 1 ? 'kunde' : 'kunder'} · ${n(amount)} stk. i alt`,
    exceeds: (amount: number, received: number) =>
      `De afkrydsede venter på ${n(amount)}, men der er kun modtaget ${n(received)}.`,
    archived: 'arkiveret',
    amount: (count: number) => `${n(count)} stk.`,
    priceFirst: 'Perlen har ingen pris endnu. Sæt prisen, før den lægges i ordrer.',
    done: (customers: number) =>
      customers === 1 ? 'Lagt i 1 kundes ordre' : `Lagt i ${n(customers)} kunders ordrer`,
    undone: 'Leveringen er fortrudt',
  },
  errors: {
    movementNotFound: 'Lagerbevægelsen findes ikke',
    notLatest: 'Kun den seneste optælling, modtagelse eller rettelse kan fortrydes',
    notOwn: 'Salg fortrydes ved at slette linjen på ordren',
    deliveryChanged:
      'Leveringen kan ikke fortrydes: en af ordrerne er ændret siden. Ret ordrerne i hånden i stedet.',
    todoNotWaiting: 'En af todoerne venter ikke længere på denne perle. Prøv igen.',
    notCounted: 'Perlen er ikke talt',
  },
  countScreen: {
    title: 'Optælling',
    progress: (done: number, total: number) => `${n(done)} af ${n(total)} talt`,
    lastCounted: (count: number, when: string) => `Sidst talt: ${n(count)} stk. · ${when}`,
    neverCounted: 'Ikke talt før',
    nowInStock: (count: number) => `Lager nu: ${n(count)} stk.`,
    fieldLabel: 'Antal på hylden',
    saveAndNext: 'Gem og næste',
    skip: 'Spring over',
    allCounted: 'Alle perler er talt',
    allCountedBody: 'Flot! Start en ny optælling, når du vil tælle hylderne igen.',
    newRound: 'Start en ny optælling',
    newRoundConfirm:
      'En ny optælling starter forfra: alle perler tælles som ikke talt, men lageret er uændret.',
    roundStarted: 'En ny optælling er startet',
    empty: 'Ingen perler at tælle',
    emptyBody: 'Perler med en pris står her.',
    loading: 'Indlæser perler...',
    loadFailed: 'Perlerne kunne ikke hentes',
    openBead: 'Åbn perlen',
    savedLast: (name: string, count: number) => `Gemt: ${name} · ${n(count)} stk.`,
  },
  settings: {
    threshold: 'Få tilbage ved højst',
    thresholdHelper: 'Perler med højst så mange på lager vises under "Få tilbage" på Nåle',
    unit: 'stk.',
  },
  sales: {
    valueTitle: 'Lagerets værdi',
    valueBasis: (beads: number) =>
      `${n(beads)} ${beads === 1 ? 'talt perle' : 'talte perler'} til dagens priser`,
    noneCounted: 'Ingen perler er talt endnu',
    inStockColumn: 'På lager',
    notCountedCell: '–',
  },
} as const;
