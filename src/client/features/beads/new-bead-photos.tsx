import CloseIcon from '@mui/icons-material/Close';
import { Box, IconButton, LinearProgress, Typography } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { MAX_PHOTOS_PER_BEAD } from '../../../shared/domain/limits.ts';
import { photoTexts } from '../../../shared/texts/photos.ts';
import { PhotoButtons } from '../../components/photo-buttons.tsx';
import { preparePicked, warmPhotoPipeline } from '../../lib/photo-pick.ts';

const t = photoTexts;
const SIZE = 56;

/** Object URLs of the chosen photos, freed when they change or the dialog goes. */
function usePreviewUrls(photos: readonly Blob[]): string[] {
  const urls = useMemo(() => photos.map((photo) => URL.createObjectURL(photo)), [photos]);
  useEffect(
    () => () => {
      for (const url of urls) URL.revokeObjectURL(url);
    },
    [urls],
  );
  return urls;
}

/**
 * "Tag foto" and "Vælg foto" in "Tilføj ny nål" (decision 0016): the photos are made ready on the phone as
 * they are picked and shown small (each can be taken out again); they are sent once the bead exists.
 */
export function NewBeadPhotos({
  photos,
  onChange,
  disabled,
}: {
  photos: readonly Blob[];
  onChange: (photos: Blob[]) => void;
  disabled: boolean;
}) {
  const [preparing, setPreparing] = useState(false);
  useEffect(warmPhotoPipeline, []);
  const urls = usePreviewUrls(photos);
  const pick = async (files: File[]) => {
    setPreparing(true);
    try {
      const ready = await preparePicked(files, MAX_PHOTOS_PER_BEAD - photos.length);
      if (ready.length > 0) onChange([...photos, ...ready]);
    } finally {
      setPreparing(false);
    }
  };
  return (
    <Box component="section" aria-label={t.title} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <PhotoButtons onFiles={pick} disabled={disabled || preparing || photos.length >= MAX_PHOTOS_PER_BEAD} />
      {preparing && <LinearProgress aria-label={t.preparing} />}
      {photos.length > 0 && (
        <>
          <Box
            component="ul"
            aria-label={t.selected(photos.length)}
            sx={{ display: 'flex', gap: 1, m: 0, p: 0, listStyle: 'none', flexWrap: 'wrap' }}
          >
            {urls.map((url, index) => (
              <Box component="li" key={url} sx={{ position: 'relative' }}>
                <Box
                  component="img"
                  src={url}
                  alt=""
                  width={SIZE}
                  height={SIZE}
                  sx={{ width: SIZE, height: SIZE, objectFit: 'cover', borderRadius: 1.5, display: 'block' }}
                />
                <IconButton
                  size="small"
                  aria-label={`${t.unselect} ${index + 1}`}
                  disabled={disabled}
                  onClick={() => onChange(photos.filter((_, i) => i !== index))}
                  sx={{
                    position: 'absolute',
                    top: -10,
                    right: -10,
                    bgcolor: 'background.paper',
                    boxShadow: 1,
                    p: 0.25,
                  }}
                >
                  <CloseIcon sx={{ fontSize: 16 }} />
                </IconButton>
              </Box>
            ))}
          </Box>
          <Typography variant="body2" color="text.secondary">
            {t.selected(photos.length)} · {t.addLaterHint}
          </Typography>
        </>
      )}
    </Box>
  );
}
