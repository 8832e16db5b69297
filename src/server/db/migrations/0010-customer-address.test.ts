/**
 * Migration 0010 reads the old free text with its own copy of the rules (migrations never import app code): it
 * must read every text exactly as src/shared/domain/address.ts does, which the import uses for old files.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ADDRESS_CASES } from '../../../../tests/fixtures/address-cases.ts';
import { parseFreeTextAddress } from '../../../shared/domain/address.ts';
import { parse as migrationParse } from './0010-customer-address.ts';

describe('migration 0010 reads old addresses as the app does', () => {
  it('reads as migration 0010 did (its own copy of the rules)', () => {
    for (const [, text] of ADDRESS_CASES) {
      const shared = parseFreeTextAddress(text);
      const migrated = migrationParse(text);
      expect(migrated === null ? null : { ...migrated, countryCode: 'DK' }).toEqual(shared);
    }
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(fc.string(), fc.constantFrom('8000 Aarhus C', '4671 Strøby', '0150 Oslo', ', ', '\n')),
          {
            maxLength: 6,
          },
        ),
        (parts) => {
          const text = parts.join('');
          const migrated = migrationParse(text);
          expect(migrated === null ? null : { ...migrated, countryCode: 'DK' }).toEqual(
            parseFreeTextAddress(text),
          );
        },
      ),
    );
  });
});
