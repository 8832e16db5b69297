import { Box, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { type PointerEvent, type ReactNode, useRef, useState } from 'react';

/** A move counts as a horizontal swipe once it has gone this far sideways (and more sideways than down). */
export const SWIPE_INTENT_PX = 10;
/** The row follows the finger at most this far. */
export const SWIPE_MAX_PX = 96;
/** Letting go further than this triggers the action. */
export const SWIPE_TRIGGER_PX = 60;

export type SwipeAction = {
  label: string;
  icon: ReactNode;
  color: 'success' | 'error' | 'primary' | 'warning' | 'info';
  onSwipe: () => void;
};

type SwipeableRowProps = {
  children: ReactNode;
  /** Revealed on the right when the row is dragged to the left (the todo list: complete). */
  left?: SwipeAction;
  /** Revealed on the left when the row is dragged to the right (the todo list: delete). */
  right?: SwipeAction;
  /** No dragging while the row's action is running. */
  disabled?: boolean;
};

type Drag = { pointerId: number; x: number; y: number; mode: 'pending' | 'horizontal' | 'vertical' };

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * A row that can be dragged sideways with a finger or the mouse (docs/product/screens.md): past 60 px to the
 * left runs `left.onSwipe`, past 60 px to the right runs `right.onSwipe`. Vertical moves are left to the
 * browser (touch-action: pan-y), so the page still scrolls. The actions must also be reachable another way
 * (buttons in the row): swiping is a shortcut, never the only path.
 */
export function SwipeableRow({ children, left, right, disabled = false }: SwipeableRowProps) {
  const [offset, setOffset] = useState(0);
  const [dragging, setDragging] = useState(false);
  const drag = useRef<Drag | null>(null);
  const offsetRef = useRef(0);
  const suppressClick = useRef(false);

  const moveTo = (value: number) => {
    offsetRef.current = value;
    setOffset(value);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (disabled || (event.pointerType === 'mouse' && event.button !== 0)) return;
    drag.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY, mode: 'pending' };
    suppressClick.current = false;
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId || current.mode === 'vertical') return;
    const dx = event.clientX - current.x;
    const dy = event.clientY - current.y;
    if (current.mode === 'pending') {
      if (Math.abs(dx) > SWIPE_INTENT_PX && Math.abs(dx) > Math.abs(dy)) {
        current.mode = 'horizontal';
        setDragging(true);
        // Keeps the moves coming when the finger or mouse leaves the row.
        event.currentTarget.setPointerCapture?.(event.pointerId);
      } else if (Math.abs(dy) > SWIPE_INTENT_PX) {
        current.mode = 'vertical';
        return;
      } else {
        return;
      }
    }
    event.preventDefault();
    moveTo(clamp(dx, left ? -SWIPE_MAX_PX : 0, right ? SWIPE_MAX_PX : 0));
  };

  const finish = (event: PointerEvent<HTMLDivElement>, commit: boolean) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = null;
    const final = offsetRef.current;
    if (current.mode === 'horizontal') suppressClick.current = true;
    setDragging(false);
    moveTo(0);
    if (!commit || disabled) return;
    if (final < -SWIPE_TRIGGER_PX) left?.onSwipe();
    else if (final > SWIPE_TRIGGER_PX) right?.onSwipe();
  };

  const revealed = offset < 0 ? left : offset > 0 ? right : undefined;
  const armed = Math.abs(offset) > SWIPE_TRIGGER_PX;

  return (
    <Box sx={{ position: 'relative', overflow: 'hidden' }}>
      {revealed && (
        <Box
          aria-hidden
          sx={(theme) => ({
            position: 'absolute',
            inset: 0,
            display: 'flex',
            justifyContent: offset < 0 ? 'flex-end' : 'flex-start',
            bgcolor: armed ? `${revealed.color}.main` : alpha(theme.palette[revealed.color].main, 0.16),
            color: armed ? `${revealed.color}.contrastText` : `${revealed.color}.dark`,
            transition: 'background-color 120ms, color 120ms',
          })}
        >
          {/* Centred in the strip the row uncovers; the label appears once letting go would act. */}
          <Box
            style={{ width: Math.abs(offset) }}
            sx={{
              overflow: 'hidden',
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              justifyContent: 'center',
              gap: 0.25,
              '& svg': { transition: 'transform 120ms', transform: armed ? 'scale(1.2)' : 'scale(1)' },
            }}
          >
            {revealed.icon}
            {armed && (
              <Typography variant="caption" sx={{ fontWeight: 700, lineHeight: 1.2, whiteSpace: 'nowrap' }}>
                {revealed.label}
              </Typography>
            )}
          </Box>
        </Box>
      )}
      <Box
        data-swipe-surface=""
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={(event) => finish(event, true)}
        onPointerCancel={(event) => finish(event, false)}
        onClickCapture={(event) => {
          // A drag that ends on a button must not also press it.
          if (suppressClick.current) {
            suppressClick.current = false;
            event.stopPropagation();
            event.preventDefault();
          }
        }}
        // Inline, not sx: a new class for every pixel of a drag would pile up style rules.
        style={{
          transform: `translateX(${offset}px)`,
          transition: dragging ? 'none' : 'transform 180ms ease-out',
        }}
        sx={{
          position: 'relative',
          bgcolor: 'background.paper',
          touchAction: 'pan-y',
          userSelect: 'none',
          WebkitUserSelect: 'none',
          cursor: dragging ? 'grabbing' : undefined,
        }}
      >
        {children}
      </Box>
    </Box>
  );
}
