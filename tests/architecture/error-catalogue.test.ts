/**
 * Every refusal the server sends carries a code of the error catalogue (src/shared/schemas/api-errors.ts): the
 * services' DomainError and the HTTP glue's AppError take an `ErrorSpec` whose code is an `ApiErrorCode`, so a
 * code made up where it is thrown does not compile. The calls in `checkedByTsc` only build errors; `tsc --noEmit`
 * checks them, and each `@ts-expect-error` fails the compile as "unused" once the made-up code under it stops
 * being an error. The vitest block checks what the catalogue promises at run time: codes meant for code, Danish
 * messages meant for a toast.
 */
import { describe, expect, it } from 'vitest';
import { conflictError, invalidError, notFoundError } from '../../src/server/errors.ts';
import { AppError } from '../../src/server/http/errors.ts';
import { apiErrors } from '../../src/shared/schemas/api-errors.ts';

function checkedByTsc(): void {
  // A catalogue entry, or one whose message names a figure: both compile.
  conflictError(apiErrors.importRaced);
  invalidError({ ...apiErrors.importFileInvalid, message: 'Filen er ikke en zip-fil fra Nålepuden.' });
  new AppError(413, apiErrors.photoTooLarge);
  // @ts-expect-error a code that is not in the catalogue
  notFoundError({ code: 'SOMETHING_MADE_UP', message: 'Findes ikke' });
  // @ts-expect-error a code that is not in the catalogue, from the HTTP glue
  new AppError(400, { code: 'PHOTO_MADE_UP', message: 'Forkert foto' });
  // @ts-expect-error a status the glue does not answer with
  new AppError(500, apiErrors.photoTooLarge);
}

/**
 * What is wrong with the catalogue's entries, as 'name: problem': a code that is not stable upper case, a
 * message too short to tell a person anything, or English left from a framework or a library.
 */
function catalogueProblems(entries: Record<string, { code: string; message: string }>): string[] {
  const problems: string[] = [];
  for (const [name, entry] of Object.entries(entries)) {
    if (!/^[A-Z][A-Z_]+[A-Z]$/.test(entry.code)) problems.push(`${name}: code ${entry.code}`);
    if (entry.message.trim().length <= 5) problems.push(`${name}: message too short`);
    if (/\b(the|not|error|invalid|found)\b/i.test(entry.message))
      problems.push(`${name}: English in the message`);
  }
  return problems;
}

describe('the error catalogue', () => {
  it('has stable upper-case codes and a Danish message for each entry', () => {
    expect(catalogueProblems(apiErrors)).toEqual([]);
  });

  it('catches deliberate violations of those rules', () => {
    expect(
      catalogueProblems({
        lower: { code: 'photo_too_large', message: 'Fotoet er for stort.' },
        trailing: { code: 'PHOTO_', message: 'Fotoet er for stort.' },
        short: { code: 'PHOTO_GONE', message: ' Væk ' },
        english: { code: 'NOT_FOUND', message: 'Route not found' },
        fine: { code: 'PHOTO_TOO_LARGE', message: 'Fotoet er for stort.' },
      }),
    ).toEqual([
      'lower: code photo_too_large',
      'trailing: code PHOTO_',
      'short: message too short',
      'english: English in the message',
    ]);
  });

  it('builds the errors of the compiler check (they are only made, never thrown)', () => {
    expect(checkedByTsc).not.toThrow();
  });

  it('AppError carries the entry it was made from', () => {
    const error = new AppError(413, apiErrors.photoTooLarge);
    expect(error).toMatchObject({
      statusCode: 413,
      code: 'PHOTO_TOO_LARGE',
      message: apiErrors.photoTooLarge.message,
    });
  });
});
