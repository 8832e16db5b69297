import ContentPasteIcon from '@mui/icons-material/ContentPaste';
import LogoutIcon from '@mui/icons-material/Logout';
import {
  Box,
  Divider,
  Drawer,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import { screens } from '../../shared/screens.ts';
import { texts } from '../../shared/texts.ts';
import type { SessionUser } from '../api/session.ts';
import { NavLink } from '../lib/router.tsx';
import { navItems } from './nav-items.ts';

type MenuContentProps = {
  shopName: string;
  user: SessionUser | null;
  pathname: string;
  /** A tap on a page (closes the drawer). */
  onNavigate?: () => void;
  /** "Log ud"; left out where there is nothing to log out with (the server's menu, before the app runs). */
  onLogout?: () => void;
};

/** What the menu holds: the shop and the owner, the pages (plain links), and "Log ud". */
export function MenuContent({ shopName, user, pathname, onNavigate, onLogout }: MenuContentProps) {
  return (
    <Box component="nav" aria-label={texts.app.menu} sx={{ width: 264 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 2 }}>
        <Box component="img" src="/favicon.svg" alt="" sx={{ width: 36, height: 36 }} />
        <Box>
          <Typography sx={{ fontWeight: 700, color: 'primary.main' }} noWrap>
            {shopName || texts.app.name}
          </Typography>
          {user && (
            <Typography variant="body2" color="text.secondary" noWrap>
              {user.name}
            </Typography>
          )}
        </Box>
      </Box>
      <Divider />
      <List>
        {navItems.map((item) => (
          <ListItem key={item.to} disablePadding>
            <ListItemButton
              component={NavLink}
              to={item.to}
              onClick={onNavigate}
              selected={pathname === item.to || pathname.startsWith(`${item.to}/`)}
              sx={{ minHeight: 48 }}
            >
              <ListItemIcon>
                <item.icon />
              </ListItemIcon>
              <ListItemText primary={item.label} />
            </ListItemButton>
          </ListItem>
        ))}
        {/* 'Indsæt besked' (docs/product/messages.md): Kunder asks "Hvilken kunde?" first. */}
        <ListItem disablePadding>
          <ListItemButton
            component={NavLink}
            to={`${screens.customers.path}?besked=`}
            onClick={onNavigate}
            sx={{ minHeight: 48 }}
          >
            <ListItemIcon>
              <ContentPasteIcon />
            </ListItemIcon>
            <ListItemText primary={texts.paste.open} />
          </ListItemButton>
        </ListItem>
      </List>
      {user && onLogout && (
        <>
          <Divider />
          <List>
            <ListItem disablePadding>
              <ListItemButton onClick={onLogout} sx={{ minHeight: 48 }}>
                <ListItemIcon>
                  <LogoutIcon />
                </ListItemIcon>
                <ListItemText primary={texts.nav.logout} />
              </ListItemButton>
            </ListItem>
          </List>
        </>
      )}
    </Box>
  );
}

/**
 * The menu (the header's Menu button): the pages and Log ud. Its code is not part of the first screen
 * (MUI's Drawer, Modal, List and the pages' icons); app-shell.tsx loads it on the first tap or once the first
 * screen is idle. Before the app runs, the server's page carries the same content as a plain menu of links
 * (server-render/boot-menu.tsx) that boot/hold-taps.ts opens.
 */
export function MenuDrawer({
  open,
  atOnce = false,
  onClose,
  shopName,
  user,
  pathname,
  onLogout,
}: {
  open: boolean;
  /** Open from the start without sliding in: it stands where the server's menu stood. */
  atOnce?: boolean;
  onClose: () => void;
  shopName: string;
  user: SessionUser | null;
  pathname: string;
  onLogout: () => void;
}) {
  return (
    <Drawer
      open={open}
      onClose={onClose}
      {...(atOnce ? { transitionDuration: { appear: 0, enter: 0 } } : {})}
      slotProps={atOnce ? { backdrop: { transitionDuration: { appear: 0, enter: 0 } } } : undefined}
    >
      <MenuContent
        shopName={shopName}
        user={user}
        pathname={pathname}
        onNavigate={onClose}
        onLogout={onLogout}
      />
    </Drawer>
  );
}
