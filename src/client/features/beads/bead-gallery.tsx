import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import IosShareIcon from '@mui/icons-material/IosShare';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { Box, Button, IconButton, LinearProgress, Typography } from '@mui/material';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { MAX_PHOTOS_PER_BEAD } from '../../../shared/domain/limits.ts';
import { formatKr } from '../../../shared/domain/money.ts';
import type { BeadWithTodos } from '../../../shared/schemas/api-beads.ts';
import { photoTexts } from '../../../shared/texts/photos.ts';
import {
  useOrderBeadPhotos,
  usePendingPhotoUploads,
  useRemoveBeadPhoto,
  useRestoreBeadPhoto,
  useSendBeadPhotos,
} from '../../api/photos.ts';
import { Hint } from '../../components/hint.tsx';
import { PhotoButtons } from '../../components/photo-buttons.tsx';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { preparePicked, warmPhotoPipeline } from '../../lib/photo-pick.ts';
import { photoUrl } from '../../lib/photo-url.ts';
import { fetchShareFile, sharePhoto } from '../../lib/share-photo.ts';
import { EmptyPhotos, GalleryHeading, gallerySx, STRIP_PADDING } from './bead-gallery-frame.tsx';
import { MainPhoto, PendingStrip, StripPhoto, useKeptPhotoUrls } from './bead-gallery-parts.tsx';

const PhotoViewer = lazy(async () => ({
  default: (await import('../../components/photo-viewer.tsx')).PhotoViewer,
}));

const t = photoTexts;

/** The photo to share, fetched as a JPEG file while it shows, so a tap on "Del" shares at once. */
function useShareFile(photoId: string | undefined, name: string): File | null {
  const [file, setFile] = useState<{ id: string; file: File } | null>(null);
  useEffect(() => {
    if (!photoId) return;
    let gone = false;
    fetchShareFile(photoUrl(photoId, 'jpeg'), `${name}.jpg`).then(
      (fetched) => {
        if (!gone) setFile({ id: photoId, file: fetched });
      },
      () => undefined,
    );
    return () => {
      gone = true;
    };
  }, [photoId, name]);
  return file && file.id === photoId ? file.file : null;
}

/** The first waiting photo, shown big while the bead has no saved photo yet. */
function PendingMain({ uploadKey, name }: { uploadKey: string; name: string }) {
  const [url] = useKeptPhotoUrls(uploadKey);
  if (!url) return null;
  return <MainPhoto src={url} label={t.photoOf(name)} width={4} height={3} />;
}

/**
 * The photos of a bead on its page (decision 0016): the chosen photo big (a tap opens it full screen with
 * pinch-zoom), the strip of all of them (the first is the cover, waiting ones marked "venter"), moving the
 * chosen one left or right or making it the cover, "Slet foto" with "Fortryd", "Del", and "Tag foto" / "Vælg
 * foto" (at most six photos).
 */
export function BeadGallery({ bead }: { bead: BeadWithTodos }) {
  const id = useId();
  const send = useSendBeadPhotos();
  const pending = usePendingPhotoUploads(bead.id);
  const remove = useRemoveBeadPhoto(bead.id);
  const restore = useRestoreBeadPhoto(bead.id);
  const order = useOrderBeadPhotos(bead.id);
  const [chosen, setChosen] = useState(0);
  useEffect(warmPhotoPipeline, []);
  const [viewer, setViewer] = useState<number | null>(null);
  const [preparing, setPreparing] = useState(false);
  const photos = bead.photos;
  const selected = Math.min(chosen, Math.max(0, photos.length - 1));
  const photo = photos[selected];
  const shareFile = useShareFile(photo?.id, bead.name);
  const waitingCount = pending.reduce((sum, upload) => sum + upload.count, 0);
  const room = MAX_PHOTOS_PER_BEAD - photos.length - waitingCount;
  const busy = remove.isPending || restore.isPending || order.isPending;

  const pick = async (files: File[]) => {
    setPreparing(true);
    try {
      const blobs = await preparePicked(files, room);
      if (blobs.length === 0) return;
      const sent = await send(bead.id, blobs);
      if (sent.queued) notifySuccess(t.queued);
      else notifySuccess(t.added(blobs.length));
    } catch (error) {
      notifyError(error);
    } finally {
      setPreparing(false);
    }
  };

  const move = (to: number) => {
    if (!photo || to < 0 || to >= photos.length) return;
    const ids = photos.map((p) => p.id).filter((p) => p !== photo.id);
    ids.splice(to, 0, photo.id);
    order.mutate(ids, { onSuccess: () => setChosen(to), onError: (error) => notifyError(error) });
  };

  const removeChosen = () => {
    if (!photo) return;
    const photoId = photo.id;
    remove.mutate(photoId, {
      onSuccess: () =>
        notifySuccess(t.removed, {
          action: {
            label: t.undo,
            onClick: () =>
              restore.mutate(photoId, {
                onSuccess: () => notifySuccess(t.restored),
                onError: (error) => notifyError(error),
              }),
          },
        }),
      onError: (error) => notifyError(error),
    });
  };

  const share = () => {
    if (!shareFile) return notifyError(new Error(t.notReadyToShare));
    // No await before this: the share sheet opens only inside the tap.
    sharePhoto(shareFile, { title: bead.name, text: t.shareText(bead.name, formatKr(bead.priceOre)) }).catch(
      () => notifyError(new Error(t.shareFailed)),
    );
  };

  const empty = photos.length === 0 && pending.length === 0;
  return (
    <Box component="section" aria-labelledby={`${id}-title`} sx={gallerySx}>
      <GalleryHeading titleId={`${id}-title`} count={photos.length + waitingCount} />
      {empty && <EmptyPhotos />}
      {photo ? (
        <MainPhoto
          src={photoUrl(photo.id, 'display')}
          label={t.open(bead.name, selected + 1, photos.length)}
          width={photo.width}
          height={photo.height}
          onOpen={() => setViewer(selected)}
        />
      ) : (
        pending[0] && <PendingMain uploadKey={pending[0].key} name={bead.name} />
      )}
      {!empty && (
        <Box
          component="ul"
          aria-label={t.strip}
          sx={{ display: 'flex', gap: 1, m: 0, p: STRIP_PADDING, listStyle: 'none', overflowX: 'auto' }}
        >
          {photos.map((p, index) => (
            <StripPhoto
              key={p.id}
              photo={p}
              index={index}
              count={photos.length}
              selected={index === selected}
              onSelect={() => setChosen(index)}
            />
          ))}
          {pending.map((upload) => (
            <PendingStrip key={upload.key} upload={upload} />
          ))}
        </Box>
      )}
      {photo && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
          <Hint title={t.moveEarlier}>
            <span>
              <IconButton
                aria-label={t.moveEarlier}
                disabled={busy || selected === 0}
                onClick={() => move(selected - 1)}
              >
                <ArrowBackIcon />
              </IconButton>
            </span>
          </Hint>
          <Hint title={t.moveLater}>
            <span>
              <IconButton
                aria-label={t.moveLater}
                disabled={busy || selected >= photos.length - 1}
                onClick={() => move(selected + 1)}
              >
                <ArrowForwardIcon />
              </IconButton>
            </span>
          </Hint>
          {selected > 0 && (
            <Button size="small" startIcon={<StarBorderIcon />} disabled={busy} onClick={() => move(0)}>
              {t.makeCover}
            </Button>
          )}
          <Box sx={{ flex: 1 }} />
          <Hint title={t.remove}>
            <span>
              <IconButton aria-label={t.remove} color="error" disabled={busy} onClick={removeChosen}>
                <DeleteOutlineIcon />
              </IconButton>
            </span>
          </Hint>
          <Button variant="outlined" startIcon={<IosShareIcon />} onClick={share} aria-disabled={!shareFile}>
            {t.share}
          </Button>
        </Box>
      )}
      {preparing && (
        <Box role="status">
          <Typography variant="body2" color="text.secondary">
            {t.preparing}
          </Typography>
          <LinearProgress aria-label={t.preparing} />
        </Box>
      )}
      <PhotoButtons onFiles={pick} disabled={preparing || room <= 0} />
      {viewer !== null && (
        <Suspense fallback={null}>
          <PhotoViewer
            photos={photos.map((p) => ({
              src: photoUrl(p.id, 'display'),
              alt: t.photoOf(bead.name),
              width: p.width,
              height: p.height,
            }))}
            index={viewer}
            title={t.viewer(bead.name)}
            onIndexChange={(index) => {
              setViewer(index);
              setChosen(index);
            }}
            onClose={() => setViewer(null)}
          />
        </Suspense>
      )}
    </Box>
  );
}
