/**
 * The backups' second copy, their checks and the disk: Indstillinger → Sikkerhedskopier, the
 * banner, and `npm run restore -- --check`.
 */
export const backupTexts = {
  copyTitle: 'Kopi et andet sted',
  copyNone:
    'Sikkerhedskopierne ligger kun på denne computer. Sæt BACKUP_COPY_DIR til en mappe, som OneDrive, Dropbox eller iCloud Drive synkroniserer, eller til en USB-disk, så overlever de, hvis computeren bliver væk.',
  copyWhere: 'Kopierne gemmes også i',
  lastCopy: (when: string) => `Seneste kopi: ${when}`,
  noCopyYet: 'Der er endnu ikke taget en kopi.',
  lastFailure: (when: string, reason: string) => `Kopien slog fejl ${when}: ${reason}`,
  /** One per reason a copy fails (schemas/api-data.ts checks that none is missing). */
  reasons: {
    missing: 'Mappen findes ikke. Er USB-disken sat i, eller er mappen flyttet?',
    notFolder: 'Stien er ikke en mappe.',
    noAccess: 'Der er ikke adgang til at skrive i mappen.',
    full: 'Der er ikke plads på disken.',
    unverified: 'Kopien kunne ikke læses igen og er ikke gemt.',
    other: 'Kopien kunne ikke skrives.',
  },
  verified: (when: string) => `Seneste sikkerhedskopi er kontrolleret ${when}`,
  verifyFailed: (when: string) =>
    `Sikkerhedskopien ${when} kunne ikke tages eller kontrolleres. Se serverens log.`,
  lastCheck: (when: string, customers: string, orders: string) =>
    `Prøvegendannet ${when}: ${customers} kunder og ${orders} ordrer kunne læses`,
  noCheckYet: 'Der er endnu ikke prøvegendannet en sikkerhedskopi (det sker hver nat).',
  /** A backup in the list whose pictures are missing or damaged (found by the checks). */
  picturesBroken: (count: number) =>
    count === 1
      ? '1 foto mangler eller er beskadiget: kan ikke gendannes'
      : `${count} fotos mangler eller er beskadigede: kan ikke gendannes`,
  diskFree: (free: string) => `Ledig plads på disken: ${free}`,
  diskLow: (free: string) =>
    `Der er kun ${free} ledig plads på computerens disk. Når disken er fuld, kan intet gemmes. Slet nogle filer, eller flyt data.`,
  postgresSize: (size: string) => `Databasen fylder ${size}.`,
  postgresDisk:
    'Den ledige plads på databasens disk kan Nålepuden ikke måle herfra: den er på den computer, PostgreSQL kører på, så hold øje med den dér. Bliver disken fuld, afvises ændringer med en besked, og alt, der allerede er gemt, bevares.',
  bannerCopyFailed: 'Sikkerhedskopien kunne ikke kopieres til den anden mappe.',
  bannerCopyOld: 'Der er ikke kopieret en sikkerhedskopi til den anden mappe i over 2 døgn.',
  bannerDiskLow: (free: string) => `Disken er næsten fuld (${free} ledig).`,
  bannerOpen: 'Se Sikkerhedskopier',
  cli: {
    checkUsage: 'Brug: npm run restore -- --check [FIL]',
    noBackups: (dir: string) => `Der er ingen sikkerhedskopier i ${dir}`,
    checking: (file: string) => `Prøvegendanner ${file} i en midlertidig fil …`,
    checkPassed: (file: string) => `Prøvegendannelsen lykkedes: ${file} kan gendannes. Den indeholder:`,
    checkFailed: (file: string, problem: string) => `Prøvegendannelsen mislykkedes for ${file}: ${problem}`,
    tables: {
      customers: 'kunder',
      beads: 'perler',
      todos: 'todos',
      orders: 'ordrer',
      order_lines: 'ordrelinjer',
    },
    untouched: 'Butikkens database og sikkerhedskopier er ikke rørt.',
    /** A backup's named pictures that are not whole in the shared folder. */
    picturesProblem: (missing: number, damaged: number, folder: string) =>
      `${[
        missing > 0 ? `${missing} af dens fotos mangler` : '',
        damaged > 0 ? `${damaged} af dens fotos er beskadigede` : '',
      ]
        .filter(Boolean)
        .join(' og ')} i ${folder}`,
    picturesBroken: (problem: string) => `Sikkerhedskopien kan ikke gendannes: ${problem}. Intet er ændret.`,
    picturesChecked: (count: number) => `  fotos: ${count} (alle hele)`,
  },
} as const;
