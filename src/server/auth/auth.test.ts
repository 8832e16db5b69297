import { describe, expect, it } from 'vitest';
import { isAllowListed } from './auth.ts';

describe('Google allow-list', () => {
  it('admits listed e-mails whatever their case and spacing', () => {
    expect(isAllowListed(' Birthe@Perler.dk ', ['birthe@perler.dk'])).toBe(true);
  });
  it('refuses everyone else, and everyone when the list is empty', () => {
    expect(isAllowListed('fremmed@example.com', ['birthe@perler.dk'])).toBe(false);
    expect(isAllowListed('birthe@perler.dk', [])).toBe(false);
  });
});
