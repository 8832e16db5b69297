/**
 * Pakker: the address labels, the shipping file and 'Markér som sendt'.
 * Part of `texts` (src/shared/texts.ts) as `texts.parcels`.
 */
const orders = (n: number) => (n === 1 ? '1 ordre' : `${n} ordrer`);

export const parcelTexts = {
  button: 'Adresselabels',
  dialogTitle: 'Adresselabels',
  subtitle: (status: string, n: number) => `${status} · ${orders(n)}`,
  close: 'Luk',
  sheetLabel: 'Ark',
  skipLabel: 'Spring over',
  skipHelper: (max: number) => `Labels, der allerede er brugt på arket (0–${max})`,
  skipNone: 'Én label pr. side',
  skipInvalid: (max: number) => `Spring over skal være et helt tal fra 0 til ${max}`,
  adjust: 'Justér',
  offsetRight: 'Flyt til højre (mm)',
  offsetDown: 'Flyt ned (mm)',
  offsetHelper: 'Negativt tal: til venstre eller op',
  offsetInvalid: 'Skriv et tal fra -10 til 10 mm',
  testSheet: 'Prøveark',
  testSheetHelp:
    'Udskriv prøvearket på almindeligt papir, og hold det mod et ark labels op mod lyset. Flyt udskriften, til rammerne passer på labels.',
  printNote: 'Udskriv i 100 % / faktisk størrelse',
  ordersLabel: 'Ordrer med labels',
  selectedCount: (selected: number, total: number) => `${selected} af ${orders(total)} valgt`,
  tickOrder: (name: string) => `Label til ${name}`,
  missingAddress: 'mangler adresse',
  needsCheck: 'Tjek adressen',
  fixAddress: 'Ret adressen',
  pickup: 'Ingen porto: afhentes?',
  downloadPdf: 'Hent PDF',
  downloadCsv: 'Hent CSV',
  markShipped: 'Markér som sendt',
  marking: 'Markerer...',
  shipped: (n: number) => `${orders(n)} markeret som sendt`,
  undo: 'Fortryd',
  undone: (n: number) => `${orders(n)} sat tilbage`,
  undoNothing: 'Ordrerne er allerede ændret; intet at fortryde',
  noneSelected: 'Vælg mindst én ordre med adresse',
  empty: 'Ingen ordrer at sende',
  emptyBody: 'Ordrer i denne status står her med deres adresse.',
  loading: 'Indlæser ordrer...',
  loadFailed: 'Ordrerne kunne ikke hentes',
  retry: 'Prøv igen',
  pdfTitle: 'Adresselabels',
  testSheetTitle: 'Prøveark',
  offsetSummary: (right: string, down: string) => `Flyttet ${right} mm til højre, ${down} mm ned`,
  /** The API's refusals. */
  noLabels: 'Ingen af de valgte ordrer har en adresse, der kan bruges',
  notReady:
    'En af ordrerne er ikke længere klar til at blive sendt (den er ændret i mellemtiden). Listen er opdateret; prøv igen.',
  undoExpired: 'Afsendelsen kan ikke længere fortrydes',
  orderListInvalid: 'Listen over ordrer kan ikke læses',
  /** The downloaded files' names. */
  pdfFile: 'adresselabels.pdf',
  testSheetFile: 'proveark.pdf',
  csvFile: 'forsendelser.csv',
} as const;
