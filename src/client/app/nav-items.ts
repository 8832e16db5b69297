import type { SvgIconComponent } from '@mui/icons-material';
import BarChartIcon from '@mui/icons-material/BarChart';
import ChecklistIcon from '@mui/icons-material/Checklist';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import GrainIcon from '@mui/icons-material/Grain';
import HomeIcon from '@mui/icons-material/Home';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import SettingsIcon from '@mui/icons-material/Settings';
import { type NavIcon, screenList } from '../../shared/screens.ts';
import { texts } from '../../shared/texts.ts';

export type NavItem = { to: string; label: string; icon: SvgIconComponent };

/**
 * The menu's icons by the names shared/screens.ts gives them. They load with the menu (menu-drawer.tsx, on
 * the first tap or once the first screen is idle), never with a screen's first code.
 */
const icons = {
  home: HomeIcon,
  people: PeopleIcon,
  grain: GrainIcon,
  receipt: ReceiptLongIcon,
  checklist: ChecklistIcon,
  reminder: NotificationsActiveIcon,
  parcel: Inventory2Icon,
  chart: BarChartIcon,
  books: RequestQuoteIcon,
  stocktake: FactCheckIcon,
  settings: SettingsIcon,
} satisfies Record<NavIcon, SvgIconComponent>;

/**
 * The drawer's entries: the screens with a menu entry (shared/screens.ts), in their order: the old app's,
 * the weekly work after Todo (docs/product/screens.md).
 */
export const navItems: NavItem[] = screenList
  .flatMap((screen) => (screen.nav ? [{ path: screen.path, ...screen.nav }] : []))
  .sort((a, b) => a.order - b.order)
  .map((entry) => ({ to: entry.path, label: entry.label(texts), icon: icons[entry.icon as NavIcon] }));
