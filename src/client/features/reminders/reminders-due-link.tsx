import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import { Box, Button } from '@mui/material';
import { formatInteger } from '../../../shared/domain/number-format.ts';
import { countOf, pluralize } from '../../../shared/domain/plural.ts';
import { screens } from '../../../shared/screens.ts';
import { texts } from '../../../shared/texts.ts';
import { usePaymentRemindersDue } from '../../api/reminders.ts';
import { Link } from '../../lib/router.tsx';

/**
 * Puden's reminder that payments are overdue: a small link in the page's heading row, '3
 * påmindelser', named in full for screen readers ('Betalingspåmindelser: 3 ordrer venter på betaling'); nothing
 * when none is due. Asked for once the page's own data is there. Small and in the heading row on purpose: it
 * arrives after the orders, so a full-width row would push them down when it appears, and a secondary notice
 * should not be the largest thing on the owner's first screen. On a phone it shows the number only ('🔔 3'): the
 * words would wrap it onto a line of its own and push the page down 43 px when it comes
 * (tests/e2e/screens-still.spec.ts).
 */
export function RemindersDueLink({ enabled }: { enabled: boolean }) {
  const due = usePaymentRemindersDue({ enabled });
  if (!due.data) return null;
  return (
    <Button
      component={Link}
      to={screens.reminders.path}
      size="small"
      variant="outlined"
      startIcon={<NotificationsActiveIcon />}
      aria-label={texts.reminders.due(countOf(due.data, texts.reminders.unit))}
    >
      {formatInteger(due.data)}
      <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
        &nbsp;{pluralize(due.data, texts.reminders.shortUnit.one, texts.reminders.shortUnit.other)}
      </Box>
    </Button>
  );
}
