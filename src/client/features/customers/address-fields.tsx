import { Box, Stack, TextField, Typography } from '@mui/material';
import { useRef } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { DENMARK, isDanishPostcode } from '../../../shared/domain/address.ts';
import { COUNTRY_OPTIONS } from '../../../shared/domain/countries.ts';
import { danishTown } from '../../../shared/domain/dk-postcodes.ts';
import { texts } from '../../../shared/texts.ts';

const c = texts.customers.care;

export type AddressValues = {
  address: string;
  address2: string;
  postcode: string;
  city: string;
  countryCode: string;
};

/**
 * 'Adresse til pakker': 'Adresse', 'Ekstra adresselinje', 'Postnr.' and 'By' side by side, 'Land'.
 * In Denmark a known postcode fills in 'By' (DAWA's list), unless she has written a town of her own there; an
 * unknown one is only pointed out. An old address that could not be read may span lines: then 'Adresse' does too,
 * so she sees all of it while she spreads it over the fields.
 */
export function AddressFields({
  form: f,
  autoFocus = false,
  multilineAddress = false,
}: {
  /** The dialog's form, whose values hold the address's (the caller narrows its type to them). */
  form: UseFormReturn<AddressValues, unknown, unknown>;
  autoFocus?: boolean;
  /** An old address over several lines: 'Adresse' shows all of them (for as long as the dialog is open). */
  multilineAddress?: boolean;
}) {
  const { errors } = f.formState;
  const [postcode, countryCode] = useWatch({ control: f.control, name: ['postcode', 'countryCode'] });
  /** The town the postcode filled in last: replaced by the next one, never a town she typed herself. */
  const filled = useRef<string | null>(null);
  const denmark = countryCode === DENMARK;
  const unknownPostcode = denmark && isDanishPostcode(postcode.trim()) && !danishTown(postcode.trim());

  const postcodeField = f.register('postcode', {
    onChange: (event: { target: { value: string } }) => {
      const town = f.getValues('countryCode') === DENMARK ? danishTown(event.target.value.trim()) : undefined;
      const city = f.getValues('city');
      if (town && (city.trim() === '' || city === filled.current)) {
        f.setValue('city', town, { shouldDirty: true, shouldValidate: f.formState.isSubmitted });
        filled.current = town;
      }
    },
  });

  return (
    <Stack spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1.5, p: 0 }}>
        {c.addressTitle}
      </Typography>
      <TextField
        label={c.addressLabel}
        autoComplete="off"
        autoFocus={autoFocus}
        multiline={multilineAddress}
        error={Boolean(errors.address)}
        helperText={errors.address?.message ?? c.addressHelper}
        {...f.register('address')}
      />
      <TextField
        label={c.address2Label}
        autoComplete="off"
        error={Boolean(errors.address2)}
        helperText={errors.address2?.message ?? c.address2Helper}
        {...f.register('address2')}
      />
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        <TextField
          label={c.postcodeLabel}
          autoComplete="off"
          slotProps={{ htmlInput: { inputMode: denmark ? 'numeric' : 'text', maxLength: 12 } }}
          sx={{ width: '9.5rem', flexShrink: 0 }}
          error={Boolean(errors.postcode)}
          helperText={errors.postcode?.message ?? (unknownPostcode ? c.postcodeUnknown : undefined)}
          {...postcodeField}
        />
        <TextField
          label={c.cityLabel}
          autoComplete="off"
          sx={{ flexGrow: 1, minWidth: 0 }}
          error={Boolean(errors.city)}
          helperText={errors.city?.message}
          {...f.register('city')}
        />
      </Box>
      <TextField
        select
        label={c.countryLabel}
        slotProps={{ select: { native: true } }}
        error={Boolean(errors.countryCode)}
        helperText={errors.countryCode?.message}
        {...f.register('countryCode')}
      >
        {COUNTRY_OPTIONS.map(({ code, name }) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </TextField>
    </Stack>
  );
}
