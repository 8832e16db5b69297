import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { Button, Card, CardContent, Link } from '@mui/material';
import { styled } from '@mui/material/styles';
import { memo, useId, useState } from 'react';
import { formatLongDate } from '../../../shared/domain/dates.ts';
import { formatKr } from '../../../shared/domain/money.ts';
import { orderStatusLabel, statusChangeMessage } from '../../../shared/domain/order-status.ts';
import type { PricedLine } from '../../../shared/schemas/api-orders.ts';
import type { PackingOrder } from '../../../shared/schemas/api-packing.ts';
import { texts } from '../../../shared/texts.ts';
import { useUpdateOrder } from '../../api/orders.ts';
import { InitialAvatar } from '../../components/initial-avatar.tsx';
import { LinePrice, LineText, OfferGroup, OrderItemsHeader } from '../../components/order-lines-parts.tsx';
import { notifyError, notifySuccess } from '../../lib/notify.ts';

const p = texts.packing;

export type TickLine = (order: PackingOrder, line: PricedLine, packed: boolean) => void;

const Lines = styled('ul')({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: 4,
});
// The shared parts (components/order-lines-parts.tsx) with Pakning's spacing: its rows carry a checkbox.
const PackingOfferGroup = styled(OfferGroup)({
  padding: '4px 4px 4px 6px',
  '& > span:first-of-type': { paddingLeft: 4 },
  '& > p': { padding: '2px 4px' },
});
const PackingItemsHeader = styled(OrderItemsHeader)({ marginBottom: 4 });
const PackingLinePrice = styled(LinePrice)({ paddingRight: 4 });
const Row = styled('label')({
  display: 'flex',
  alignItems: 'center',
  gap: 12,
  minHeight: 44,
  paddingLeft: 6,
  cursor: 'pointer',
});
const Tick = styled('input')(({ theme }) => ({
  width: 22,
  height: 22,
  margin: 0,
  flexShrink: 0,
  accentColor: theme.palette.primary.main,
  cursor: 'pointer',
}));
// The card's other parts: static styles made once (as in order-lines-view.tsx), not sx per element.
const Header = styled('div')({
  display: 'flex',
  alignItems: 'center',
  gap: 12,
  flexWrap: 'wrap',
  marginBottom: 12,
});
const Who = styled('div')({ flexGrow: 1, minWidth: 0 });
const Name = styled('h2')(({ theme }) => ({
  ...theme.typography.h3,
  margin: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
}));
const Small = styled('p')(({ theme }) => ({
  ...theme.typography.body2,
  color: theme.palette.text.secondary,
  margin: 0,
}));
const Counter = styled('span', { shouldForwardProp: (prop) => prop !== 'done' })<{ done: boolean }>(
  ({ theme, done }) => ({
    ...theme.typography.body2,
    display: 'inline-flex',
    alignItems: 'center',
    gap: 4,
    padding: '2px 10px',
    borderRadius: 16,
    fontWeight: 600,
    whiteSpace: 'nowrap',
    backgroundColor: done ? theme.palette.success.main : theme.palette.action.selected,
    color: done ? theme.palette.success.contrastText : theme.palette.text.primary,
  }),
);
const Facts = styled('div')(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: 8,
  marginBottom: 12,
  [theme.breakpoints.up('sm')]: { gridTemplateColumns: 'auto minmax(0, 1fr)', gap: 24 },
}));
const Delivery = styled('span')(({ theme }) => ({
  ...theme.typography.body2,
  display: 'inline-flex',
  alignItems: 'center',
  gap: 4,
  marginTop: 4,
  padding: '1px 8px',
  borderRadius: 16,
  border: `1px solid ${theme.palette.divider}`,
  '& svg': { fontSize: 16 },
}));
const ContactList = styled('dl')(({ theme }) => ({
  ...theme.typography.body2,
  margin: 0,
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  columnGap: 12,
  rowGap: 2,
  '& dt': { color: theme.palette.text.secondary },
  '& dd': { margin: 0, overflowWrap: 'anywhere' },
}));
const Address = styled('dd')({ whiteSpace: 'pre-line' });
const Actions = styled('div')({
  display: 'flex',
  justifyContent: 'flex-end',
  marginTop: 12,
  '@media print': { display: 'none' },
});

function LineTick({
  line,
  packed,
  onTick,
}: {
  line: PricedLine;
  packed: boolean;
  onTick: (line: PricedLine, packed: boolean) => void;
}) {
  // The tap shows in the same frame. onTick puts the tick in the cache at once, which tells React in its next
  // task; from then on the cache decides (the optimistic tick, the server's answer, or a refusal put back).
  // Without this the controlled box flicks back until the cache has told React.
  const [tapped, setTapped] = useState<boolean | null>(null);
  const shown = tapped ?? packed;
  // A native checkbox in the theme's colour: twenty orders' lines of MUI Checkboxes (each a ButtonBase with
  // its ripple) made the page's first render far slower on a phone.
  return (
    <Row>
      <Tick
        type="checkbox"
        checked={shown}
        onChange={(event) => {
          const next = event.target.checked;
          setTapped(next);
          onTick(line, next);
          setTimeout(() => setTapped(null), 0);
        }}
        aria-label={p.tickLine(line.text)}
      />
      <LineText done={shown}>{line.text}</LineText>
      <PackingLinePrice>{line.priceOre === null ? '' : formatKr(line.priceOre)}</PackingLinePrice>
    </Row>
  );
}

function Contact({ order }: { order: PackingOrder }) {
  if (order.phone === null && order.email === null && order.address === null) {
    return <Small>{p.noContact}</Small>;
  }
  return (
    <ContactList>
      {order.phone !== null && (
        <>
          <dt>{p.phone}</dt>
          <dd>
            <Link href={`tel:${order.phone.replace(/\s+/g, '')}`}>{order.phone}</Link>
          </dd>
        </>
      )}
      {order.email !== null && (
        <>
          <dt>{p.email}</dt>
          <dd>
            <Link href={`mailto:${order.email}`}>{order.email}</Link>
          </dd>
        </>
      )}
      {order.address !== null && (
        <>
          <dt>{p.address}</dt>
          <Address>{order.address}</Address>
        </>
      )}
    </ContactList>
  );
}

/** 'Pakket': the order moves on to Skal sendes by the status route, with 'Fortryd' in its toast. */
function usePackedAction(order: PackingOrder) {
  const update = useUpdateOrder(order.customerId ?? '');
  const markPacked = () =>
    update.send({ orderId: order.id, patch: { status: 'packed' } }).then(
      (sent) => {
        if (sent.queued) return notifySuccess(texts.offline.queued);
        notifySuccess(statusChangeMessage('packed'), {
          action: {
            label: texts.orders.undo,
            onClick: () =>
              update.send({ orderId: order.id, patch: { status: 'paid' } }).then(
                (again) =>
                  notifySuccess(
                    again.queued
                      ? texts.offline.queued
                      : texts.orders.statusRestored(orderStatusLabel('paid')),
                  ),
                (error: unknown) => notifyError(error),
              ),
          },
        });
      },
      (error: unknown) => notifyError(error),
    );
  return { markPacked, busy: update.busy };
}

/**
 * One order to pack: who and how it goes (delivery, contact details), its lines grouped as on the order card
 * (offer pairs together) with a tick each, the count of ticked lines, the total with postage and 'Pakket'.
 */
export const PackingOrderCard = memo(function PackingOrderCard({
  order,
  onTick,
}: {
  order: PackingOrder;
  onTick: TickLine;
}) {
  const headingId = useId();
  const name = order.customerName ?? texts.customers.unknownCustomer;
  const packedIds = new Set(order.packedLineIds);
  const allLines = [...order.offerGroups.flatMap((group) => group.lines), ...order.normalLines];
  const packedCount = allLines.filter((line) => packedIds.has(line.id)).length;
  const done = allLines.length > 0 && packedCount === allLines.length;
  const tick = (line: PricedLine, packed: boolean) => onTick(order, line, packed);
  const { markPacked, busy } = usePackedAction(order);

  return (
    <Card component="section" aria-labelledby={headingId} sx={{ breakInside: 'avoid', mb: 2 }}>
      <CardContent sx={{ pb: '16px !important' }}>
        <Header>
          <InitialAvatar name={name} />
          <Who>
            <Name id={headingId}>{name}</Name>
            <Small>
              {order.number ? `${texts.money.number(order.number)} · ` : ''}
              {p.ordered(formatLongDate(order.createdAt))}
            </Small>
          </Who>
          <Counter done={done}>
            {done && <CheckCircleOutlineIcon sx={{ fontSize: 16 }} aria-hidden />}
            {p.packedCount(packedCount, allLines.length)}
          </Counter>
        </Header>

        <Facts>
          <div>
            <Small>{p.delivery}</Small>
            <Delivery>
              {order.pickup ? (
                <StorefrontOutlinedIcon aria-hidden />
              ) : order.homeDelivery ? (
                <HomeOutlinedIcon aria-hidden />
              ) : (
                <LocalShippingOutlinedIcon aria-hidden />
              )}
              {order.pickup ? texts.money.pickup : order.homeDelivery ? p.deliveryHome : p.deliveryNormal}
            </Delivery>
          </div>
          <div>
            <Small>{p.contact}</Small>
            <Contact order={order} />
          </div>
        </Facts>

        <PackingItemsHeader totals={order.totals} />
        {allLines.length === 0 ? (
          <Small>{texts.lines.empty}</Small>
        ) : (
          <Lines aria-label={texts.lines.items}>
            {order.offerGroups.map((group) => (
              <li key={group.lines[0]?.id}>
                <PackingOfferGroup missingPartner={group.missingPartner}>
                  {group.lines.map((line) => (
                    <LineTick key={line.id} line={line} packed={packedIds.has(line.id)} onTick={tick} />
                  ))}
                </PackingOfferGroup>
              </li>
            ))}
            {order.normalLines.map((line) => (
              <li key={line.id}>
                <LineTick line={line} packed={packedIds.has(line.id)} onTick={tick} />
              </li>
            ))}
          </Lines>
        )}

        <Actions>
          <Button
            variant={done ? 'contained' : 'outlined'}
            onClick={() => void markPacked()}
            disabled={busy}
            aria-label={p.markPackedNamed(name)}
          >
            {p.markPacked}
          </Button>
        </Actions>
      </CardContent>
    </Card>
  );
});
