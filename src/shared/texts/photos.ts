/**
 * Bead photos (decision 0016): taking and choosing them, the gallery, sharing, and every refusal in Danish.
 * Part of `texts` (src/shared/texts.ts) as `texts.photos`.
 */
export const photoTexts = {
  take: 'Tag foto',
  choose: 'Vælg foto',
  share: 'Del',
  download: 'Hent foto',
  title: 'Fotos',
  empty: 'Ingen fotos endnu',
  emptyBody: 'Tag et foto af perlen, så du og kunderne kan se den.',
  cover: 'Forside',
  makeCover: 'Gør til forside',
  moveEarlier: 'Flyt til venstre',
  moveLater: 'Flyt til højre',
  remove: 'Slet foto',
  removed: 'Foto slettet',
  undo: 'Fortryd',
  restored: 'Fotoet er tilbage',
  added: (n: number) => (n === 1 ? 'Foto tilføjet' : `${n} fotos tilføjet`),
  uploading: 'Sender foto…',
  uploadProgress: (percent: number) => `Sender foto: ${percent} %`,
  preparing: 'Gør fotoet klar…',
  waiting: 'venter',
  waitingLong: 'Venter på netværket. Fotoet sendes, når der er forbindelse.',
  queued: 'Fotoet er gemt på telefonen og sendes, når der er forbindelse.',
  open: (name: string, n: number, of: number) => `Vis foto ${n} af ${of} af ${name}`,
  stripPhoto: (n: number, of: number, cover: boolean) => `Foto ${n} af ${of}${cover ? ' (forside)' : ''}`,
  strip: 'Perlens fotos',
  photoOf: (name: string) => `Foto af ${name}`,
  viewer: (name: string) => `Fotos af ${name}`,
  close: 'Luk',
  previous: 'Forrige foto',
  next: 'Næste foto',
  zoomHint: 'Knib eller dobbelttryk for at zoome',
  count: (n: number, max: number) => `${n} af ${max} fotos`,
  shareText: (name: string, price: string) => `${name} – ${price}`,
  shareFailed: 'Fotoet kunne ikke deles.',
  notReadyToShare: 'Fotoet hentes stadig. Prøv igen om et øjeblik.',
  selected: (n: number) => (n === 1 ? '1 foto valgt' : `${n} fotos valgt`),
  unselect: 'Fjern foto',
  addLaterHint: 'Fotos sendes, når perlen er oprettet.',
  /** The export with photos (a zip) and its import (Indstillinger, npm run export/import). */
  archive: {
    exportZip: 'Hent alt med fotos (zip)',
    exportZipHint: 'Zip-filen har JSON-filen og alle perlernes fotos i mappen photos/.',
    notZip: 'Filen er ikke en zip-fil fra Nålepuden.',
    unreadable: 'Zip-filen kan ikke læses. Den er ikke hel, eller den er ikke lavet af Nålepuden.',
    noExport: 'Zip-filen har ingen naalepuden-eksport.json.',
    tooLarge: (megabytes: number) =>
      `Zip-filen er for stor til at sende over netværket (højst ${megabytes} MB). Brug npm run import på computeren.`,
    photosImported: (photos: number, beads: number, dryRun: boolean) =>
      dryRun
        ? `Filen har ${photos} fotos til ${beads} perler. De lægges ind sammen med perlerne.`
        : `${photos} fotos til ${beads} perler er lagt ind.`,
    photosLeftOut: (beads: number) =>
      `Fotos til ${beads} perler er ikke lagt ind: perlen findes ikke, har allerede fotos, eller et foto i filen kan ikke bruges.`,
  },
  /** Refusals, the same on the phone and on the server. */
  refused: {
    notPhoto: 'Filen er ikke et foto, som kan bruges her. Vælg et foto i JPEG, PNG eller WebP.',
    heic:
      "Fotoet er i iPhonens HEIC-format, som ikke kan bruges her. Vælg 'Mest kompatibel' under " +
      'Indstillinger → Kamera → Formater, og tag fotoet igen.',
    tooLarge: 'Fotoet er for stort. Et foto må højst fylde 15 MB.',
    tooManyPixels: 'Fotoet har for mange pixels. Et foto må højst have 50 megapixel.',
    broken: 'Fotoet er ufuldstændigt eller beskadiget og kan ikke bruges. Prøv at tage det igen.',
    tooManyFiles: 'Vælg højst 6 fotos ad gangen.',
    beadFull: 'En perle kan højst have 6 fotos. Slet et foto, før du tilføjer et nyt.',
    noFile: 'Vælg et foto.',
    notMultipart: 'Fotoet skal sendes som en fil.',
    notFound: 'Fotoet findes ikke.',
    notOnBead: 'Fotoet hører ikke til perlen.',
    badOrder: 'Rækkefølgen skal nævne perlens fotos, hvert én gang.',
    busy: 'Serveren har travlt med andre fotos. Prøv igen om et øjeblik.',
  },
} as const;
