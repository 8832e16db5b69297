import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import ReplayIcon from '@mui/icons-material/Replay';
import ShareIcon from '@mui/icons-material/Share';
import { Box, Button, Divider, IconButton, Link } from '@mui/material';
import { styled } from '@mui/material/styles';
import { useEffect, useState } from 'react';
import { formatDay, formatLongDate } from '../../../shared/domain/dates.ts';
import { formatKr } from '../../../shared/domain/money.ts';
import { orderStatusLabel } from '../../../shared/domain/order-status.ts';
import { canRegisterPayment, hasReceipt } from '../../../shared/domain/payments.ts';
import type { Order, Payment } from '../../../shared/schemas/api-orders.ts';
import { texts } from '../../../shared/texts.ts';
import { creditNoteUrl, receiptUrl, usePaymentChanges } from '../../api/money.ts';
import { Hint } from '../../components/hint.tsx';
import { lazyDialog } from '../../lib/lazy-dialog.tsx';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { canShareFile, currentPlatform, fetchShareFile, shareData } from '../../lib/share-photo.ts';

const m = texts.money;

const RegisterPaymentDialog = lazyDialog(
  async () => (await import('./register-payment-dialog.tsx')).RegisterPaymentDialog,
);
const CreditDialog = lazyDialog(async () => (await import('./credit-dialog.tsx')).CreditDialog);

/**
 * The order's payments in one line, as the books count them (shared/domain/payments.ts): 'Betalt 100 kr ·
 * mangler 78 kr', 'Betalt 200 kr · 22 kr for meget', 'Markeret som betalt', or null for a bill not sent yet.
 */
export function paymentLine(order: Pick<Order, 'billState' | 'payment'>): string | null {
  if (order.billState !== 'billed') return null;
  const { recordedOre, deemedOre, paidOre, owedOre, overpaidOre } = order.payment;
  if (overpaidOre > 0) return m.paidTooMuch(formatKr(recordedOre), formatKr(overpaidOre));
  if (deemedOre > 0) return recordedOre > 0 ? m.markedPaidPart(formatKr(recordedOre)) : m.markedPaid;
  if (owedOre === 0) return m.paidFull(formatKr(paidOre));
  if (recordedOre > 0) return m.paidPart(formatKr(recordedOre), formatKr(owedOre));
  return m.unpaid(formatKr(owedOre));
}

const Line = styled('p')(({ theme }) => ({ ...theme.typography.body2, margin: 0, fontWeight: 600 }));
const Rows = styled('ul')({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
});
const Row = styled('li')(({ theme }) => ({
  ...theme.typography.body2,
  display: 'flex',
  alignItems: 'center',
  gap: 8,
  minHeight: 36,
  fontVariantNumeric: 'tabular-nums',
}));

/**
 * The order's money: how much is paid, each payment (deletable, with 'Fortryd'), its credit notes, and
 * 'Registrér betaling', 'Kvittering' and 'Krediter' where they apply.
 */
export function OrderMoney({ customerId, order }: { customerId: string; order: Order }) {
  const [paying, setPaying] = useState(false);
  const [crediting, setCrediting] = useState(false);
  const changes = usePaymentChanges(customerId);
  const line = paymentLine(order);
  const canPay = canRegisterPayment(order);
  const receipt = hasReceipt(order);
  const canCredit = order.status === 'shipped' && order.number !== null;
  if (order.number === null && order.payments.length === 0) return null;

  const removePayment = (payment: Payment) =>
    changes.remove.mutate(payment.id, {
      onSuccess: (result) =>
        notifySuccess(
          result.statusChange
            ? `${m.paymentDeleted} · ${texts.orders.statusChanged(orderStatusLabel(result.statusChange.to).toLocaleLowerCase('da'))}`
            : m.paymentDeleted,
          {
            action: {
              label: m.undo,
              onClick: () =>
                changes.restore.mutate(payment.id, {
                  onSuccess: () => notifySuccess(m.paymentRestored),
                  onError: (error) => notifyError(error),
                }),
            },
          },
        ),
      onError: (error) => notifyError(error),
    });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }} aria-label={m.payments} role="group">
      <Divider />
      {line && <Line>{line}</Line>}
      {order.payments.length > 0 && (
        <Rows aria-label={m.payments}>
          {order.payments.map((payment) => (
            <Row key={payment.id}>
              <Box component="span" sx={{ flexGrow: 1 }}>
                {m.paymentRow(
                  formatDay(payment.paidOn),
                  m.methods[payment.method],
                  formatKr(payment.amountOre),
                )}
              </Box>
              <Hint title={m.deletePayment(formatKr(payment.amountOre), formatDay(payment.paidOn))}>
                <span>
                  <IconButton
                    size="small"
                    edge="end"
                    aria-label={m.deletePayment(formatKr(payment.amountOre), formatDay(payment.paidOn))}
                    disabled={changes.remove.isPending}
                    onClick={() => removePayment(payment)}
                  >
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </span>
              </Hint>
            </Row>
          ))}
        </Rows>
      )}
      {order.creditNotes.length > 0 && (
        <Rows aria-label={m.creditNotes}>
          {order.creditNotes.map((note) => (
            <Row key={note.id}>
              <Link href={creditNoteUrl(note.id)} download underline="hover">
                {m.creditNote}{' '}
                {m.creditNoteRow(note.number, formatLongDate(note.createdAt), formatKr(note.totalOre))}
              </Link>
            </Row>
          ))}
        </Rows>
      )}
      {(canPay || receipt || canCredit) && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {canPay && (
            <Button variant="contained" startIcon={<PaymentsOutlinedIcon />} onClick={() => setPaying(true)}>
              {m.registerPayment}
            </Button>
          )}
          {receipt && <ReceiptButtons order={order} />}
          {canCredit && (
            <Button variant="outlined" startIcon={<ReplayIcon />} onClick={() => setCrediting(true)}>
              {m.credit}
            </Button>
          )}
        </Box>
      )}
      <RegisterPaymentDialog
        open={paying}
        onClose={() => setPaying(false)}
        customerId={customerId}
        order={order}
      />
      <CreditDialog
        open={crediting}
        onClose={() => setCrediting(false)}
        customerId={customerId}
        order={order}
      />
    </Box>
  );
}

/**
 * 'Kvittering': a download everywhere; where the phone can share files, 'Del kvittering' too, with the PDF
 * fetched beforehand so the share happens inside the tap.
 */
function ReceiptButtons({ order }: { order: Order }) {
  const url = receiptUrl(order.id);
  const name = `kvittering-${order.number}.pdf`;
  const [file, setFile] = useState<File | null>(null);
  const shareable = typeof navigator !== 'undefined' && typeof navigator.canShare === 'function';
  useEffect(() => {
    if (!shareable) return;
    let live = true;
    fetchShareFile(url, name).then(
      (fetched) => live && canShareFile(fetched) && setFile(fetched),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [url, name, shareable]);
  const share = () => {
    if (!file) return;
    const title = m.receiptTitle(order.number ?? '');
    navigator.share(shareData(file, { title, text: title }, currentPlatform())).then(
      () => notifySuccess(m.receiptShared),
      (error: unknown) => {
        if ((error as { name?: string } | null)?.name !== 'AbortError')
          notifyError(new Error(m.receiptFailed));
      },
    );
  };
  return (
    <>
      <Button variant="outlined" startIcon={<DescriptionOutlinedIcon />} href={url} download={name}>
        {m.receipt}
      </Button>
      {file && (
        <Button variant="outlined" startIcon={<ShareIcon />} onClick={share}>
          {m.receiptShare}
        </Button>
      )}
    </>
  );
}
