/**
 * Indstillinger → Data: export, import, backups and restore.
 * Part of `texts` (src/shared/texts.ts) as `texts.data`.
 */
export const dataTexts = {
  title: 'Indstillinger',
  nav: 'Indstillinger',
  tables: {
    customers: { one: 'kunde', other: 'kunder', title: 'Kunder', file: 'kunder' },
    beads: { one: 'perle', other: 'perler', title: 'Perler', file: 'perler' },
    todos: { one: 'todo', other: 'todos', title: 'Todos', file: 'todos' },
    orders: { one: 'ordre', other: 'ordrer', title: 'Ordrer', file: 'ordrer' },
    orderLines: { one: 'ordrelinje', other: 'ordrelinjer', title: 'Ordrelinjer', file: 'ordrelinjer' },
    stockMovements: {
      one: 'lagerbevægelse',
      other: 'lagerbevægelser',
      title: 'Lagerbevægelser',
      file: 'lagerbevaegelser',
    },
    creditNotes: { one: 'kreditnota', other: 'kreditnotaer', title: 'Kreditnotaer', file: 'kreditnotaer' },
    payments: { one: 'betaling', other: 'betalinger', title: 'Betalinger', file: 'betalinger' },
  },
  importTitle: 'Flyt data ind',
  importIntro:
    'Vælg en JSON-eksport fra den gamle app eller fra Nålepuden. Du ser først en rapport over, hvad der vil ske; intet gemmes, før du trykker Importér.',
  chooseFile: 'Vælg fil',
  readingFile: 'Læser filen...',
  checking: 'Tjekker filen...',
  importButton: 'Importér',
  importReady: 'Tjek rapporten, og tryk Importér for at gemme.',
  importing: 'Importerer...',
  cancel: 'Fortryd',
  imported: 'Data er importeret',
  dryRunTitle: 'Prøvekørsel: intet er gemt endnu',
  doneTitle: 'Importen er gennemført',
  fileName: (name: string) => `Fil: ${name}`,
  countsTable: 'Antal rækker pr. tabel',
  countsHeader: {
    table: 'Tabel',
    inFile: 'I filen',
    added: 'Nye',
    alreadyPresent: 'Findes',
    skipped: 'Udeladt',
  },
  issuesTitle: 'Konflikter og rettelser',
  noIssues: 'Ingen konflikter: alt kan importeres, som det er.',
  idsLabel: (ids: string) => `Id'er: ${ids}`,
  moreIds: (count: number) => `og ${count} flere`,
  summary: (dryRun: boolean, added: number, present: number, skipped: number) => {
    const rows = (n: number) => `${n} ${n === 1 ? 'række' : 'rækker'}`;
    return dryRun
      ? `Importen vil tilføje ${rows(added)}. ${present} findes allerede og røres ikke. ${skipped} springes over.`
      : `Importen tilføjede ${rows(added)}. ${present} fandtes allerede og blev ikke rørt. ${skipped} blev sprunget over.`;
  },
  fileNotJson: 'Filen er ikke gyldig JSON',
  fileTooDeep: (levels: number) =>
    `Filen er indlejret i mere end ${levels} niveauer og kan ikke være en eksport`,
  /** The import's file size limit, shown on the card (limits.ts MAX_IMPORT_BYTES). */
  maxFileSize: (megabytes: number) => `Højst ${megabytes} MB`,
  fileTooLarge: (megabytes: number) => `Filen er for stor: højst ${megabytes} MB`,
  fileUnknownFormat: 'Filen er hverken en eksport fra den gamle app eller fra Nålepuden',
  fileUnknownVersion: (version: string) => `Nålepuden-eksport i version ${version} kendes ikke`,
  fileInvalid: (where: string, problem: string) => `Eksportfilen kan ikke læses (${where}): ${problem}`,
  duplicateId: (id: string) => `id'et "${id}" findes to gange`,
  importRaced: 'Data blev ændret, mens importen kørte. Intet er gemt; prøv igen.',
  report: {
    alreadyPresent: (count: number, what: string) =>
      `${count} ${what} findes allerede med samme id og er ikke ændret.`,
    collectionIgnored: (name: string, count: number) =>
      `Samlingen "${name}" (${count} ${count === 1 ? 'dokument' : 'dokumenter'}) hører ikke til butikkens data og er ikke importeret.`,
    subcollectionIgnored: (collection: string, id: string, names: string) =>
      `Dokumentet "${id}" i ${collection} har underkollektioner (${names}), som ikke er importeret.`,
    documentInvalid: (collection: string, id: string) =>
      `Dokumentet "${id}" i ${collection} er ikke et objekt og er sprunget over.`,
    customerNameMissing: (id: string) => `Kunden "${id}" har intet navn og er sprunget over.`,
    customerNameDuplicate: (id: string, name: string, otherId: string, newName: string) =>
      `Kunden "${id}" hedder "${name}" ligesom kunden "${otherId}"; den er importeret som "${newName}".`,
    hiddenCustomerMerged: (id: string, otherId: string) =>
      `Kunden "${id}" er endnu en testkunde "{name}" ligesom "${otherId}"; dens ordrer og todos er lagt under "${otherId}".`,
    beadNameMissing: (id: string) => `Perlen "${id}" har intet navn og er sprunget over.`,
    beadNameDuplicate: (id: string, name: string, otherId: string, newName: string) =>
      `Perlen "${id}" hedder "${name}" ligesom perlen "${otherId}"; den er importeret som "${newName}".`,
    beadPriceInvalid: (id: string, value: string) =>
      `Perlen "${id}" har en ugyldig pris (${value}); den er importeret med prisen 0 kr.`,
    beadSaleTypeUnknown: (id: string, value: string) =>
      `Perlen "${id}" har det ukendte tilbud "${value}"; den er importeret uden tilbud.`,
    todoBeadMissing: (id: string, beadId: string) =>
      `Todoen "${id}" peger på perlen "${beadId}", som ikke findes; todoen er sprunget over.`,
    todoCustomerMissing: (id: string, customerId: string) =>
      `Todoen "${id}" peger på kunden "${customerId}", som ikke findes; todoen er importeret uden kunde.`,
    todoAmountInvalid: (id: string, value: string) =>
      `Todoen "${id}" har et ugyldigt antal (${value}); todoen er sprunget over.`,
    todoMerged: (id: string, intoId: string) =>
      `Todoen "${id}" gælder samme perle og kunde som todoen "${intoId}"; antallene er lagt sammen i "${intoId}".`,
    todoExists: (id: string, existingId: string) =>
      `Todoen "${id}" gælder samme perle og kunde som den eksisterende todo "${existingId}"; den er sprunget over.`,
    orderCustomerMissing: (id: string, customerId: string) =>
      `Ordren "${id}" peger på kunden "${customerId}", som ikke findes; den er importeret uden kunde (Ukendt kunde).`,
    orderStatusUnknown: (id: string, value: string) =>
      `Ordren "${id}" har den ukendte status "${value}"; den er importeret som Afventer betaling.`,
    orderDateMissing: (id: string) =>
      `Ordren "${id}" har ingen gyldig dato; den har fået datoen for sin første linje (eller importens tidspunkt).`,
    orderActiveDuplicate: (olderId: string, keptId: string, customer: string) =>
      `Kunden "${customer}" har to aktive ordrer, "${olderId}" og "${keptId}"; den ældste, "${olderId}", er sat til Afventer betaling.`,
    orderActiveExisting: (id: string, existingId: string, customer: string) =>
      `Kunden "${customer}" har allerede den aktive ordre "${existingId}"; den importerede ordre "${id}" er sat til Afventer betaling.`,
    lineOrderMissing: (id: string, orderId: string) =>
      `Ordrelinjen "${id}" peger på ordren "${orderId}", som ikke findes; linjen er sprunget over.`,
    lineBeadMissingSkipped: (id: string, beadId: string) =>
      `Ordrelinjen "${id}" peger på perlen "${beadId}", som ikke findes; linjen er sprunget over.`,
    lineIncomplete: (id: string) =>
      `Ordrelinjen "${id}" har hverken en perle eller en tekst; linjen er sprunget over.`,
    linePriceInvalid: (id: string, value: string) =>
      `Ordrelinjen "${id}" har en ugyldig pris (${value}); den er importeret med prisen 0 kr.`,
    nameTooLong: (collection: string, id: string, length: number) =>
      `Navnet på "${id}" i ${collection} er på ${length} tegn (højst 120); rækken er sprunget over.`,
    todoMergeTooLarge: (id: string, intoId: string) =>
      `Todoen "${id}" gælder samme perle og kunde som todoen "${intoId}", men tilsammen bliver antallet over 999; todoen er sprunget over.`,
    dateInvalid: (collection: string, id: string, value: string) =>
      `"${id}" i ${collection} har en ugyldig dato (${value}); importens tidspunkt er brugt.`,
    lineDateMissing: (id: string) => `Ordrelinjen "${id}" har ingen gyldig dato; den har fået ordrens dato.`,
    customerFieldInvalid: (id: string, field: string, problem: string) =>
      `Kunden "${id}" har ${field}, som ikke kan bruges (${problem}); kunden er sprunget over.`,
    customerFields: {
      phone: 'et telefonnummer',
      email: 'en e-mail',
      address: 'en adresse',
      archivedAt: 'en arkiveringsdato',
    },
    archivedAtInvalid: 'ugyldig dato',
    orderPostageInvalid: (id: string, value: string) =>
      `Ordren "${id}" har en ugyldig porto (${value}); ordren og dens linjer er sprunget over.`,
    shopSettingsImported:
      'Butikkens indstillinger (navn, porto, MobilePay, bankkonto og regningens tekster) sættes til filens.',
    shopSettingsUnchanged: 'Butikkens indstillinger i filen er de samme som her; de er ikke ændret.',
    shopSettingsInvalid: (problem: string) =>
      `Butikkens indstillinger i filen kan ikke bruges (${problem}); indstillingerne her er ikke ændret.`,
    stockMovementInvalid: (id: string) => `Lagerbevægelsen "${id}" kan ikke læses; den er sprunget over.`,
    stockMovementBeadMissing: (id: string, beadId: string) =>
      `Lagerbevægelsen "${id}" peger på perlen "${beadId}", som ikke findes; den er sprunget over.`,
    // The money (version 4): a number is never given anew, so a row whose number cannot stand is left out.
    orderMoneyInvalid: (id: string, field: string, value: string) =>
      `Ordren "${id}" har ${field}, som ikke kan bruges (${value}); ordren og dens linjer er sprunget over.`,
    orderMoneyFields: {
      number: 'et nummer',
      billedAt: 'en regningsdato',
      billVoid: 'en markering for Annulleret',
      vatRegistered: 'en markering for moms',
      settledAt: 'en dato for betalingen',
      pickup: 'en markering for Afhentning',
      discount: 'en rabat',
    },
    orderNumberTaken: (id: string, number: string) =>
      `Ordren "${id}" har nummeret ${number}, som allerede er brugt her; et nummer skifter aldrig, så ordren og dens linjer er sprunget over.`,
    creditNoteInvalid: (id: string, problem: string) =>
      `Kreditnotaen "${id}" kan ikke bruges (${problem}); den er sprunget over.`,
    creditNoteOrderMissing: (id: string, orderId: string) =>
      `Kreditnotaen "${id}" hører til ordren "${orderId}", som ikke findes; kreditnotaen er sprunget over.`,
    creditNoteNumberTaken: (id: string, number: string) =>
      `Kreditnotaen "${id}" har nummeret ${number}, som allerede er brugt her; et nummer skifter aldrig, så kreditnotaen er sprunget over.`,
    creditNoteLineTaken: (id: string, lineId: string) =>
      `Kreditnotaen "${id}" krediterer ordrelinjen "${lineId}", som allerede er krediteret; kreditnotaen er sprunget over.`,
    paymentInvalid: (id: string, problem: string) =>
      `Betalingen "${id}" kan ikke bruges (${problem}); den er sprunget over.`,
    paymentOrderMissing: (id: string, orderId: string) =>
      `Betalingen "${id}" hører til ordren "${orderId}", som ikke findes; betalingen er sprunget over.`,
    paymentCreditNoteMissing: (id: string, creditNoteId: string) =>
      `Tilbagebetalingen "${id}" hører til kreditnotaen "${creditNoteId}", som ikke er importeret; den er sprunget over.`,
    /** What is wrong with a payment or credit note, by the field the check stopped at. */
    rowProblems: {
      id: 'mangler id',
      orderId: 'mangler ordre',
      creditNoteId: 'ugyldig kreditnota',
      amountOre: 'ugyldigt beløb',
      method: 'ukendt betalingsmåde',
      paidOn: 'ugyldig dato',
      recordedAt: 'ugyldigt tidspunkt',
      deletedAt: 'ugyldigt tidspunkt for sletningen',
      movedStatus: 'ugyldig værdi',
      number: 'ugyldigt nummer',
      createdAt: 'ugyldig dato',
      goodsOre: 'ugyldigt beløb',
      postageOre: 'ugyldigt beløb',
      discountOre: 'ugyldigt beløb',
      totalOre: 'beløbene passer ikke sammen',
      vatOre: 'ugyldigt beløb',
      lines: 'ugyldige linjer',
      duplicate: "id'et findes to gange",
      other: 'ugyldig værdi',
    },
  },
  exportTitle: 'Eksport',
  exportIntro:
    'Hent alle butikkens data. JSON-filen kan importeres igen; CSV-filerne åbner i Excel med æ, ø og å.',
  exportJson: 'Hent alt som JSON',
  exportCsvTitle: 'CSV (én fil pr. tabel)',
  csvHeaders: {
    id: 'Id',
    name: 'Navn',
    createdAt: 'Oprettet',
    price: 'Pris (kr)',
    saleType: 'Tilbud',
    isDeleted: 'Slettet',
    beadId: 'Perle-id',
    bead: 'Perle',
    customerId: 'Kunde-id',
    customer: 'Kunde',
    amount: 'Antal',
    status: 'Status',
    homeDelivery: 'Hjemmelevering',
    orderId: 'Ordre-id',
    text: 'Tekst',
    addedAt: 'Tilføjet',
    phone: 'Telefon',
    email: 'E-mail',
    address: 'Adresse',
    address2: 'Ekstra adresselinje',
    postcode: 'Postnr.',
    city: 'By',
    country: 'Land',
    addressNeedsCheck: 'Tjek adressen',
    archivedAt: 'Arkiveret',
    postage: 'Porto (kr)',
    kind: 'Type',
    at: 'Tidspunkt',
    reason: 'Årsag',
    number: 'Nummer',
    billedAt: 'Regningsdato',
    billVoid: 'Annulleret',
    vatRegistered: 'Momsregistreret',
    settledAt: 'Betalt',
    pickup: 'Afhentning',
    discount: 'Rabat',
    orderNumber: 'Ordrens nummer',
    amountKr: 'Beløb (kr)',
    method: 'Betalingsmåde',
    paidOn: 'Betalt den',
    recordedAt: 'Registreret',
    deletedAt: 'Slettet',
    creditNoteId: 'Kreditnota-id',
    goods: 'Varer (kr)',
    discountKr: 'Rabat (kr)',
    total: 'I alt (kr)',
    vat: 'Heraf moms (kr)',
    lines: 'Linjer',
  },
  backupsTitle: 'Sikkerhedskopier',
  backupsIntro: (keep: { nightly: number; start: number; manual: number; beforeRestore: number }) =>
    `Nålepuden tager en sikkerhedskopi af databasen, når serveren starter, og hver nat kl. 3 (dansk tid). Der gemmes de seneste ${keep.nightly} fra natten, ${keep.start} ved start, ${keep.manual} taget i hånden og ${keep.beforeRestore} fra før en gendannelse.`,
  backupsLoading: 'Indlæser sikkerhedskopier...',
  backupsEmpty: 'Ingen sikkerhedskopier endnu',
  backupsLoadFailed: 'Sikkerhedskopierne kunne ikke hentes',
  backupList: 'Gemte sikkerhedskopier',
  retry: 'Prøv igen',
  backupNow: 'Tag sikkerhedskopi nu',
  backingUp: 'Tager sikkerhedskopi...',
  backupTaken: 'Sikkerhedskopien er taget',
  backupsFolder: (directory: string) => `Mappe: ${directory}`,
  nextBackup: (when: string) => `Næste automatiske kopi: ${when}`,
  restoreHint: 'Gendan en kopi med "npm run restore -- FILNAVN", mens serveren er stoppet.',
  backupsPostgres:
    'Databasen er PostgreSQL: Nålepuden tager ikke selv sikkerhedskopier. Brug pg_dump (se README).',
  backupKinds: {
    start: 'Ved start',
    nightly: 'Om natten',
    manual: 'Taget i hånden',
    beforeRestore: 'Før gendannelse',
  },
  backupsOnlySqlite: 'Sikkerhedskopier tages kun, når databasen er SQLite',
  cli: {
    importUsage: 'Brug: npm run import -- FIL.json|FIL.zip [--dry-run]',
    exportUsage: 'Brug: npm run export -- --format json|csv|zip --out STI',
    restoreUsage: 'Brug: npm run restore -- FIL',
    fileNotFound: (file: string) => `Filen findes ikke: ${file}`,
    exported: (where: string) => `Eksporteret til ${where}`,
    restoreOnlySqlite:
      'Gendannelse virker kun med SQLite. På PostgreSQL gendanner du med pg_restore eller psql (se README).',
    serverRunning: (pid: number | null) =>
      `Serveren kører${pid === null ? '' : ` (proces ${pid})`}. Stop den først; en database i brug kan ikke gendannes.`,
    backupDamaged: (problem: string) => `Sikkerhedskopien er beskadiget og er ikke gendannet: ${problem}`,
    notNaalepuden: 'Filen er ikke en Nålepuden-database og er ikke gendannet.',
    savedCurrent: (file: string) => `Den nuværende database er gemt som ${file}`,
    restored: (from: string, to: string) => `Gendannet ${from} til ${to}. Start serveren igen.`,
  },
} as const;
