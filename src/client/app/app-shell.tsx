import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import {
  AppBar,
  Box,
  Container,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Toolbar,
  Typography,
} from '@mui/material';
import { Suspense, useState } from 'react';
import { texts } from '../../shared/texts.ts';
import { useLiveUpdates } from '../api/live.ts';
import { type SessionUser, useSignOut } from '../api/session.ts';
import { useShopSettings } from '../api/settings.ts';
import { Hint } from '../components/hint.tsx';
import { LoadingState } from '../components/loading-state.tsx';
import { LiveIndicator } from '../features/live/live-indicator.tsx';
import { OfflineBanner } from '../features/offline/offline-banner.tsx';
import { leaveNotice } from '../lib/handover-notice.ts';
import { notifyError } from '../lib/notify.ts';
import { NavLink, Outlet, useLocation } from '../lib/router.tsx';
import { ErrorBoundary } from './error-boundary.tsx';
import { navItems } from './nav-items.ts';

export function AppShell({ user }: { user: SessionUser | null }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const signOut = useSignOut();
  // Changes made on another device or tab show here within a second (issue 13).
  useLiveUpdates(user !== null);
  // The shop's own name (Indstillinger → Butik); asked for by the signed-in shell only, never by the login
  // page. Kept with the persisted cache, so after the first visit it shows at once.
  const settings = useShopSettings({ enabled: user !== null });
  const shopName = settings.data?.shopName ?? (settings.isPending ? '' : texts.app.name);

  const logout = async () => {
    setOpen(false);
    try {
      await signOut();
      // The login page is a page of its own (src/client/login/): it says so after the reload.
      leaveNotice(texts.auth.loggedOut);
      window.location.replace('/login');
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <AppBar position="sticky" elevation={0} sx={{ borderBottom: 1, borderColor: 'rgba(255,255,255,0.15)' }}>
        <Toolbar>
          <Hint title={texts.app.menu} align="start">
            <IconButton
              color="inherit"
              edge="start"
              aria-label={texts.app.menu}
              onClick={() => setOpen(true)}
              sx={{ mr: 1 }}
            >
              <MenuIcon />
            </IconButton>
          </Hint>
          <Box component="img" src="/favicon.svg" alt="" sx={{ width: 28, height: 28, mr: 1.25 }} />
          <Typography
            variant="h6"
            component="p"
            sx={{ fontWeight: 700, flexGrow: 1, minWidth: 0 }}
            noWrap
            data-testid="shop-name"
          >
            {shopName}
          </Typography>
          <LiveIndicator />
          <Typography variant="body2" sx={{ opacity: 0.85, display: { xs: 'none', sm: 'block' } }}>
            {user?.name}
          </Typography>
        </Toolbar>
        <OfflineBanner />
      </AppBar>
      <Drawer open={open} onClose={() => setOpen(false)}>
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
                  onClick={() => setOpen(false)}
                  selected={location.pathname === item.to || location.pathname.startsWith(`${item.to}/`)}
                  sx={{ minHeight: 48 }}
                >
                  <ListItemIcon>
                    <item.icon />
                  </ListItemIcon>
                  <ListItemText primary={item.label} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
          {user && (
            <>
              <Divider />
              <List>
                <ListItem disablePadding>
                  <ListItemButton onClick={logout} sx={{ minHeight: 48 }}>
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
      </Drawer>
      <Container component="main" maxWidth="md" sx={{ py: { xs: 2, sm: 3 }, px: { xs: 1.5, sm: 3 } }}>
        <ErrorBoundary key={location.pathname}>
          <Suspense fallback={<LoadingState label={texts.app.loading} />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </Container>
    </Box>
  );
}
