/**
 * Danish postcodes and their towns: typing 'Postnr.' fills in 'By'. The list (dk-postcodes.json) is
 * DAWA's public list of 2018 under the MIT licence (docs/decisions/0017-parcels-and-labels.md). A postcode it does
 * not hold is still accepted when it has the right form: the list only helps.
 */
import data from './dk-postcodes.json' with { type: 'json' };

const TOWNS: Readonly<Record<string, string>> = data.postcodes;

/** The town of a Danish postcode ('8000' → 'Aarhus C'), or undefined when the list does not know it. */
export function danishTown(postcode: string): string | undefined {
  return Object.hasOwn(TOWNS, postcode) ? TOWNS[postcode] : undefined;
}

/** How many postcodes the list holds (a test checks the file is whole). */
export const DANISH_POSTCODE_COUNT = Object.keys(TOWNS).length;
