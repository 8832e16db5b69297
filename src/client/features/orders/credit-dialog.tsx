import { Box, Checkbox, Divider, FormControlLabel, TextField, Typography } from '@mui/material';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { copenhagenDate } from '../../../shared/domain/dates.ts';
import { formatKr } from '../../../shared/domain/money.ts';
import type { PaymentMethod } from '../../../shared/domain/payments.ts';
import type { Order, PricedLine } from '../../../shared/schemas/api-orders.ts';
import { paidOnSchema } from '../../../shared/schemas/payment.ts';
import { texts } from '../../../shared/texts.ts';
import { creditNoteUrl, useCreateCreditNote } from '../../api/money.ts';
import { FormDialog } from '../../components/form-dialog.tsx';
import { useActionKey } from '../../lib/idempotency.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { PaymentMethodField } from './payment-method-field.tsx';

const m = texts.money;

/** A row of the bill: a '2 for 125' pair as one, every other line alone; priced as the bill priced it. */
type BillRow = { key: string; lines: PricedLine[]; text: string; priceOre: number };

function billRows(order: Order): BillRow[] {
  const rows = [...order.offerGroups.map((group) => group.lines), ...order.normalLines.map((line) => [line])];
  return rows.map((lines) => ({
    key: lines[0]?.id ?? '',
    lines,
    text: lines.length === 2 ? `${lines[0]?.text} + ${lines[1]?.text} (2 for 125)` : (lines[0]?.text ?? ''),
    priceOre: lines.reduce((sum, line) => sum + (line.priceOre ?? 0), 0),
  }));
}

/**
 * 'Krediter' on a shipped order (docs/product/money.md): the whole order or the rows she ticks, the postage, and
 * how the money goes back. The server makes the credit note with its number; the order stays as it was.
 */
export function CreditDialog({
  open,
  onClose,
  customerId,
  order,
}: {
  open: boolean;
  onClose: () => void;
  customerId: string;
  order: Order;
}) {
  const create = useCreateCreditNote(customerId, order.id);
  const actionKey = useActionKey();
  const rows = useMemo(() => billRows(order), [order]);
  const credited = useMemo(() => new Set(order.creditedLineIds), [order.creditedLineIds]);
  const open_ = rows.filter((row) => !row.lines.some((line) => credited.has(line.id)));
  const postageOpen = order.totals.shippingOre > 0 && !order.creditedPostage;
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const [postage, setPostage] = useState(false);
  const [method, setMethod] = useState<PaymentMethod>('mobilepay');
  const [refundedOn, setRefundedOn] = useState(copenhagenDate());
  const [error, setError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only an opening resets the dialog.
  useEffect(() => {
    if (!open) return;
    setTicked(new Set(open_.map((row) => row.key)));
    setPostage(postageOpen);
    setMethod(order.payments.at(-1)?.method ?? 'mobilepay');
    setRefundedOn(copenhagenDate());
    setError(null);
    actionKey.renew();
  }, [open]);

  const chosen = open_.filter((row) => ticked.has(row.key));
  const goods = chosen.reduce((sum, row) => sum + row.priceOre, 0);
  const whole = chosen.length === open_.length && (postage || !postageOpen);
  const discountShare =
    order.totals.discountOre === 0 || order.totals.totalOre === 0
      ? 0
      : Math.round((order.totals.discountOre * goods) / order.totals.totalOre);
  const estimate = Math.max(0, goods + (postage ? order.totals.shippingOre : 0) - discountShare);

  const toggle = (key: string) =>
    setTicked((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const toggleWhole = () => {
    if (whole) {
      setTicked(new Set());
      setPostage(false);
    } else {
      setTicked(new Set(open_.map((row) => row.key)));
      setPostage(postageOpen);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0 && !postage) return setError(m.creditNothing);
    const date = paidOnSchema.safeParse(refundedOn);
    if (!date.success) return setError(date.error.issues[0]?.message ?? m.dateInvalid);
    const body = {
      lineIds: chosen.flatMap((row) => row.lines.map((line) => line.id)),
      postage,
      method,
      refundedOn: date.data,
    };
    try {
      const made = await create.mutateAsync({ body, idempotencyKey: actionKey.keyFor(body) });
      onClose();
      notifySuccess(m.creditMade(made.creditNote.number), {
        action: {
          label: m.pdf.creditNote,
          onClick: () => window.open(creditNoteUrl(made.creditNote.id), '_blank', 'noopener'),
        },
      });
    } catch (failure) {
      notifyError(failure);
    }
  };

  return (
    <FormDialog
      open={open}
      title={order.number ? `${m.creditTitle} ${order.number}` : m.creditTitle}
      onClose={onClose}
      onSubmit={submit}
      submitting={create.isPending}
      submitLabel={m.creditSubmit}
      maxWidth="sm"
      contentSx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Typography color="text.secondary">{m.creditIntro}</Typography>
      <FormControlLabel
        control={
          <Checkbox
            checked={whole}
            indeterminate={!whole && (chosen.length > 0 || postage)}
            onChange={toggleWhole}
          />
        }
        label={<strong>{m.creditWhole}</strong>}
      />
      <Divider />
      <Box component="ul" aria-label={texts.lines.items} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {rows.map((row) => {
          const done = row.lines.some((line) => credited.has(line.id));
          return (
            <Box component="li" key={row.key} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <FormControlLabel
                sx={{ flexGrow: 1, mr: 0, minWidth: 0 }}
                control={
                  <Checkbox
                    checked={done || ticked.has(row.key)}
                    disabled={done}
                    onChange={() => toggle(row.key)}
                  />
                }
                label={done ? `${row.text} (${m.creditAlready})` : row.text}
              />
              <Typography sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {formatKr(row.priceOre)}
              </Typography>
            </Box>
          );
        })}
        {order.totals.shippingOre > 0 && (
          <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <FormControlLabel
              sx={{ flexGrow: 1, mr: 0 }}
              control={
                <Checkbox
                  checked={order.creditedPostage || postage}
                  disabled={order.creditedPostage}
                  onChange={() => setPostage((value) => !value)}
                />
              }
              label={order.creditedPostage ? `${m.creditPostage} (${m.creditAlready})` : m.creditPostage}
            />
            <Typography sx={{ whiteSpace: 'nowrap' }}>{formatKr(order.totals.shippingOre)}</Typography>
          </Box>
        )}
      </Box>
      {order.totals.discountOre > 0 && (
        <Typography variant="body2" color="text.secondary">
          {m.creditDiscountNote(formatKr(order.totals.discountOre))}
        </Typography>
      )}
      <Divider />
      <Typography sx={{ fontWeight: 700 }} aria-live="polite">
        {m.creditTotal(formatKr(estimate))}
      </Typography>
      <PaymentMethodField label={m.creditRefundedWith} value={method} onChange={setMethod} />
      <TextField
        type="date"
        label={m.date}
        value={refundedOn}
        onChange={(event) => setRefundedOn(event.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: copenhagenDate() } }}
        sx={{ mt: 1 }}
      />
      {error && (
        <Typography color="error" role="alert">
          {error}
        </Typography>
      )}
    </FormDialog>
  );
}
