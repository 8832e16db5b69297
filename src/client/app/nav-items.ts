import type { SvgIconComponent } from '@mui/icons-material';
// Issue 15: Salg.
import BarChartIcon from '@mui/icons-material/BarChart';
import ChecklistIcon from '@mui/icons-material/Checklist';
import GrainIcon from '@mui/icons-material/Grain';
import HomeIcon from '@mui/icons-material/Home';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SettingsIcon from '@mui/icons-material/Settings';
import { texts } from '../../shared/texts.ts';

export type NavItem = { to: string; label: string; icon: SvgIconComponent };

/**
 * The drawer's entries: the old app's in its order, the weekly work of issue 15 after Todo
 * (docs/product/screens.md).
 */
export const navItems: NavItem[] = [
  { to: '/pillow', label: texts.nav.pillow, icon: HomeIcon },
  { to: '/customers', label: texts.nav.customers, icon: PeopleIcon },
  { to: '/needles', label: texts.nav.beads, icon: GrainIcon },
  { to: '/orders', label: texts.nav.orders, icon: ReceiptLongIcon },
  { to: '/todos', label: texts.nav.todos, icon: ChecklistIcon },
  { to: '/reminders', label: texts.reminders.nav, icon: NotificationsActiveIcon },
  { to: '/packing', label: texts.packing.nav, icon: Inventory2Icon },
  { to: '/sales', label: texts.nav.sales, icon: BarChartIcon },
  { to: '/settings', label: texts.data.nav, icon: SettingsIcon },
];
