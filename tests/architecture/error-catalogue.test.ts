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

describe('the error catalogue', () => {
  it('has stable upper-case codes and a Danish message for each entry', () => {
    for (const [name, entry] of Object.entries(apiErrors)) {
      expect(entry.code, name).toMatch(/^[A-Z][A-Z_]+[A-Z]$/);
      expect(entry.message.trim().length, name).toBeGreaterThan(5);
      // No English left from a framework or a library.
      expect(entry.message, name).not.toMatch(/\b(the|not|error|invalid|found)\b/i);
    }
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
