/**
 * When a bead shows in the catalogue and when it can be sold (docs/product/beads.md). One definition each,
 * used by the server, the lists, the pickers and the todo completion.
 */

type BeadFacts = { priceOre: number; isDeleted: boolean };

/**
 * A bead is listed (Perler, the add-line picker) when it is not deleted and has a price: a 0-kr bead is one
 * typed in the todo dialog that still waits for its price, so it stays hidden until it gets one.
 */
export function isListedBead(bead: BeadFacts): boolean {
  return !bead.isDeleted && bead.priceOre > 0;
}

/** A hidden bead (deleted, or waiting for its price) is brought back when its name is used again. */
export function isHiddenBead(bead: BeadFacts): boolean {
  return !isListedBead(bead);
}

/** Completing a todo of a 0-kr bead first asks for the price ('Sæt Pris'); the server refuses it otherwise. */
export function needsPriceBeforeCompletion(bead: Pick<BeadFacts, 'priceOre'>): boolean {
  return bead.priceOre === 0;
}

/**
 * Completing a todo of a deleted bead that has a price asks the owner whether the bead comes back to the
 * catalogue: the todo dialog takes up a deleted bead's name, and whether she still sells that bead is hers
 * to say. (A deleted 0-kr bead comes back with the price 'Sæt Pris' gives it.)
 */
export function asksToBringBackBeforeCompletion(bead: BeadFacts): boolean {
  return bead.isDeleted && bead.priceOre > 0;
}
