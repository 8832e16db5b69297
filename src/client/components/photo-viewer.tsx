import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import { Box, Dialog, IconButton, Typography } from '@mui/material';
import { type PointerEvent, useEffect, useId, useRef, useState, type WheelEvent } from 'react';
import { photoTexts } from '../../shared/texts/photos.ts';

export type ViewerPhoto = { src: string; alt: string; width: number; height: number };

type Zoom = { scale: number; x: number; y: number };
const NO_ZOOM: Zoom = { scale: 1, x: 0, y: 0 };
const MAX_SCALE = 5;
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
const distance = (a: { x: number; y: number }, b: { x: number; y: number }) =>
  Math.hypot(a.x - b.x, a.y - b.y);

/**
 * Pinch to zoom and drag to pan, with pointer events (the page's own zoom stays off inside the viewer: the
 * picture has `touch-action: none`). Two fingers scale around their midpoint; one finger pans a zoomed
 * picture, or swipes to the next one when it is not zoomed; a double tap (or double click) zooms in and out;
 * ctrl + wheel (a laptop's trackpad pinch) zooms too.
 */
function usePinchZoom(onSwipe: (direction: 1 | -1) => void) {
  const [zoom, setZoom] = useState<Zoom>(NO_ZOOM);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<{ start: Zoom; distance: number; origin: { x: number; y: number } } | null>(null);
  const lastTap = useRef(0);

  const pinchState = (start: Zoom) => {
    const [a, b] = [...pointers.current.values()];
    if (!a || !b) return null;
    return { start, distance: distance(a, b), origin: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } };
  };

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    gesture.current =
      pointers.current.size === 2
        ? pinchState(zoom)
        : { start: zoom, distance: 0, origin: { x: event.clientX, y: event.clientY } };
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    if (!pointers.current.has(event.pointerId) || !gesture.current) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const { start, origin } = gesture.current;
    if (pointers.current.size >= 2) {
      const now = pinchState(start);
      if (!now || gesture.current.distance === 0) return;
      const scale = clamp((start.scale * now.distance) / gesture.current.distance, 1, MAX_SCALE);
      setZoom(
        scale === 1
          ? NO_ZOOM
          : { scale, x: start.x + now.origin.x - origin.x, y: start.y + now.origin.y - origin.y },
      );
    } else if (start.scale > 1) {
      setZoom({ ...start, x: start.x + event.clientX - origin.x, y: start.y + event.clientY - origin.y });
    }
  };
  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    const started = gesture.current;
    pointers.current.delete(event.pointerId);
    if (pointers.current.size > 0) {
      gesture.current = { start: zoom, distance: 0, origin: [...pointers.current.values()][0]! };
      return;
    }
    gesture.current = null;
    if (started?.distance !== 0) return;
    const moved = event.clientX - started.origin.x;
    if (started.start.scale === 1 && Math.abs(moved) > 60) return onSwipe(moved < 0 ? 1 : -1);
    if (Math.abs(moved) < 10 && Math.abs(event.clientY - started.origin.y) < 10) {
      const now = Date.now();
      if (now - lastTap.current < 300)
        setZoom((current) => (current.scale > 1 ? NO_ZOOM : { scale: 2.5, x: 0, y: 0 }));
      lastTap.current = now;
    }
  };
  const onWheel = (event: WheelEvent<HTMLElement>) => {
    if (!event.ctrlKey) return;
    setZoom((current) => {
      const scale = clamp(current.scale * Math.exp(-event.deltaY / 200), 1, MAX_SCALE);
      return scale === 1 ? NO_ZOOM : { ...current, scale };
    });
  };
  return {
    zoom,
    reset: () => setZoom(NO_ZOOM),
    handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp, onWheel },
  };
}

/**
 * A bead's photos full screen (decision 0016): the display image on black, pinch to zoom, swipe or the arrow
 * buttons (and the arrow keys) for the others, "Luk" (and Escape) to close.
 */
export function PhotoViewer({
  photos,
  index,
  title,
  onIndexChange,
  onClose,
}: {
  photos: readonly ViewerPhoto[];
  /** The photo shown; null: the viewer is closed. */
  index: number | null;
  title: string;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const open = index !== null && photos.length > 0;
  const current = open ? Math.min(index, photos.length - 1) : 0;
  const go = (step: 1 | -1) => {
    if (photos.length > 1) onIndexChange((current + step + photos.length) % photos.length);
  };
  const { zoom, reset, handlers } = usePinchZoom(go);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new photo starts unzoomed.
  useEffect(() => reset(), [current]);
  const photo = photos[current];
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') go(1);
        if (event.key === 'ArrowLeft') go(-1);
      }}
      slotProps={{ paper: { sx: { bgcolor: '#000', color: '#fff' } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1, zIndex: 1 }}>
        <Typography sx={{ flex: 1, px: 1, fontWeight: 600 }} noWrap>
          <span id={titleId}>{title}</span>
          {photos.length > 1 ? ` · ${current + 1}/${photos.length}` : ''}
        </Typography>
        <IconButton aria-label={photoTexts.close} onClick={onClose} sx={{ color: 'inherit' }}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, position: 'relative' }}>
        {/* The gesture area; the arrow buttons lie beside it, so a tap on them stays a click. */}
        <Box
          {...handlers}
          sx={{ position: 'absolute', inset: 0, overflow: 'hidden', touchAction: 'none', userSelect: 'none' }}
        >
          {photo && (
            <Box
              component="img"
              src={photo.src}
              alt={photo.alt}
              width={photo.width}
              height={photo.height}
              draggable={false}
              sx={{
                position: 'absolute',
                inset: 0,
                width: '100%',
                height: '100%',
                objectFit: 'contain',
                transform: `translate(${zoom.x}px, ${zoom.y}px) scale(${zoom.scale})`,
                transition: zoom.scale === 1 ? 'transform 120ms ease-out' : 'none',
              }}
            />
          )}
        </Box>
        {photos.length > 1 && (
          <>
            <IconButton
              aria-label={photoTexts.previous}
              onClick={() => go(-1)}
              sx={{ position: 'absolute', left: 8, top: '50%', color: '#fff', bgcolor: 'rgba(0,0,0,0.4)' }}
            >
              <ChevronLeftIcon />
            </IconButton>
            <IconButton
              aria-label={photoTexts.next}
              onClick={() => go(1)}
              sx={{ position: 'absolute', right: 8, top: '50%', color: '#fff', bgcolor: 'rgba(0,0,0,0.4)' }}
            >
              <ChevronRightIcon />
            </IconButton>
          </>
        )}
      </Box>
      <Typography variant="body2" sx={{ textAlign: 'center', py: 1, opacity: 0.7 }}>
        {photoTexts.zoomHint}
      </Typography>
    </Dialog>
  );
}
