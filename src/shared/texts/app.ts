/**
 * The app's frame: its name, the menu, the update prompt, live and offline states, common buttons, validation
 * messages shared by every form, and Puden's own words.
 * Part of `texts` (src/shared/texts.ts): `texts.app`, `texts.appUpdate`, `texts.nav`, `texts.live`, `texts.offline`, `texts.common`, `texts.validation`, `texts.pillow`.
 */
export const appTexts = {
  app: {
    name: 'Nålepuden',
    menu: 'Menu',
    fatalTitle: 'Noget gik galt',
    fatalBody: 'Der opstod en uventet fejl. Prøv at genindlæse siden.',
    reload: 'Genindlæs siden',
    unexpectedError: 'Der opstod en uventet fejl. Prøv at genindlæse siden.',
    notFoundTitle: 'Siden findes ikke',
    notFoundBody: 'Adressen passer ikke til nogen side i Nålepuden.',
    toFrontPage: 'Til forsiden',
    loading: 'Indlæser...',
    clearSearchField: 'Ryd søgefeltet',
  },
  /** The installed app's update prompt: a new version's service worker waits for the owner. */
  appUpdate: {
    ready: 'Ny version klar',
    note: 'Genindlæs for at bruge den nye version.',
    reload: 'Genindlæs',
  },
  nav: {
    pillow: 'Puden',
    customers: 'Kunder',
    beads: 'Nåle',
    orders: 'Ordrer',
    todos: 'Todo',
    logout: 'Log ud',
    // Salg.
    sales: 'Salg',
  },
  live: {
    down: 'Ikke live',
    downHint:
      'Forbindelsen til live-opdateringer er afbrudt. Ændringer fra andre enheder vises, når den er tilbage.',
  },
  offline: {
    banner: 'Offline – viser senest hentede data',
    waiting: { one: 'ændring venter', other: 'ændringer venter' },
    waitingUnit: { one: 'ændring', other: 'ændringer' },
    /** Online again while queued changes are being sent: 'Sender 3 ændringer…'. */
    sending: (count: string) => `Sender ${count}…`,
    queued: 'Gemt – sendes når du er online igen',
    /** Under the server's own Danish message when a change made offline is refused when it is sent. */
    replayRefused: 'Ændringen blev lavet offline og er ikke gemt.',
    queuedLines: 'Venter på at blive sendt',
  },
  common: {
    add: 'Tilføj',
    addNew: 'Tilføj Ny',
    open: 'Åben',
    cancel: 'Fortryd',
    delete: 'Slet',
    confirmDelete: 'Bekræft sletning',
    changePrice: 'Ændré Pris',
    clearSearch: 'Ryd søgning',
    clear: 'Ryd',
    showAll: 'Vis alle',
    adding: 'Tilføjer...',
    saving: 'Gemmer...',
    yes: 'Ja',
    no: 'Nej',
    close: 'Luk',
    jumpTo: (letter: string) => `Gå til ${letter}`,
  },
  validation: {
    invalid: 'Ugyldig værdi',
    idRequired: 'Id mangler',
    priceRequired: 'Pris er påkrævet',
    priceInvalid: 'Indtast en gyldig pris',
    priceNegative: 'Prisen må ikke være negativ',
    priceTooManyDecimals: 'Prisen må højst have to decimaler',
    priceTooHigh: 'Prisen er for høj',
    pricePositive: 'Prisen skal være over 0',
    saleTypeInvalid: 'Ukendt tilbud',
    booleanInvalid: 'Vælg ja eller nej',
    idempotencyKeyInvalid: 'Ugyldig forespørgsel. Prøv igen.',
  },
  pillow: {
    title: 'Puden',
    statisticsLabel: 'Statistik for aktive ordrer',
  },
} as const;
