import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import { Box, Button, Card, CardContent, Checkbox, Chip, Link, Typography } from '@mui/material';
import { alpha, styled } from '@mui/material/styles';
import { memo, useId } from 'react';
import { formatLongDate } from '../../../shared/domain/dates.ts';
import { formatKr } from '../../../shared/domain/money.ts';
import { orderStatusLabel, statusChangeMessage } from '../../../shared/domain/order-status.ts';
import type { PricedLine } from '../../../shared/schemas/api-orders.ts';
import type { PackingOrder } from '../../../shared/schemas/api-packing.ts';
import { texts } from '../../../shared/texts.ts';
import { useUpdateOrder } from '../../api/orders.ts';
import { InitialAvatar } from '../../components/initial-avatar.tsx';
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
const Group = styled('div', { shouldForwardProp: (prop) => prop !== 'incomplete' })<{ incomplete: boolean }>(
  ({ theme, incomplete }) => {
    const color = incomplete ? theme.palette.warning.main : theme.palette.primary.main;
    return {
      borderLeft: `3px solid ${color}`,
      backgroundColor: alpha(color, 0.06),
      borderRadius: Number(theme.shape.borderRadius) / 1.5,
      padding: '4px 4px 4px 6px',
    };
  },
);
const GroupLabel = styled('span')(({ theme }) => ({
  ...theme.typography.caption,
  display: 'flex',
  alignItems: 'center',
  gap: 4,
  paddingLeft: 4,
  color: theme.palette.text.secondary,
  fontWeight: 600,
}));
const MissingPartner = styled('p')(({ theme }) => ({
  ...theme.typography.body2,
  color: theme.palette.warning.dark,
  fontStyle: 'italic',
  margin: 0,
  padding: '2px 4px',
}));
const Row = styled('label')({
  display: 'flex',
  alignItems: 'center',
  gap: 4,
  minHeight: 44,
  cursor: 'pointer',
});
const LineText = styled('span', { shouldForwardProp: (prop) => prop !== 'done' })<{ done: boolean }>(
  ({ theme, done }) => ({
    ...theme.typography.body1,
    flexGrow: 1,
    minWidth: 0,
    overflowWrap: 'anywhere',
    color: done ? theme.palette.text.secondary : theme.palette.text.primary,
    textDecoration: done ? 'line-through' : 'none',
  }),
);
const LinePrice = styled('span')(({ theme }) => ({
  ...theme.typography.body1,
  whiteSpace: 'nowrap',
  fontVariantNumeric: 'tabular-nums',
  color: theme.palette.text.secondary,
  paddingRight: 4,
}));

function LineTick({
  line,
  packed,
  onTick,
}: {
  line: PricedLine;
  packed: boolean;
  onTick: (line: PricedLine, packed: boolean) => void;
}) {
  return (
    <Row>
      <Checkbox
        checked={packed}
        onChange={(event) => onTick(line, event.target.checked)}
        slotProps={{ input: { 'aria-label': p.tickLine(line.text) } }}
        sx={{ p: 1 }}
      />
      <LineText done={packed}>{line.text}</LineText>
      <LinePrice>{line.priceOre === null ? '' : formatKr(line.priceOre)}</LinePrice>
    </Row>
  );
}

function Contact({ order }: { order: PackingOrder }) {
  const known = order.phone !== null || order.email !== null || order.address !== null;
  if (!known) {
    return (
      <Typography variant="body2" color="text.secondary">
        {p.noContact}
      </Typography>
    );
  }
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'auto minmax(0, 1fr)',
        columnGap: 1.5,
        rowGap: 0.25,
        typography: 'body2',
        '& dt': { color: 'text.secondary' },
        '& dd': { m: 0, overflowWrap: 'anywhere' },
      }}
    >
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
          <Box component="dd" sx={{ whiteSpace: 'pre-line' }}>
            {order.address}
          </Box>
        </>
      )}
    </Box>
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
  const withShipping = formatKr(order.totals.totalWithShippingOre);

  return (
    <Card component="section" aria-labelledby={headingId} sx={{ breakInside: 'avoid', mb: 2 }}>
      <CardContent sx={{ pb: '16px !important' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 1.5 }}>
          <InitialAvatar name={name} />
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography id={headingId} variant="h3" component="h2" noWrap>
              {name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {p.ordered(formatLongDate(order.createdAt))}
            </Typography>
          </Box>
          <Chip
            size="small"
            color={done ? 'success' : 'default'}
            icon={done ? <CheckCircleOutlineIcon /> : undefined}
            label={p.packedCount(packedCount, allLines.length)}
          />
        </Box>

        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'auto minmax(0, 1fr)' },
            gap: { xs: 1, sm: 3 },
            mb: 1.5,
          }}
        >
          <Box>
            <Typography variant="body2" color="text.secondary" component="p">
              {p.delivery}
            </Typography>
            <Chip
              size="small"
              variant="outlined"
              icon={order.homeDelivery ? <HomeOutlinedIcon /> : <LocalShippingOutlinedIcon />}
              label={order.homeDelivery ? p.deliveryHome : p.deliveryNormal}
              sx={{ mt: 0.5 }}
            />
          </Box>
          <Box>
            <Typography variant="body2" color="text.secondary" component="p">
              {p.contact}
            </Typography>
            <Contact order={order} />
          </Box>
        </Box>

        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, mb: 0.5 }}>
          <Typography component="h3" sx={{ fontWeight: 700, flexGrow: 1 }}>
            {texts.lines.items}
          </Typography>
          <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
            {formatKr(order.totals.totalOre)}{' '}
            <Box
              component="span"
              title={texts.lines.withShipping(withShipping)}
              sx={{ color: 'text.secondary', fontWeight: 500 }}
            >
              ({withShipping})
            </Box>
          </Typography>
        </Box>
        {allLines.length === 0 ? (
          <Typography color="text.secondary">{texts.lines.empty}</Typography>
        ) : (
          <Lines aria-label={texts.lines.items}>
            {order.offerGroups.map((group) => (
              <li key={group.lines[0]?.id}>
                <Group role="group" aria-label={texts.lines.offerGroup} incomplete={group.missingPartner}>
                  <GroupLabel>
                    <LocalOfferOutlinedIcon sx={{ fontSize: 14 }} aria-hidden />
                    {texts.lines.offerGroup}
                  </GroupLabel>
                  {group.lines.map((line) => (
                    <LineTick key={line.id} line={line} packed={packedIds.has(line.id)} onTick={tick} />
                  ))}
                  {group.missingPartner && <MissingPartner>{texts.lines.missingPartner}</MissingPartner>}
                </Group>
              </li>
            ))}
            {order.normalLines.map((line) => (
              <li key={line.id}>
                <LineTick line={line} packed={packedIds.has(line.id)} onTick={tick} />
              </li>
            ))}
          </Lines>
        )}

        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1.5, displayPrint: 'none' }}>
          <Button
            variant={done ? 'contained' : 'outlined'}
            onClick={() => void markPacked()}
            disabled={busy}
            aria-label={p.markPackedNamed(name)}
          >
            {p.markPacked}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
});
