/** 'Indsæt besked' (issue 46, docs/product/messages.md): a customer's message read into order lines. */
export const pasteTexts = {
  open: 'Indsæt besked',
  title: 'Indsæt besked',
  whichCustomer: 'Hvilken kunde?',
  whichCustomerHelp: 'Vælg kunden, der skrev beskeden.',
  messageLabel: 'Besked',
  messagePlaceholder:
    'Indsæt eller skriv kundens besked, fx "Hej! Må jeg få 2 røde glasperler og en rosenkvarts"',
  loadingBeads: 'Henter perler…',
  nothingYet: 'Forslagene vises her, så snart der står en besked.',
  noneFound: 'Beskeden nævner ingen perler, som findes i kataloget.',
  proposals: 'Forslag',
  unrecognised: (words: string) => `Ikke genkendt: ${words}`,
  chooseWhich: (words: string) => `Hvilken perle mener kunden med "${words}"?`,
  choose: 'Vælg perle',
  change: 'Skift perle',
  remove: 'Fjern',
  removeLabel: (name: string) => `Fjern ${name}`,
  quantityLabel: (name: string) => `Antal af ${name}`,
  fewer: 'Én færre',
  more: 'Én mere',
  toTodo: 'Læg på todo',
  toTodoSoldOut: 'Udsolgt: lægges på todo',
  toTodoNoPrice: 'Ingen pris endnu: lægges på todo',
  add: (count: number) => (count === 1 ? 'Tilføj 1 vare' : `Tilføj ${count} varer`),
  added: (lines: number, todos: number) =>
    [
      lines > 0 ? (lines === 1 ? '1 vare tilføjet' : `${lines} varer tilføjet`) : null,
      todos > 0 ? (todos === 1 ? '1 lagt på todo' : `${todos} lagt på todo`) : null,
    ]
      .filter(Boolean)
      .join(' · '),
  undone: 'Fortrudt',
  pickerTitle: 'Vælg perle',
  searchBeads: 'Søg efter perle',
  nothingToAdd: 'Der er ingen varer at tilføje',
  tooManyItems: 'Højst 50 forskellige varer ad gangen',
  quantityInvalid: 'Antal skal være et helt tal fra 1 til 99',
  needsTodo: (name: string) => `${name} har ingen pris endnu: læg den på todo`,
  undoGone: 'Kan ikke fortrydes: ordren er ikke længere aktiv',
} as const;
