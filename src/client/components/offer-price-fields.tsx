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
import { formatKrInput } from '../../shared/domain/money.ts';
import {
  defaultPriceOreForSaleType,
  isSaleType,
  OFFER_2_FOR_125,
  type SaleType,
} from '../../shared/domain/sale-type.ts';
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
