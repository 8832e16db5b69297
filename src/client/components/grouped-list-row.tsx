import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { IconButton, styled, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { texts } from '../../shared/texts.ts';
import { Link } from '../lib/router.tsx';
import { InitialAvatar } from './initial-avatar.tsx';

const RowBody = styled('div')(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  height: '100%',
  borderBottom: `1px solid ${theme.palette.divider}`,
  '&:hover': { backgroundColor: theme.palette.action.hover },
}));

const RowLink = styled(Link)(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  gap: theme.spacing(2),
  flex: 1,
  minWidth: 0,
  height: '100%',
  paddingLeft: theme.spacing(2),
  color: 'inherit',
  textDecoration: 'none',
  '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
}));

/**
 * A list row: coloured initial (or `avatar`, e.g. a bead's thumbnail of the same size), a title and a
 * subtitle, all one link, plus the 'Åben' button at the end (docs/product/screens.md). Fills the fixed row height of the alphabetical lists (letter-header.tsx). Built
 * from static styled parts and a native tooltip (title), because rows mount and unmount all the time while
 * the list scrolls.
 */
export function GroupedListRow({
  to,
  name,
  title,
  subtitle,
  avatar,
}: {
  to: string;
  /** The name the avatar's initial and colour come from. */
  name: string;
  /** Shown instead of the initial (40 px, like it). */
  avatar?: ReactNode;
  title: ReactNode;
  subtitle: ReactNode;
}) {
  return (
    <RowBody>
      <RowLink to={to}>
        {avatar ?? <InitialAvatar name={name} />}
        <div style={{ minWidth: 0 }}>
          {title}
          <Typography variant="body2" color="text.secondary" noWrap>
            {subtitle}
          </Typography>
        </div>
      </RowLink>
      <IconButton
        component={Link}
        to={to}
        aria-label={texts.common.open}
        title={texts.common.open}
        sx={{ mx: 1 }}
      >
        <ChevronRightIcon />
      </IconButton>
    </RowBody>
  );
}
