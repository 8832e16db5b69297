/**
 * Texts that go out (docs/product/messages.md#texts-that-go-out): 'Din pakke er sendt' with its Pakkenummer and
 * tracking link, 'Din perle er kommet', and their templates in Indstillinger → Beskeder.
 * Part of `texts` (src/shared/texts.ts) as `texts.outgoing`.
 */
const n = (value: number) => value.toLocaleString('da-DK');

export const outgoingTexts = {
  /** The fields a template may use, as she writes them. */
  fields: '{navn}, {ordrenummer}, {pakkenummer}, {link} og {perle}',
  carriers: { postnord: 'PostNord', gls: 'GLS', dao: 'DAO', own: 'Egen' },
  /** The two messages' names, as the screens and the settings call them. */
  shippedTitle: 'Din pakke er sendt',
  arrivedTitle: 'Din perle er kommet',
  defaults: {
    shipped:
      'Hej {navn}\n\nDin pakke er sendt.\nPakkenummer: {pakkenummer}\nFølg den her: {link}\n\nMange hilsner',
    arrived:
      'Hej {navn}\n\nDin perle er kommet: {perle}\nDen ligger nu i din ordre og kommer med, når du bestiller.\n\nMange hilsner',
  },
  settings: {
    title: 'Beskeder',
    intro: 'Teksterne til kunderne, når en pakke er sendt, og når en perle er kommet.',
    carrierTitle: 'Fragt og sporing',
    carrier: 'Jeg sender med',
    carrierHelper: 'Linket i "Din pakke er sendt" følger fragtfirmaet, du vælger her',
    trackingUrl: (carrier: string) => `Sporingslink for ${carrier}`,
    trackingUrlHelper: '{pakkenummer} bliver til pakkens nummer',
    ownUrlHelper: 'Dit eget link, fx til et andet fragtfirma. Tomt: ingen link.',
    templatesTitle: 'Beskedernes tekst',
    templatesHelper: 'Felter: {navn}, {ordrenummer}, {pakkenummer}, {link} og {perle}',
    shippedHelper: 'Sendes, når ordren er markeret som sendt',
    arrivedHelper: 'Sendes, når perlen er lagt i kundernes ordrer',
    preview: 'Eksempel',
    previewHint: 'Sådan ser beskeden ud for en kunde',
    restoreDefault: 'Gendan standard',
    save: 'Gem',
    saved: 'Beskederne er gemt',
    loading: 'Indlæser beskederne...',
    loadFailed: 'Beskederne kunne ikke hentes',
    retry: 'Prøv igen',
  },
  /** The live examples' made-up customer and parcel. */
  sample: {
    customer: 'Anne-Marie Jensen',
    number: '2026-0042',
    trackingNumber: '00370712345678901234',
    bead: 'Rød glasperle',
  },
  errors: {
    unknownField: (field: string) =>
      `Feltet ${field} findes ikke. Brug {navn}, {ordrenummer}, {pakkenummer}, {link} eller {perle}.`,
    templateEmpty: 'Skriv en tekst, eller tryk Gendan standard',
    templateTooLong: 'Teksten må højst være på 500 tegn',
    urlInvalid: 'Linket skal begynde med https:// eller http://',
    urlNeedsNumber: 'Linket skal have {pakkenummer} et sted',
    urlTooLong: 'Linket må højst være på 300 tegn',
    urlOnlyNumber: 'Linket kan kun bruge feltet {pakkenummer}',
    carrierInvalid: 'Vælg PostNord, GLS, DAO eller Egen',
    ownUrlMissing: 'Skriv dit eget sporingslink, eller vælg et andet fragtfirma',
    trackingInvalid: 'Pakkenummeret må kun have bogstaver, tal og bindestreger',
    trackingTooLong: 'Pakkenummeret må højst være på 40 tegn',
    trackingNotReady: 'Pakkenummer kan kun sættes på en ordre, der er betalt, pakket eller sendt',
    csvEmpty: 'Filen er tom',
    csvTooLarge: 'Filen er for stor (højst 2.000 rækker)',
    csvNoReference: 'Filen har ingen kolonne "reference"',
    csvNoTracking: 'Filen har ingen kolonne med pakkenummer (fx "tracking_number" eller "pakkenummer")',
    csvRow: (row: number, message: string) => `Række ${n(row)}: ${message}`,
  },
  tracking: {
    label: 'Pakkenummer',
    helper: 'Skriv eller indsæt pakkens nummer',
    save: 'Gem',
    saved: 'Pakkenummeret er gemt',
    removed: 'Pakkenummeret er fjernet',
    readCsv: 'Læs pakkenumre fra fil',
    readCsvHelper: 'Fragtfirmaets eksport (CSV) med kolonnen "reference" fra vores fil',
    csvRead: (found: number) => (found === 1 ? '1 pakkenummer er læst' : `${n(found)} pakkenumre er læst`),
    csvUnknown: (count: number) =>
      count === 1
        ? '1 reference passede ikke på en ordre'
        : `${n(count)} referencer passede ikke på en ordre`,
    csvNone: 'Ingen af filens referencer passede på en ordre',
    reading: 'Læser...',
  },
  ready: {
    copy: 'Kopiér',
    share: 'Del',
    copied: 'Teksten er kopieret',
    shared: 'Teksten er delt',
    noLink: 'Intet sporingslink endnu: skriv pakkenummeret',
    textOf: (name: string) => `Besked til ${name}`,
  },
  shippedDialog: {
    intro:
      'Skriv eller indsæt pakkenumrene, eller læs dem fra fragtfirmaets fil. Send så beskeden til hver kunde.',
    close: 'Luk',
    pickup: 'Afhentes i butikken',
  },
  arrivedDialog: {
    intro: (customers: number) =>
      customers === 1
        ? 'Fortæl kunden, at perlen er kommet'
        : `Fortæl de ${n(customers)} kunder, at perlen er kommet`,
    withPhoto: 'Del sender perlens foto med',
    close: 'Luk',
  },
} as const;
