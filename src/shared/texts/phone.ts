/**
 * The phone on the shop's network: the set-up page "Sæt telefonen op" that the server shows a phone
 * on plain http, Indstillinger → Telefon, and the terminal's start banner. A file of its own so that the
 * screens that do not show them do not carry them.
 */
export const phoneTexts = {
  setup: {
    pageTitle: 'Sæt telefonen op – Nålepuden',
    title: 'Sæt telefonen op',
    intro:
      'Telefonen skal én gang have tillid til butikkens eget certifikat. Så får den en sikker forbindelse til Nålepuden, og appen kan ligge på hjemmeskærmen, åbne uden net og dele regninger. Det tager et par minutter.',
    choose: 'Vælg din telefon',
    iphone: 'iPhone',
    android: 'Android',
    iphoneSteps: [
      'Åbn denne side i Safari (ikke i Chrome eller en anden app).',
      'Tryk på «Hent profil til iPhone» herunder, og tryk «Tillad».',
      'Åbn Indstillinger → Generelt → VPN og enhedsadministration. Tryk på «{navn}», og tryk «Installer».',
      'Åbn Indstillinger → Generelt → Om → Indstillinger for certifikattillid, og slå fuld tillid til for «{navn}».',
      'Kom tilbage til denne side. Den går selv videre til appen.',
    ],
    iphoneDownload: 'Hent profil til iPhone',
    androidSteps: [
      'Åbn denne side i Chrome.',
      'Tryk på «Hent certifikat til Android» herunder. Filen gemmes på telefonen.',
      'Åbn Indstillinger → Sikkerhed → Kryptering og loginoplysninger → Installer et certifikat → CA-certifikat. Tryk «Installer alligevel», og vælg filen «{fil}».',
      'Kom tilbage til denne side. Den går selv videre til appen.',
    ],
    androidDownload: 'Hent certifikat til Android',
    androidNote:
      'Menuerne hedder lidt forskelligt fra telefon til telefon. Find dem ved at søge efter «CA-certifikat» i Indstillinger.',
    fingerprintTitle: 'Certifikatets fingeraftryk (SHA-256)',
    fingerprintHint:
      'Det skal være det samme som under Indstillinger → Telefon på computeren og i telefonens visning af certifikatet.',
    waiting: 'Venter på, at telefonen stoler på certifikatet …',
    trusted: 'Telefonen stoler på certifikatet. Du sendes videre til appen …',
    continue: 'Åbn appen med sikker forbindelse',
    continueHint: 'Tryk først, når certifikatet er installeret og har fuld tillid.',
    otherDevice: 'Er du på computeren?',
    otherDeviceHint: 'Scan koden med telefonens kamera for at åbne siden på telefonen.',
    ownCertificate: 'Nålepuden bruger en sikker forbindelse. Åbn den på denne adresse:',
  },
  /** Plain http from another device than the laptop reaches no data (docs/security.md). */
  httpsRequired: 'Brug den sikre adresse (https). Åbn Nålepuden via opsætningssiden på telefonen.',
  card: {
    title: 'Telefon',
    intro:
      'Telefonen bruger Nålepuden over butikkens netværk med en sikker forbindelse. Første gang skal den have tillid til butikkens certifikat.',
    address: 'Telefonens adresse',
    scan: 'Scan koden med telefonens kamera. Den åbner opsætningen, som viser resten trin for trin.',
    qrLabel: 'QR-kode til opsætningen af telefonen',
    /** Without the shop's own root the code opens the app itself. */
    scanApp: 'Scan koden med telefonens kamera for at åbne Nålepuden.',
    qrAppLabel: 'QR-kode med Nålepudens adresse',
    fingerprint: 'Rodcertifikatets fingeraftryk (SHA-256)',
    fingerprintHint:
      'Sammenlign med fingeraftrykket, som telefonen viser under certifikatets detaljer. Er de ens, er det butikkens eget certifikat.',
    download: 'Hent certifikatet',
    removeTitle: 'Sådan fjerner du tilliden igen',
    removeIphone: 'iPhone: Indstillinger → Generelt → VPN og enhedsadministration → «{navn}» → Fjern profil.',
    removeAndroid:
      'Android: Indstillinger → Sikkerhed → Kryptering og loginoplysninger → Brugerens loginoplysninger → «{navn}» → Fjern.',
    noNetwork: 'Computeren er ikke på et netværk lige nu, så telefonen kan ikke nå den.',
    own: 'Serveren bruger dit eget certifikat (TLS_CERT). Telefonen åbner Nålepuden på:',
    offProxy: 'Nålepuden ligger bag en proxy med https. Telefonen åbner den på:',
    offHttps:
      'Den sikre forbindelse er slået fra (HTTPS=off). Telefonen kan bruge Nålepuden, men uden hjemmeskærm, uden net og uden deling.',
    loading: 'Henter telefonens opsætning …',
    loadFailed: 'Telefonens opsætning kunne ikke hentes',
    retry: 'Prøv igen',
  },
  /** The name the certificate and the iPhone profile carry, as the phone lists them. */
  rootName: 'Nålepuden {vært}',
  androidFile: 'naalepuden-rod.crt',
  banner: {
    running: 'Nålepuden kører.',
    laptop: 'På denne computer:',
    phone: 'På telefonen:',
    scan: 'Scan koden med telefonens kamera første gang, så viser den, hvordan telefonen sættes op:',
    noNetwork: 'Computeren er ikke på et netværk, så telefonen kan ikke nå den lige nu.',
    https: 'Sikker forbindelse (https) med butikkens eget certifikat, fingeraftryk',
    own: 'Sikker forbindelse (https) med dit eget certifikat:',
    off: 'Uden sikker forbindelse for telefonen (HTTPS=off).',
    proxy: 'Bag en proxy med https:',
    stop: 'Stop med Ctrl-C.',
  },
} as const;
