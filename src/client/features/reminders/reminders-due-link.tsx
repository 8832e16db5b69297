import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import { Button } from '@mui/material';
import { Link } from 'react-router';
import { countOf } from '../../../shared/domain/plural.ts';
import { texts } from '../../../shared/texts.ts';
import { usePaymentRemindersDue } from '../../api/reminders.ts';

/**
 * Puden's reminder that payments are overdue (issue 15): 'Betalingspåmindelser: 3 ordrer venter på betaling',
 * a link to the list; nothing when none is due. Asked for once the page's own data is there.
 */
export function RemindersDueLink({ enabled }: { enabled: boolean }) {
  const due = usePaymentRemindersDue({ enabled });
  if (!due.data) return null;
  return (
    <Button
      component={Link}
      to="/reminders"
      variant="outlined"
      startIcon={<NotificationsActiveIcon />}
      endIcon={<ChevronRightIcon />}
      sx={{ mb: 2, justifyContent: 'flex-start', textAlign: 'left', width: { xs: '100%', sm: 'auto' } }}
    >
      {texts.reminders.due(countOf(due.data, texts.reminders.unit))}
    </Button>
  );
}
