import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Card,
  CardContent,
  Divider,
  FormControlLabel,
  Switch,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { formatLongDate } from '../../../shared/domain/dates.ts';
import { formatKr } from '../../../shared/domain/money.ts';
import {
  type OrderStatus,
  orderStatusLabel,
  statusChangeMessage,
} from '../../../shared/domain/order-status.ts';
import { countOf } from '../../../shared/domain/plural.ts';
import type { Order, PricedLine } from '../../../shared/schemas/api-orders.ts';
import { texts } from '../../../shared/texts.ts';
import { useSendBill } from '../../api/money.ts';
import {
  lineAgain,
  type OrderPatch,
  useAddLine,
  useBillText,
  useDeleteLine,
  useOrderChanging,
  useUpdateOrder,
} from '../../api/orders.ts';
import { StatusChip } from '../../components/status-chip.tsx';
import { newIdempotencyKey } from '../../lib/idempotency.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { BillButtons } from './bill-buttons.tsx';
import { OrderHistoryView } from './order-history-view.tsx';
import { OrderLinesView } from './order-lines-view.tsx';
import { OrderMoney } from './order-money.tsx';
import { OrderNumber } from './order-number.tsx';
import { ShippedText } from './shipped-text.tsx';
import { OrderStatusSelect } from './status-select.tsx';

const lineCount = (order: Order) =>
  order.normalLines.length + order.offerGroups.reduce((sum, group) => sum + group.lines.length, 0);

function useChangeStatus(customerId: string, order: Order) {
  const update = useUpdateOrder(customerId);
  const change = (status: OrderStatus) => {
    const previous = order.status;
    return update.send({ orderId: order.id, patch: { status } }).then(
      (sent) => {
        if (sent.queued) return notifySuccess(texts.offline.queued);
        // 'Fortryd' for a few seconds: a real change back to the previous status, recorded in the history.
        notifySuccess(statusChangeMessage(status), {
          action: {
            label: texts.orders.undo,
            onClick: () =>
              update.send({ orderId: order.id, patch: { status: previous } }).then(
                (again) =>
                  notifySuccess(
                    again.queued
                      ? texts.offline.queued
                      : texts.orders.statusRestored(orderStatusLabel(previous)),
                  ),
                (error: unknown) => notifyError(error),
              ),
          },
        });
      },
      (error: unknown) => notifyError(error),
    );
  };
  return { change, pending: update.busy };
}

/** 'Startet', the bill's number and 'Status' of one order. */
function OrderFacts({ customerId, order }: { customerId: string; order: Order }) {
  const status = useChangeStatus(customerId, order);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Box sx={{ flexGrow: 1 }}>
        <Typography variant="caption" color="text.secondary" component="p">
          {texts.orders.started}
        </Typography>
        <Typography>{formatLongDate(order.createdAt)}</Typography>
      </Box>
      <OrderNumber order={order} />
      <OrderStatusSelect status={order.status} onChange={status.change} disabled={status.pending} />
    </Box>
  );
}

/** The customer's active order: facts, bill text, home delivery and editable lines. */
export function ActiveOrderCard({ customerId, order }: { customerId: string; order: Order }) {
  const update = useUpdateOrder(customerId);
  const deleteLine = useDeleteLine(customerId);
  const addLine = useAddLine(customerId);
  const changing = useOrderChanging(customerId);
  const cachedBill = useBillText(order.id);
  const sendBill = useSendBill(customerId, order.id, cachedBill);
  // The bill she sends carries its number (docs/product/money.md): an order not billed yet (or Annulleret) is
  // billed by the copy, whose text then comes from the server; a billed one copies its cached text at once.
  const billText = order.billState === 'billed' ? cachedBill : sendBill;

  // A tapped switch shows its new position from the tap on: React puts a controlled switch back at the end of
  // the tap's event unless its state changed in it, and the write's own state only shows a moment later.
  const [tapped, setTapped] = useState<OrderPatch['patch'] | null>(null);
  const shown = update.variables?.patch ?? tapped;
  const homeDelivery = shown?.homeDelivery ?? order.homeDelivery;
  const pickup = shown?.pickup ?? order.pickup;
  const patch = (change: OrderPatch['patch']) => {
    setTapped(change);
    return update
      .send({ orderId: order.id, patch: change })
      .then(
        (sent) => sent.queued && notifySuccess(texts.offline.queued),
        (error: unknown) => notifyError(error),
      )
      .finally(() => setTapped(null));
  };

  const removeLine = (line: PricedLine) =>
    deleteLine.mutate(line, {
      onSuccess: () => {
        // One key per undo: a second tap on 'Fortryd' adds the line once.
        const idempotencyKey = newIdempotencyKey();
        notifySuccess(texts.lines.deleted, {
          action: {
            label: texts.lines.undo,
            onClick: () =>
              addLine.send({ body: lineAgain(line), idempotencyKey }).then(
                (sent) => notifySuccess(sent.queued ? texts.offline.queued : texts.lines.added),
                (error: unknown) => notifyError(error),
              ),
          },
        });
      },
      onError: (error) => notifyError(error),
    });

  return (
    <Card>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <OrderFacts customerId={customerId} order={order} />
        <OrderHistoryView orderId={order.id} createdAt={order.createdAt} />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, flexGrow: 1 }}>
            <FormControlLabel
              sx={{ mr: 0 }}
              control={
                <Switch
                  checked={homeDelivery}
                  disabled={update.busy || pickup}
                  onChange={(event) => patch({ homeDelivery: event.target.checked })}
                />
              }
              label={texts.orders.homeDelivery}
            />
            <FormControlLabel
              sx={{ mr: 0 }}
              control={
                <Switch
                  checked={pickup}
                  disabled={update.busy}
                  onChange={(event) =>
                    patch(event.target.checked ? { pickup: true, homeDelivery: false } : { pickup: false })
                  }
                />
              }
              label={texts.money.pickup}
            />
          </Box>
          <BillButtons billText={billText} disabled={changing} />
        </Box>
        <Divider />
        <OrderLinesView
          order={order}
          onDeleteLine={removeLine}
          busyLineId={deleteLine.isPending ? deleteLine.variables.id : null}
          onRemoveDiscount={() =>
            update.send({ orderId: order.id, patch: { discount: null } }).then(
              (sent) => notifySuccess(sent.queued ? texts.offline.queued : texts.money.discountRemoved),
              (error: unknown) => notifyError(error),
            )
          }
        />
        <OrderMoney customerId={customerId} order={order} />
      </CardContent>
    </Card>
  );
}

/**
 * A collapsible row for an order in 'Igangværende ordrer' or 'Afsendte ordrer': status chip and date,
 * then its facts and read-only lines. Details mount only when opened: a customer may have years of orders.
 */
export function OrderAccordion({ customerId, order }: { customerId: string; order: Order }) {
  return (
    <Accordion disableGutters square elevation={0} slotProps={{ transition: { unmountOnExit: true } }}>
      <AccordionSummary
        expandIcon={<ExpandMoreIcon />}
        sx={{ '& .MuiAccordionSummary-content': { minWidth: 0 } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
          <StatusChip status={order.status} />
          <Box sx={{ minWidth: 0 }}>
            <Typography noWrap>{formatLongDate(order.createdAt)}</Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {/* A numbered order is known by its number; the line count gives way on a narrow phone. */}
              {order.number ? texts.money.number(order.number) : countOf(lineCount(order), texts.lines.unit)}{' '}
              · {formatKr(order.totals.totalOre)}
            </Typography>
          </Box>
        </Box>
      </AccordionSummary>
      <AccordionDetails sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 0 }}>
        <OrderFacts customerId={customerId} order={order} />
        <OrderHistoryView orderId={order.id} createdAt={order.createdAt} />
        {/* 'Din pakke er sendt' (docs/product/messages.md#texts-that-go-out): nothing is sent to a pick-up. */}
        {order.status === 'shipped' && !order.pickup && (
          <ShippedText
            order={{
              orderId: order.id,
              customerName: order.customerName,
              number: order.number,
              trackingNumber: order.trackingNumber,
            }}
          />
        )}
        <Divider />
        <OrderLinesView order={order} />
        <OrderMoney customerId={customerId} order={order} />
      </AccordionDetails>
    </Accordion>
  );
}
