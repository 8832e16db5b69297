import {
  FormControl,
  FormControlLabel,
  FormLabel,
  InputAdornment,
  Radio,
  RadioGroup,
  TextField,
  type TextFieldProps,
} from '@mui/material';
import { useId } from 'react';
import { type Control, Controller, type Path, type PathValue, type UseFormSetValue } from 'react-hook-form';
import { formatKrInput } from '../../shared/domain/money.ts';
import {
  defaultPriceOreForSaleType,
  isSaleType,
  OFFER_2_FOR_125,
  type SaleType,
} from '../../shared/domain/sale-type.ts';
import type { PriceDialogFormValues } from '../../shared/schemas/bead.ts';
import { texts } from '../../shared/texts.ts';

const NO_OFFER = 'none';

type OfferRadiosProps = {
  name: string;
  value: SaleType | null | undefined;
  onChange: (saleType: SaleType | null) => void;
  /** The offer's own price as the price field writes it ('75'), when picking it sets one. */
  onOfferPrice: (price: string) => void;
};

/**
 * 'Tilbud': Intet or '2 for 125' (docs/product/pricing.md). Picking the offer hands its price (75 kr) to
 * `onOfferPrice`. Used by 'Tilføj ny nål' and 'Sæt Pris', the bead's two price forms.
 */
export function OfferRadios({ name, value, onChange, onOfferPrice }: OfferRadiosProps) {
  const labelId = useId();
  return (
    <FormControl>
      <FormLabel id={labelId}>{texts.beads.offerLabel}</FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        name={name}
        value={value ?? NO_OFFER}
        onChange={(_, picked) => {
          const next = isSaleType(picked) ? picked : null;
          onChange(next);
          const price = defaultPriceOreForSaleType(next);
          if (price !== null) onOfferPrice(formatKrInput(price));
        }}
      >
        <FormControlLabel value={NO_OFFER} control={<Radio />} label={texts.beads.offerNone} />
        <FormControlLabel value={OFFER_2_FOR_125} control={<Radio />} label={OFFER_2_FOR_125} />
      </RadioGroup>
    </FormControl>
  );
}

/** 'Pris' in kroner: a decimal keyboard on phones and 'kr' after the number. */
export function PriceTextField(props: Omit<TextFieldProps, 'label' | 'slotProps'>) {
  return (
    <TextField
      label={texts.beads.priceLabel}
      required
      autoComplete="off"
      {...props}
      slotProps={{
        htmlInput: { inputMode: 'decimal' },
        input: { endAdornment: <InputAdornment position="end">kr</InputAdornment> },
      }}
    />
  );
}

type OfferAndPriceProps<T extends PriceDialogFormValues, Out> = {
  control: Control<T, unknown, Out>;
  setValue: UseFormSetValue<T>;
  /** The price field's own settings in this form (autoFocus, disabled, error, helperText). */
  priceProps?: Omit<
    TextFieldProps,
    'label' | 'slotProps' | 'name' | 'value' | 'onChange' | 'onBlur' | 'inputRef'
  >;
};

/**
 * 'Tilbud' and 'Pris' bound to a react-hook-form form whose values hold `saleType` and `price` (both bead price
 * forms): picking the offer writes its price into the price field and validates it.
 */
export function OfferAndPriceFields<T extends PriceDialogFormValues, Out>({
  control,
  setValue,
  priceProps,
}: OfferAndPriceProps<T, Out>) {
  // T holds these two fields (the constraint), which react-hook-form's path types cannot see through a generic.
  const saleTypePath = 'saleType' as Path<T>;
  const pricePath = 'price' as Path<T>;
  return (
    <>
      <Controller
        control={control}
        name={saleTypePath}
        render={({ field }) => (
          <OfferRadios
            name={field.name}
            value={field.value as SaleType | null | undefined}
            onChange={field.onChange}
            onOfferPrice={(price) =>
              setValue(pricePath, price as PathValue<T, Path<T>>, { shouldValidate: true })
            }
          />
        )}
      />
      <Controller
        control={control}
        name={pricePath}
        render={({ field }) => (
          <PriceTextField
            {...priceProps}
            name={field.name}
            inputRef={field.ref}
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
          />
        )}
      />
    </>
  );
}
