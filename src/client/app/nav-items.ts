import type { SvgIconComponent } from '@mui/icons-material';
import ChecklistIcon from '@mui/icons-material/Checklist';
import GrainIcon from '@mui/icons-material/Grain';
import HomeIcon from '@mui/icons-material/Home';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { texts } from '../../shared/texts.ts';

export type NavItem = { to: string; label: string; icon: SvgIconComponent; title: string };

/** The drawer's entries (SPEC.md §2), in order; `title` is shown in the header on that page. */
export const navItems: NavItem[] = [
  { to: '/pillow', label: texts.nav.pillow, icon: HomeIcon, title: texts.nav.pillow },
  { to: '/customers', label: texts.nav.customers, icon: PeopleIcon, title: texts.nav.customers },
  { to: '/needles', label: texts.nav.needles, icon: GrainIcon, title: 'Perler' },
  { to: '/orders', label: texts.nav.orders, icon: ReceiptLongIcon, title: texts.nav.orders },
  { to: '/todos', label: texts.nav.todos, icon: ChecklistIcon, title: texts.nav.todos },
];

export function titleFor(pathname: string): string {
  return (
    navItems.find((item) => pathname === item.to || pathname.startsWith(`${item.to}/`))?.title ??
    texts.app.name
  );
}
