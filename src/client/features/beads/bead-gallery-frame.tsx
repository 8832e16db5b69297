import { Box, Typography } from '@mui/material';
import { useId } from 'react';
import { MAX_PHOTOS_PER_BEAD } from '../../../shared/domain/limits.ts';
import type { BeadWithTodos } from '../../../shared/schemas/api-beads.ts';
import { photoTexts } from '../../../shared/texts/photos.ts';
import { PhotoButtons } from '../../components/photo-buttons.tsx';

/**
 * The parts of the bead page's gallery that need none of the photo code (the page's own chunk carries them): the
 * section with its heading, the empty state and the 4:3 frame, shared by the gallery (bead-gallery.tsx) and the
 * placeholder that holds its place while the gallery's code arrives. The placeholder has the gallery's size to
 * the pixel: when the gallery comes, nothing below it moves, so a tap on 'Optælling' or 'Modtaget' that is
 * under way at that moment still lands on its button (a button moved between the finger's down and up gets no
 * click). tests/e2e/layout-shift.spec.ts holds both to it.
 */

const t = photoTexts;

/** The gallery's column and the space between its parts. */
export const gallerySx = { display: 'flex', flexDirection: 'column', gap: 1.25 } as const;

/** The big photo's frame: always 4:3, the photo fitted inside. */
export const mainPhotoFrameSx = {
  width: '100%',
  aspectRatio: '4 / 3',
  borderRadius: 2,
  overflow: 'hidden',
  bgcolor: '#f1ece4',
} as const;

/** The strip's thumbnails (px) and the strip's own padding around them (theme spacing). */
export const STRIP_THUMB = 64;
export const STRIP_PADDING = 0.5;
/** The row under the big photo: arrows, 'Slet foto' and 'Del' (icon buttons of 40 px). */
const ACTIONS_HEIGHT = 40;

export function GalleryHeading({ titleId, count }: { titleId: string; count: number }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
      <Typography id={titleId} variant="h2">
        {t.title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t.count(count, MAX_PHOTOS_PER_BEAD)}
      </Typography>
    </Box>
  );
}

export function EmptyPhotos() {
  return (
    <Box sx={{ py: 1.5 }}>
      <Typography sx={{ fontWeight: 600 }}>{t.empty}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t.emptyBody}
      </Typography>
    </Box>
  );
}

/**
 * The gallery's place while its code arrives: its heading, its empty state or the frame of the big photo, the
 * strip's and the actions' rows, and 'Tag foto' / 'Vælg foto' not yet usable. Uploads still waiting on the phone
 * are not known here (they are kept in IndexedDB); a bead with photos shows its photos' frame meanwhile.
 */
export function GalleryPlaceholder({ bead }: { bead: BeadWithTodos }) {
  const id = useId();
  const count = bead.photos.length;
  return (
    <Box component="section" aria-labelledby={`${id}-title`} aria-busy sx={gallerySx}>
      <GalleryHeading titleId={`${id}-title`} count={count} />
      {count === 0 ? (
        <EmptyPhotos />
      ) : (
        <>
          <Box sx={mainPhotoFrameSx} />
          <Box sx={{ height: (theme) => `calc(${STRIP_THUMB}px + ${theme.spacing(STRIP_PADDING * 2)})` }} />
          <Box sx={{ height: ACTIONS_HEIGHT }} />
        </>
      )}
      <PhotoButtons onFiles={() => undefined} disabled />
    </Box>
  );
}
