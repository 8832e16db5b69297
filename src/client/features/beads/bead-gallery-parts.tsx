import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import { Box, ButtonBase, Chip, LinearProgress } from '@mui/material';
import { useEffect, useState } from 'react';
import type { BeadPhoto } from '../../../shared/schemas/api-photos.ts';
import { photoTexts } from '../../../shared/texts/photos.ts';
import type { PendingUpload } from '../../api/photos.ts';
import { keptPhotos, useUploadProgress } from '../../lib/photo-store.ts';
import { photoUrl } from '../../lib/photo-url.ts';
import { mainPhotoFrameSx, STRIP_THUMB } from './bead-gallery-frame.tsx';

const t = photoTexts;

/** Object URLs of an upload's kept files (lib/photo-store.ts), freed again when the upload leaves the screen. */
export function useKeptPhotoUrls(uploadKey: string): string[] {
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    let made: string[] = [];
    let gone = false;
    void keptPhotos(uploadKey).then((blobs) => {
      if (gone || !blobs) return;
      made = blobs.map((blob) => URL.createObjectURL(blob));
      setUrls(made);
    });
    return () => {
      gone = true;
      for (const url of made) URL.revokeObjectURL(url);
    };
  }, [uploadKey]);
  return urls;
}

const thumbSx = {
  width: STRIP_THUMB,
  height: STRIP_THUMB,
  borderRadius: 1.5,
  objectFit: 'cover',
  display: 'block',
  bgcolor: 'action.hover',
} as const;

/** One saved photo in the strip: a button that shows it above; the cover says so. */
export function StripPhoto({
  photo,
  index,
  count,
  selected,
  onSelect,
}: {
  photo: BeadPhoto;
  index: number;
  count: number;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <Box component="li" sx={{ position: 'relative', flexShrink: 0 }}>
      <ButtonBase
        onClick={onSelect}
        aria-label={t.stripPhoto(index + 1, count, index === 0)}
        aria-pressed={selected}
        sx={{
          borderRadius: 2,
          outline: selected ? 3 : 0,
          outlineColor: 'primary.main',
          outlineOffset: 1,
        }}
      >
        <Box
          component="img"
          src={photoUrl(photo.id, 'thumb')}
          alt=""
          width={STRIP_THUMB}
          height={STRIP_THUMB}
          loading="lazy"
          decoding="async"
          sx={thumbSx}
        />
      </ButtonBase>
      {index === 0 && (
        <Chip
          label={t.cover}
          size="small"
          color="primary"
          sx={{
            position: 'absolute',
            left: 4,
            bottom: 4,
            height: 18,
            fontSize: '0.65rem',
            pointerEvents: 'none',
          }}
        />
      )}
    </Box>
  );
}

/**
 * The photos of one upload not answered yet, shown from the phone's own copy: "venter" while the network is
 * away, a progress bar while they are sent.
 */
export function PendingStrip({ upload }: { upload: PendingUpload }) {
  const urls = useKeptPhotoUrls(upload.key);
  const progress = useUploadProgress(upload.key);
  const percent = Math.round((progress ?? 0) * 100);
  return (
    <>
      {urls.map((url) => (
        <Box
          component="li"
          key={url}
          sx={{ position: 'relative', flexShrink: 0 }}
          aria-busy={!upload.waiting}
        >
          <Box
            component="img"
            src={url}
            alt=""
            width={STRIP_THUMB}
            height={STRIP_THUMB}
            sx={{ ...thumbSx, opacity: 0.75 }}
          />
          {upload.waiting ? (
            <Chip
              icon={<CloudUploadOutlinedIcon />}
              label={t.waiting}
              size="small"
              title={t.waitingLong}
              sx={{
                position: 'absolute',
                left: 2,
                bottom: 2,
                height: 20,
                fontSize: '0.7rem',
                bgcolor: 'warning.light',
              }}
            />
          ) : (
            <LinearProgress
              variant={progress === undefined ? 'indeterminate' : 'determinate'}
              value={percent}
              aria-label={progress === undefined ? t.uploading : t.uploadProgress(percent)}
              sx={{ position: 'absolute', left: 4, right: 4, bottom: 6, borderRadius: 1 }}
            />
          )}
        </Box>
      ))}
    </>
  );
}

/** The big picture above the strip: a saved photo (a tap opens it full screen) or a waiting one. */
export function MainPhoto({
  src,
  label,
  width,
  height,
  onOpen,
}: {
  src: string;
  label: string;
  width: number;
  height: number;
  onOpen?: () => void;
}) {
  const image = (
    <Box
      component="img"
      src={src}
      alt={onOpen ? '' : label}
      width={width}
      height={height}
      decoding="async"
      sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
    />
  );
  const frame = mainPhotoFrameSx;
  if (!onOpen) return <Box sx={frame}>{image}</Box>;
  return (
    <ButtonBase onClick={onOpen} aria-label={label} sx={{ ...frame, display: 'block' }}>
      {image}
    </ButtonBase>
  );
}
