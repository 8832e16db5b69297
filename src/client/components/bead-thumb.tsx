import { Box } from '@mui/material';
import { useState } from 'react';
import { photoUrl } from '../lib/photo-url.ts';
import { InitialAvatar } from './initial-avatar.tsx';

/**
 * A bead's square thumbnail (decision 0016), or its coloured initial when it has no photo: the same fixed size
 * either way, so a row never moves when the picture arrives. The image loads lazily (rows far below the screen
 * ask for nothing) and is decoded off the main thread; it is decorative (the name stands beside it). A
 * picture that cannot load (offline and not cached) shows the initial instead.
 */
export function BeadThumb({
  photoId,
  name,
  size = 40,
  rounded = 'circle',
}: {
  photoId: string | null | undefined;
  name: string;
  size?: number;
  rounded?: 'circle' | 'square';
}) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!photoId || failed === photoId) return <InitialAvatar name={name} size={size} />;
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
        borderRadius: rounded === 'circle' ? '50%' : 1.5,
        bgcolor: 'action.hover',
      }}
    />
  );
}
