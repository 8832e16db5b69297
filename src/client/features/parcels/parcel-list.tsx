import { Box, Checkbox, Chip, Link as MuiLink, Typography } from '@mui/material';
import { useId } from 'react';
import type { Parcel } from '../../../shared/schemas/api-parcels.ts';
import { texts } from '../../../shared/texts.ts';
import { customerAddressPath } from '../../lib/links.ts';
import { Link } from '../../lib/router.tsx';

const p = texts.parcels;

/** Whether a parcel is ticked when the dialog opens: a printable address, and postage paid (not picked up). */
export function tickedAtFirst(parcel: Parcel): boolean {
  return parcel.addressState === 'ok' && !parcel.pickup && parcel.postageOre > 0;
}

function ParcelRow({
  parcel,
  ticked,
  onTick,
}: {
  parcel: Parcel;
  ticked: boolean;
  onTick: (ticked: boolean) => void;
}) {
  const id = useId();
  const printable = parcel.addressState === 'ok';
  const [name, ...address] = parcel.lines;
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 1,
        py: 1,
        borderTop: 1,
        borderColor: 'divider',
        listStyle: 'none',
      }}
    >
      <Checkbox
        checked={printable && ticked}
        disabled={!printable}
        onChange={(event) => onTick(event.target.checked)}
        slotProps={{ input: { 'aria-labelledby': id } }}
        sx={{ mt: -0.75 }}
      />
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Typography id={id} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {name}
          <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>
            {' '}
            · {parcel.number ? texts.money.number(parcel.number) : parcel.reference}
          </Box>
        </Typography>
        {printable ? (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {address.join(', ')}
          </Typography>
        ) : (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
            <Chip
              size="small"
              color="warning"
              variant="outlined"
              label={parcel.addressState === 'check' ? p.needsCheck : p.missingAddress}
            />
            {parcel.customerId && (
              <MuiLink component={Link} to={customerAddressPath(parcel.customerId)} variant="body2">
                {p.fixAddress}
              </MuiLink>
            )}
          </Box>
        )}
        {printable && (parcel.pickup || parcel.postageOre === 0) && (
          <Chip size="small" label={parcel.pickup ? texts.money.pickup : p.pickup} sx={{ mt: 0.5 }} />
        )}
      </Box>
    </Box>
  );
}

/**
 * The orders with a tick each: those with a printable address ticked (unless no postage was paid: picked up);
 * 'mangler adresse' and 'Tjek adressen' cannot be ticked and link to the customer's address.
 */
export function ParcelList({
  parcels,
  isTicked,
  onTick,
}: {
  parcels: readonly Parcel[];
  isTicked: (parcel: Parcel) => boolean;
  onTick: (parcel: Parcel, ticked: boolean) => void;
}) {
  const headingId = useId();
  const selected = parcels.filter(isTicked).length;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1, mb: 0.5 }}>
        <Typography id={headingId} variant="subtitle2" component="h3">
          {p.ordersLabel}
        </Typography>
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {p.selectedCount(selected, parcels.length)}
        </Typography>
      </Box>
      <Box component="ul" sx={{ m: 0, p: 0 }}>
        {parcels.map((parcel) => (
          <ParcelRow
            key={parcel.orderId}
            parcel={parcel}
            ticked={isTicked(parcel)}
            onTick={(ticked) => onTick(parcel, ticked)}
          />
        ))}
      </Box>
    </Box>
  );
}
