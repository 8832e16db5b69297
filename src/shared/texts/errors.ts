/** The errors every screen may show, the login page too; texts.ts includes them as `texts.errors`. */
export const errorTexts = {
  notFound: 'Findes ikke',
  invalidInput: 'Ugyldige data',
  server: 'Der opstod en fejl på serveren. Prøv igen.',
  network: 'Kunne ikke få forbindelse til serveren',
  unexpected: 'Der opstod en uventet fejl',
  badUrl: 'Ugyldig adresse',
  urlTooLong: 'Adressen er for lang',
  bodyTooLarge: 'Forespørgslen er for stor',
  diskFull: 'Computerens disk er fuld, så ændringen er ikke gemt. Frigør plads på computeren, og prøv igen.',
  diskFullPostgres:
    'Disken under databasen (PostgreSQL) er fuld, så ændringen er ikke gemt. Frigør plads på databasens disk, og prøv igen.',
  databaseUnavailable:
    'Databasen svarer ikke lige nu. Prøv igen om lidt (en ændring, du lige har lavet, er måske ikke gemt).',
  bodyTooDeep: (levels: number) => `Forespørgslen er indlejret for dybt (højst ${levels} niveauer)`,
  unsupportedMediaType: 'Forespørgslen har et format, som serveren ikke forstår',
  invalidJson: 'Forespørgslen er ikke gyldig JSON',
  methodNotAllowed: 'Handlingen er ikke tilladt her',
} as const;
