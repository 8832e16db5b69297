import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import HourglassBottomIcon from '@mui/icons-material/HourglassBottom';
import ShareIcon from '@mui/icons-material/Share';
import { Box, Button, Card, CardContent, IconButton, Typography } from '@mui/material';
import { memo, useState } from 'react';
import { formatKr } from '../../../shared/domain/money.ts';
import { countOf } from '../../../shared/domain/plural.ts';
import { reminderText } from '../../../shared/domain/reminder-text.ts';
import type { ShopSettingsValues } from '../../../shared/domain/shop-settings.ts';
import type { PaymentReminder } from '../../../shared/schemas/api-reminders.ts';
import { pathOf, screens } from '../../../shared/screens.ts';
import { texts } from '../../../shared/texts.ts';
import { Hint } from '../../components/hint.tsx';
import { InitialAvatar } from '../../components/initial-avatar.tsx';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { Link } from '../../lib/router.tsx';
import { lastRemindedText, reminderDate } from './reminder-time.ts';

const r = texts.reminders;

export type ReminderCardProps = {
  reminder: PaymentReminder;
  /** The shop's ways to pay, closing and name; null while they load (the button waits). */
  shop: ShopSettingsValues | null;
  /** Puts text on the clipboard: the bill's helper (features/orders/bill-clipboard.ts), given by the page. */
  copyText: (text: string) => Promise<void>;
  /**
   * Opens the phone's share sheet with the text (features/orders/share-text.ts, given by the page): only where
   * the browser has one, so without it there is no "Del". `cancelled`: the owner closed the sheet.
   */
  shareText?: (text: string) => Promise<'shared' | 'cancelled'>;
  /** Keeps the time on the server after the copy or the share succeeded. */
  onCopied: (orderId: string) => Promise<unknown>;
};

/**
 * One order waiting for payment: who, how long, how much, the last reminder, and "Kopiér påmindelse", which
 * copies a polite reminder (reminder-text.ts) and then keeps its time on the server; "Del" beside it shares
 * the same text and keeps the time the same way, unless the owner closes the share sheet.
 */
export const ReminderCard = memo(function ReminderCard({
  reminder,
  shop,
  copyText,
  shareText,
  onCopied,
}: ReminderCardProps) {
  const [copying, setCopying] = useState(false);
  const name = reminder.customerName ?? texts.customers.unknownCustomer;
  const headingId = `reminder-${reminder.orderId}`;

  const send = async (how: 'copy' | 'share') => {
    if (!shop) return;
    const text = reminderText({
      customerName: reminder.customerName,
      amountOre: reminder.amountOre,
      number: reminder.number,
      paidOre: reminder.paidOre,
      shop,
    });
    setCopying(true);
    try {
      if (how === 'share' && shareText) {
        // Called inside the tap with no await before it: the browser opens the sheet only then.
        let outcome: 'shared' | 'cancelled';
        try {
          outcome = await shareText(text);
        } catch {
          throw new Error(r.shareFailed);
        }
        if (outcome === 'cancelled') return;
        notifySuccess(r.shared);
      } else {
        try {
          await copyText(text);
        } catch {
          throw new Error(r.copyFailed);
        }
        notifySuccess(r.copied);
      }
      await onCopied(reminder.orderId);
    } catch (error) {
      notifyError(error);
    } finally {
      setCopying(false);
    }
  };

  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.25, pb: '16px !important' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <InitialAvatar name={name} />
          <Typography id={headingId} variant="h3" component="h2" sx={{ flexGrow: 1, minWidth: 0 }} noWrap>
            {name}
          </Typography>
          {reminder.customerId && (
            <Hint title={texts.orders.openCustomer}>
              <IconButton
                component={Link}
                to={pathOf(screens.customer, { id: reminder.customerId })}
                aria-label={`${texts.orders.openCustomer} ${name}`}
                color="primary"
                edge="end"
              >
                <ChevronRightIcon />
              </IconButton>
            </Hint>
          )}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'baseline', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.25 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, whiteSpace: 'nowrap' }}>
            <HourglassBottomIcon fontSize="small" sx={{ color: 'warning.main' }} aria-hidden />
            <Typography sx={{ fontWeight: 600 }}>
              {r.waiting(countOf(reminder.daysWaiting, r.days))}
            </Typography>
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {r.waitingSince(reminderDate(reminder.waitingSince))}
          </Typography>
        </Box>
        <Box
          component="dl"
          sx={{ m: 0, display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2 }}
        >
          <Typography component="dt" color="text.secondary">
            {reminder.number ? `${texts.money.number(reminder.number)} · ` : ''}
            {reminder.paidOre > 0 ? r.owed : r.amount}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 700, fontSize: '1.15rem' }}>
            {formatKr(reminder.amountOre)}
          </Typography>
        </Box>
        <Typography variant="body2" color="text.secondary">
          {lastRemindedText(reminder.lastRemindedAt)}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, alignSelf: { xs: 'stretch', sm: 'flex-start' } }}>
          <Button
            variant="contained"
            startIcon={<ContentCopyIcon />}
            onClick={() => send('copy')}
            disabled={!shop || copying}
            sx={{ flexGrow: 1 }}
          >
            {r.copy}
          </Button>
          {shareText && (
            <Button
              variant="outlined"
              startIcon={<ShareIcon />}
              onClick={() => send('share')}
              disabled={!shop || copying}
            >
              {r.share}
            </Button>
          )}
        </Box>
      </CardContent>
    </Card>
  );
});
