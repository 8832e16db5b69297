import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { Box, Button, Typography } from '@mui/material';
import { useCallback } from 'react';
import { countOf } from '../../../shared/domain/plural.ts';
import { DEFAULT_REMINDER_DAYS } from '../../../shared/domain/shop-settings.ts';
import { texts } from '../../../shared/texts.ts';
import { useMarkReminderCopied, usePaymentReminders } from '../../api/reminders.ts';
import { useShopSettings } from '../../api/settings.ts';
import { CountChip } from '../../components/count-chip.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadingState } from '../../components/loading-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { copyToClipboard } from '../../features/orders/bill-clipboard.ts';
import { canShareText, shareText } from '../../features/orders/share-text.ts';
import { ReminderCard } from '../../features/reminders/reminder-card.tsx';
import { notifySuccess } from '../../lib/notify.ts';

const r = texts.reminders;

/**
 * Betalingspåmindelser: the orders that have waited in Afventer betaling longer than the shop's
 * setting, oldest first, each with a reminder to copy. 50 at a time, "Vis flere" for the next.
 */
export function RemindersPage() {
  const reminders = usePaymentReminders();
  const settings = useShopSettings();
  const { send: sendCopied } = useMarkReminderCopied();
  // The copy has happened either way; offline its time waits to be kept (the banner counts it).
  const markCopied = useCallback(
    (orderId: string) =>
      sendCopied(orderId).then((sent) => {
        if (sent.queued) notifySuccess(texts.offline.queued);
      }),
    [sendCopied],
  );
  const first = reminders.data?.pages[0];
  const days = countOf(first?.reminderDays ?? settings.data?.reminderDays ?? DEFAULT_REMINDER_DAYS, r.days);
  const items = reminders.data?.pages.flatMap((page) => page.items) ?? [];
  const canShare = canShareText();

  return (
    <>
      <PageHeader
        title={r.title}
        chip={first && <CountChip count={first.total} singular={r.unit.one} plural={r.unit.other} />}
      />
      {reminders.isPending ? (
        <LoadingState label={r.loading} />
      ) : reminders.isError ? (
        <EmptyState
          title={r.loadFailed}
          description={reminders.error.message}
          actions={
            <Button variant="contained" onClick={() => reminders.refetch()}>
              {texts.app.reload}
            </Button>
          }
        />
      ) : items.length === 0 ? (
        <EmptyState icon={<TaskAltIcon />} title={r.empty(days)} description={r.emptyBody} />
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {r.intro(days)}
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              alignItems: 'start',
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            {items.map((reminder) => (
              <ReminderCard
                key={reminder.orderId}
                reminder={reminder}
                shop={settings.data ?? null}
                copyText={copyToClipboard}
                shareText={canShare ? shareText : undefined}
                onCopied={markCopied}
              />
            ))}
          </Box>
          {reminders.hasNextPage && (
            <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
              <Button
                variant="outlined"
                onClick={() => reminders.fetchNextPage()}
                disabled={reminders.isFetchingNextPage}
              >
                {reminders.isFetchingNextPage ? texts.app.loading : r.showMore}
              </Button>
            </Box>
          )}
        </>
      )}
    </>
  );
}
