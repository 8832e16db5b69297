/**
 * Betalingspåmindelser: the payment reminders and the reminder text.
 * Part of `texts` (src/shared/texts.ts) as `texts.reminders`.
 */
/** Betalingspåmindelser: orders waiting too long in Afventer betaling, and the reminder to copy. */
export const reminderTexts = {
  title: 'Betalingspåmindelser',
  nav: 'Betalingspåmindelser',
  intro: (days: string) => `Ordrer, der har afventet betaling i mere end ${days}, ældste først.`,
  days: { one: 'dag', other: 'dage' },
  loading: 'Indlæser betalingspåmindelser...',
  loadFailed: 'Betalingspåmindelserne kunne ikke hentes',
  empty: (days: string) => `Ingen ordrer venter på betaling i mere end ${days}`,
  emptyBody: 'Når en ordre har afventet betaling længere, vises den her.',
  waiting: (days: string) => `venter i ${days}`,
  amount: 'Beløb inkl. porto',
  /** Paid in part (docs/product/money.md): what is still owed. */
  owed: 'Mangler at betale',
  waitingSince: (date: string) => `Afventer betaling siden ${date}`,
  copy: 'Kopiér påmindelse',
  copyFor: (name: string) => `Kopiér påmindelse til ${name}`,
  copied: 'Påmindelse kopieret',
  copyFailed: 'Påmindelsen kunne ikke kopieres',
  /** Web Share: only where the browser has a share sheet. */
  share: 'Del',
  shared: 'Påmindelse delt',
  shareFailed: 'Påmindelsen kunne ikke deles',
  lastReminded: (when: string) => `Sidst påmindet ${when}`,
  notReminded: 'Ikke påmindet endnu',
  at: (date: string, time: string) => `${date} kl. ${time}`,
  showMore: 'Vis flere',
  unit: { one: 'ordre', other: 'ordrer' },
  /** Puden's small link to the reminders due. */
  shortUnit: { one: 'påmindelse', other: 'påmindelser' },
  notInvoiced: 'Fejl: Ordren afventer ikke betaling',
  /** Indstillinger → Butik: after how many days an unpaid order shows among the reminders. */
  setting: 'Påmind om betaling efter (dage)',
  settingHelper:
    'En ordre, der har afventet betaling i flere dage end dette, vises under Betalingspåmindelser.',
  settingRequired: 'Antal dage er påkrævet',
  settingInvalid: 'Antal dage skal være et helt tal fra 1 til 365',
  /** Puden: how many orders need a reminder, a link to the list. */
  due: (count: string) => `Betalingspåmindelser: ${count} venter på betaling`,
  /** The reminder she copies into Messenger or an SMS. */
  text: {
    greeting: (name: string) => (name ? `Hej ${name}` : 'Hej'),
    body: (amount: string) =>
      `Jeg skriver lige for at minde dig om betalingen for din ordre på ${amount} inkl. porto, som jeg ikke har modtaget endnu.`,
    /** With the bill's number (docs/product/money.md). */
    bodyNumbered: (number: string, amount: string) =>
      `Jeg skriver lige for at minde dig om betalingen for din ordre ${number} på ${amount} inkl. porto, som jeg ikke har modtaget endnu.`,
    /** Paid in part: what is still missing. */
    bodyRest: (number: string, paid: string, amount: string) =>
      `Jeg skriver lige for at minde dig om betalingen for din ordre ${number}. Tak for de ${paid}, jeg har fået – der mangler stadig ${amount}.`,
    payWith: (ways: string) => `Du kan betale med ${ways}.`,
    payAsk: 'Skriv endelig, hvis du vil høre, hvordan du kan betale.',
    alreadyPaid: 'Har du allerede betalt, så se bort fra denne besked – og tak!',
  },
} as const;
