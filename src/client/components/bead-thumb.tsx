import GrainIcon from '@mui/icons-material/Grain';
import { Box } from '@mui/material';
import { useState } from 'react';
import { photoUrl } from '../lib/photo-url.ts';
import { InitialAvatar } from './initial-avatar.tsx';

/**
 * A bead's square thumbnail (decision 0016), or its coloured initial when it has no photo: the same fixed size
 * either way, so a row never moves when the picture arrives. The image loads lazily (rows far below the screen
 * ask for nothing) and is decoded off the main thread; it is decorative (the name stands beside it). A
 * picture that cannot load (offline and not cached) shows the initial instead. `fallback: 'blank'` shows a
 * plain bead mark without a letter instead (the pickers, whose options are read by their text).
 */
export function BeadThumb({
  photoId,
  name,
  size = 40,
  rounded = 'circle',
  fallback = 'initial',
}: {
  photoId: string | null | undefined;
  name: string;
  size?: number;
  rounded?: 'circle' | 'square';
  fallback?: 'initial' | 'blank';
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const radius = rounded === 'circle' ? '50%' : 1.5;
  if (!photoId || failed === photoId) {
    if (fallback === 'initial') return <InitialAvatar name={name} size={size} />;
    return (
      <Box
        aria-hidden
        sx={{
          width: size,
          height: size,
          flexShrink: 0,
          borderRadius: radius,
          bgcolor: 'action.hover',
          color: 'text.disabled',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        <GrainIcon sx={{ fontSize: size * 0.6 }} />
      </Box>
    );
  }
  return (
    <Box
      component="img"
      src={photoUrl(photoId, 'thumb')}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      draggable={false}
      onError={() => setFailed(photoId)}
      sx={{
        display: 'block',
        flexShrink: 0,
        width: size,
        height: size,
        objectFit: 'cover',
        borderRadius: radius,
        bgcolor: 'action.hover',
      }}
    />
  );
}
