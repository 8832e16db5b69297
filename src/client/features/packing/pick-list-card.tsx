import { Box, Card, CardContent, Typography } from '@mui/material';
import { styled } from '@mui/material/styles';
import { formatInteger } from '../../../shared/domain/number-format.ts';
import { countOf } from '../../../shared/domain/plural.ts';
import type { PickList, PickListItem } from '../../../shared/schemas/api-packing.ts';
import { texts } from '../../../shared/texts.ts';

const p = texts.packing;

const Items = styled('ul')({ listStyle: 'none', margin: 0, padding: 0 });
const Item = styled('li')(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  columnGap: 12,
  padding: '8px 0',
  borderTop: `1px solid ${theme.palette.divider}`,
  breakInside: 'avoid',
}));
const Name = styled('span')(({ theme }) => ({
  ...theme.typography.body1,
  fontWeight: 600,
  overflowWrap: 'anywhere',
}));
const Units = styled('span')(({ theme }) => ({
  ...theme.typography.body1,
  fontWeight: 700,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
  textAlign: 'right',
}));
const Customers = styled('span')(({ theme }) => ({
  ...theme.typography.body2,
  color: theme.palette.text.secondary,
  gridColumn: '1 / -1',
  overflowWrap: 'anywhere',
}));

function PickItems({ label, items }: { label: string; items: PickListItem[] }) {
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="h3" component="h3" sx={{ fontSize: '1rem', fontWeight: 700, mb: 0.5 }}>
        {label}
      </Typography>
      <Items aria-label={label}>
        {items.map((item) => (
          <Item key={item.beadId ?? `free:${item.name}`}>
            <Name>{item.name}</Name>
            <Units>{countOf(item.units, p.pieces)}</Units>
            <Customers>
              {item.customers
                .map((customer) =>
                  p.customerUnits(
                    customer.customerName ?? texts.customers.unknownCustomer,
                    formatInteger(customer.units),
                  ),
                )
                .join(' · ')}
            </Customers>
          </Item>
        ))}
      </Items>
    </Box>
  );
}

/**
 * 'Samlet plukliste': every bead of the orders in Skal pakkes summed per bead, with who waits for it, so she
 * picks from the shelves once; the free lines' items below, summed per text.
 */
export function PickListCard({ pickList }: { pickList: PickList }) {
  const beadUnits = pickList.beads.reduce((sum, item) => sum + item.units, 0);
  return (
    <Card component="section" aria-labelledby="pick-list-title" sx={{ breakInside: 'avoid-page' }}>
      <CardContent sx={{ pb: '16px !important' }}>
        <Typography id="pick-list-title" variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
          {p.pickList}
        </Typography>
        <Typography color="text.secondary" variant="body2">
          {p.pickListSummary(countOf(beadUnits, p.pieces), countOf(pickList.beads.length, p.beadKinds))}
        </Typography>
        {pickList.beads.length > 0 && <PickItems label={p.pickListBeads} items={pickList.beads} />}
        {pickList.freeLines.length > 0 && <PickItems label={p.pickListOther} items={pickList.freeLines} />}
      </CardContent>
    </Card>
  );
}
