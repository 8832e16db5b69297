import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, Container, IconButton, Toolbar, Typography } from '@mui/material';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { publicPages } from '../../shared/screens.ts';
import { texts } from '../../shared/texts.ts';
import { useLiveUpdates } from '../api/live.ts';
import { type SessionUser, useSignOut } from '../api/session.ts';
import { useShopSettings } from '../api/settings.ts';
import { Hint } from '../components/hint.tsx';
import { LoadingState } from '../components/loading-state.tsx';
import { BackupBanner } from '../features/backups/backup-banner.tsx';
import { LiveIndicator } from '../features/live/live-indicator.tsx';
import { OfflineBanner } from '../features/offline/offline-banner.tsx';
import { leaveNotice } from '../lib/handover-notice.ts';
import { notifyError } from '../lib/notify.ts';
import { Outlet, useLocation } from '../lib/router.tsx';
import { ErrorBoundary } from './error-boundary.tsx';
import { bootMenuOpen, loadedMenuDrawer, loadMenuDrawer } from './menu-loader.ts';
import { TookOver } from './take-over.tsx';

type MenuDrawerComponent = typeof import('./menu-drawer.tsx').MenuDrawer;

export function AppShell({ user }: { user: SessionUser | null }) {
  // A menu opened on the server's screen before the app ran stands open in the app, without sliding in again.
  const [handedOver] = useState(() => bootMenuOpen() && loadedMenuDrawer() !== null);
  const [open, setOpen] = useState(handedOver);
  // The menu's code is not part of the first screen: it loads once the first screen is idle, or at the first
  // tap on Menu. A load that fails (the server is down, no service worker yet) is tried again at the next tap
  // instead of breaking the page.
  const [MenuDrawer, setMenuDrawer] = useState<MenuDrawerComponent | null>(() => loadedMenuDrawer());
  const loadMenu = useCallback(() => {
    loadMenuDrawer().then(
      (drawer) => setMenuDrawer(() => drawer),
      () => undefined,
    );
  }, []);
  useEffect(() => {
    const timer = setTimeout(loadMenu, 3000);
    return () => clearTimeout(timer);
  }, [loadMenu]);
  const location = useLocation();
  const signOut = useSignOut();
  // Changes made on another device or tab show here within a second.
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
      window.location.replace(publicPages.login);
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
              data-boot-menu-open=""
              onClick={() => {
                setOpen(true);
                if (!MenuDrawer) loadMenu();
              }}
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
        <BackupBanner />
      </AppBar>
      {MenuDrawer && (
        <MenuDrawer
          open={open}
          atOnce={handedOver}
          onClose={() => setOpen(false)}
          shopName={shopName}
          user={user}
          pathname={location.pathname}
          onLogout={logout}
        />
      )}
      <Container component="main" maxWidth="md" sx={{ py: { xs: 2, sm: 3 }, px: { xs: 1.5, sm: 3 } }}>
        <ErrorBoundary key={location.pathname}>
          <Suspense fallback={<LoadingState label={texts.app.loading} />}>
            <Outlet />
            <TookOver />
          </Suspense>
        </ErrorBoundary>
      </Container>
    </Box>
  );
}
