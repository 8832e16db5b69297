/**
 * Salg: the year's sales, months and top beads.
 * Part of `texts` (src/shared/texts.ts) as `texts.sales`.
 */
// Salg, the sales overview of shipped orders per month.
export const salesTexts = {
  title: 'Salg',
  loading: 'Henter salg…',
  yearLabel: 'År',
  empty: (year: number) => `Intet salg i ${year}`,
  emptyHint: 'Salget tælles med, når en ordre er afsendt.',
  basis:
    'Afsendte ordrer, efter afsendelsesdato (ellers ordrens dato). Omsætning (varer) er uden porto; porto står for sig. Gns. køb er varer pr. ordre.',
  chartTitle: (year: number) => `Omsætning (varer) pr. måned i ${year}`,
  chartLabel: (year: number) =>
    `Søjlediagram: omsætning (varer) pr. måned i ${year}. Tallene står i tabellen herunder.`,
  tableCaption: (year: number) => `Salg pr. måned i ${year}`,
  month: 'Måned',
  orders: 'Ordrer',
  goods: 'Omsætning (varer)',
  postage: 'Porto',
  average: 'Gns. køb',
  total: 'I alt',
  totalsTitle: 'Året i tal',
  downloadCsv: 'Hent som CSV',
  csvFile: (year: number) => `salg-${year}.csv`,
  topUnitsTitle: 'Top 10 perler efter antal',
  topRevenueTitle: 'Top 10 perler efter omsætning',
  rank: 'Nr.',
  bead: 'Perle',
  units: 'Antal',
  revenue: 'Omsætning',
  noBeads: 'Ingen perler solgt',
  pairNote: 'En makker i "2 for 125" tæller med halvdelen af parrets pris (62,50 kr).',
  badYear: 'Året skal være et årstal mellem 2000 og 2100',
} as const;
