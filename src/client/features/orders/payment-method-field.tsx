import { FormControlLabel, Radio, RadioGroup, Typography } from '@mui/material';
import { useId } from 'react';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../shared/domain/payments.ts';
import { texts } from '../../../shared/texts.ts';

/** 'Betalt med' (or 'Tilbagebetalt med'): MobilePay, Bankoverførsel, Kontant or Andet, two by two. */
export function PaymentMethodField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <div>
      <Typography component="p" variant="caption" color="text.secondary" id={id}>
        {label}
      </Typography>
      <RadioGroup
        aria-labelledby={id}
        value={value}
        onChange={(event) => onChange(event.target.value as PaymentMethod)}
        sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 1 }}
      >
        {PAYMENT_METHODS.map((method) => (
          <FormControlLabel
            key={method}
            value={method}
            control={<Radio />}
            label={texts.money.methods[method]}
          />
        ))}
      </RadioGroup>
      {error && (
        <Typography variant="caption" color="error">
          {error}
        </Typography>
      )}
    </div>
  );
}
