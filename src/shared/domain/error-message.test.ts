import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toErrorInfo } from './error-message.ts';

describe('toErrorInfo', () => {
  it('reads message and name from an Error', () => {
    expect(toErrorInfo(new Error('Boom'))).toEqual({ message: 'Boom', code: 'Error' });
    expect(toErrorInfo(new TypeError('Nope'))).toEqual({ message: 'Nope', code: 'TypeError' });
  });

  it('uses a custom Error subclass name as the code', () => {
    class ApiError extends Error {
      override name = 'ApiError';
    }
    expect(toErrorInfo(new ApiError('Fejl: Der er allerede en aktiv ordre'))).toEqual({
      message: 'Fejl: Der er allerede en aktiv ordre',
      code: 'ApiError',
    });
  });

  it('passes a string through with code StringError', () => {
    expect(toErrorInfo('Perlen kun ikke findes')).toEqual({
      message: 'Perlen kun ikke findes',
      code: 'StringError',
    });
  });

  it('passes an API error body through', () => {
    expect(toErrorInfo({ message: 'Fejl: Kunde mangler', code: 'customer_missing', status: 404 })).toEqual({
      message: 'Fejl: Kunde mangler',
      code: 'customer_missing',
    });
  });

  it.each([
    [undefined],
    [null],
    [42],
    [{}],
    [{ message: 'no code' }],
    [{ message: 1, code: 'x' }],
    [['array']],
  ])('falls back for %j', (value) => {
    expect(toErrorInfo(value)).toEqual({ message: 'Der opstod en uventet fejl', code: 'UnknownError' });
  });

  it('never shows a blank message', () => {
    expect(toErrorInfo(new Error(''))).toEqual({ message: 'Der opstod en uventet fejl', code: 'Error' });
    expect(toErrorInfo('  ')).toEqual({ message: 'Der opstod en uventet fejl', code: 'StringError' });
    expect(toErrorInfo({ message: '', code: 'x' })).toEqual({
      message: 'Der opstod en uventet fejl',
      code: 'x',
    });
  });

  it('always returns two strings, whatever is thrown', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const info = toErrorInfo(value);
        expect(typeof info.message).toBe('string');
        expect(typeof info.code).toBe('string');
        expect(info.message.trim()).not.toBe('');
      }),
    );
  });
});
