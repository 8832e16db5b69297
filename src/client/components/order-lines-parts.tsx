import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import { alpha, styled } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { formatKr } from '../../shared/domain/money.ts';
import type { Order } from '../../shared/schemas/api-orders.ts';
import { texts } from '../../shared/texts.ts';

// The parts an order's lines are shown with, on the order card (features/orders/order-lines-view.tsx) and
// on Pakning's cards (features/packing/packing-order-card.tsx). Static styled parts rather than sx props:
// Puden and Pakning show many orders, and styles made once render far faster than per-element sx objects.
// A screen that needs other spacing extends a part with styled(Part)(…).

const Header = styled('div')({ display: 'flex', alignItems: 'baseline', gap: 8, marginBottom: 8 });
const Heading = styled('h3')(({ theme }) => ({
  ...theme.typography.body1,
  fontWeight: 700,
  margin: 0,
  flexGrow: 1,
}));
const Totals = styled('p')(({ theme }) => ({
  ...theme.typography.body1,
  fontWeight: 700,
  margin: 0,
  whiteSpace: 'nowrap',
}));
const WithShipping = styled('span')(({ theme }) => ({
  color: theme.palette.text.secondary,
  fontWeight: 500,
}));

/** 'Varer' with the order's total and, in brackets, the total with postage. */
export function OrderItemsHeader({ totals, className }: { totals: Order['totals']; className?: string }) {
  const withShipping = formatKr(totals.totalWithShippingOre);
  return (
    <Header className={className}>
      <Heading>{texts.lines.items}</Heading>
      <Totals>
        {formatKr(totals.totalOre)}{' '}
        <WithShipping title={texts.lines.withShipping(withShipping)}>({withShipping})</WithShipping>
      </Totals>
    </Header>
  );
}

const Group = styled('div', { shouldForwardProp: (prop) => prop !== 'incomplete' })<{ incomplete: boolean }>(
  ({ theme, incomplete }) => {
    const color = incomplete ? theme.palette.warning.main : theme.palette.primary.main;
    return {
      borderLeft: `3px solid ${color}`,
      backgroundColor: alpha(color, 0.06),
      borderRadius: Number(theme.shape.borderRadius) / 1.5,
      padding: '4px 4px 4px 10px',
    };
  },
);
const GroupLabel = styled('span')(({ theme }) => ({
  ...theme.typography.caption,
  display: 'flex',
  alignItems: 'center',
  gap: 4,
  color: theme.palette.text.secondary,
  fontWeight: 600,
}));
const MissingPartner = styled('p')(({ theme }) => ({
  ...theme.typography.body2,
  color: theme.palette.warning.dark,
  fontStyle: 'italic',
  margin: 0,
  padding: '2px 0',
}));

/**
 * A '2 for 125' pair (or a lone offer line) under its label; a lone line is followed by
 * '--- Mangler en makker ---' and the group is drawn in the warning colour.
 */
export function OfferGroup({
  missingPartner,
  children,
  className,
}: {
  missingPartner: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Group role="group" aria-label={texts.lines.offerGroup} incomplete={missingPartner} className={className}>
      <GroupLabel>
        <LocalOfferOutlinedIcon sx={{ fontSize: 14 }} aria-hidden />
        {texts.lines.offerGroup}
      </GroupLabel>
      {children}
      {missingPartner && <MissingPartner>{texts.lines.missingPartner}</MissingPartner>}
    </Group>
  );
}

/** A line's text; `done` (packed) strikes it through. */
export const LineText = styled('span', { shouldForwardProp: (prop) => prop !== 'done' })<{ done?: boolean }>(
  ({ theme, done = false }) => ({
    ...theme.typography.body1,
    flexGrow: 1,
    minWidth: 0,
    overflowWrap: 'anywhere',
    ...(done && { color: theme.palette.text.secondary, textDecoration: 'line-through' }),
  }),
);

/** A line's price, right-aligned digits. */
export const LinePrice = styled('span')(({ theme }) => ({
  ...theme.typography.body1,
  whiteSpace: 'nowrap',
  fontVariantNumeric: 'tabular-nums',
  color: theme.palette.text.secondary,
}));
