import { Box, Paper } from '@mui/material';
import type { SessionUser } from '../api/session.ts';
import { MenuContent } from '../app/menu-drawer.tsx';

/**
 * The menu of the server's first screen, before the app runs (decision 0014): the app's own menu content as a
 * plain page of links over the screen, hidden until boot/hold-taps.ts opens it at a tap on Menu (and closes it at a
 * tap beside it or Escape). A link loads its page as any link does; when the app takes over with the menu
 * open, its own drawer stands open in its place.
 */
export function BootMenu({
  shopName,
  user,
  pathname,
}: {
  shopName: string;
  user: SessionUser | null;
  pathname: string;
}) {
  return (
    <Box
      id="boot-menu"
      hidden
      role="presentation"
      sx={{ position: 'fixed', inset: 0, zIndex: 1200, '&[hidden]': { display: 'none' } }}
    >
      <Box data-boot-menu-close="" sx={{ position: 'absolute', inset: 0, bgcolor: 'rgba(0, 0, 0, 0.5)' }} />
      <Paper
        elevation={16}
        square
        sx={{ position: 'absolute', top: 0, bottom: 0, left: 0, overflowY: 'auto', outline: 0 }}
      >
        <MenuContent shopName={shopName} user={user} pathname={pathname} />
      </Paper>
    </Box>
  );
}
