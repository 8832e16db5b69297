import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SWIPE_INTENT_PX, SWIPE_MAX_PX, SWIPE_TRIGGER_PX, SwipeableRow } from './swipeable-row.tsx';

function setup(options: { disabled?: boolean } = {}) {
  const onLeft = vi.fn();
  const onRight = vi.fn();
  render(
    <SwipeableRow
      disabled={options.disabled}
      left={{ label: 'Færdiggør', icon: null, color: 'success', onSwipe: onLeft }}
      right={{ label: 'Slet', icon: null, color: 'error', onSwipe: onRight }}
    >
      <span>3 Rød perle</span>
    </SwipeableRow>,
  );
  const row = screen.getByText('3 Rød perle');
  const surface = row.parentElement as HTMLElement;
  return { onLeft, onRight, row, surface };
}

type Point = { x: number; y: number };

/** A drag as a finger or mouse makes it: down at the start, moves along the way, up at the end. */
function drag(target: HTMLElement, path: Point[], pointerType = 'touch', end: 'up' | 'cancel' = 'up') {
  const [start, ...moves] = path;
  if (!start) throw new Error('empty path');
  const common = { pointerId: 7, pointerType, button: 0, isPrimary: true };
  fireEvent.pointerDown(target, { ...common, clientX: start.x, clientY: start.y });
  for (const point of moves) fireEvent.pointerMove(target, { ...common, clientX: point.x, clientY: point.y });
  const last = moves.at(-1) ?? start;
  if (end === 'up') fireEvent.pointerUp(target, { ...common, clientX: last.x, clientY: last.y });
  else fireEvent.pointerCancel(target, { ...common, clientX: last.x, clientY: last.y });
}

const horizontal = (...xs: number[]) => xs.map((x) => ({ x: 200 + x, y: 100 }));

describe('SwipeableRow', () => {
  it('uses the thresholds of docs/product/screens.md (10, 60 and 96 px)', () => {
    expect([SWIPE_INTENT_PX, SWIPE_TRIGGER_PX, SWIPE_MAX_PX]).toEqual([10, 60, 96]);
  });

  it('runs the left action when dragged left past 60 px', () => {
    const { row, onLeft, onRight } = setup();
    drag(row, horizontal(0, -20, -45, -61));
    expect(onLeft).toHaveBeenCalledTimes(1);
    expect(onRight).not.toHaveBeenCalled();
  });

  it('runs the right action when dragged right past 60 px', () => {
    const { row, onLeft, onRight } = setup();
    drag(row, horizontal(0, 15, 40, 61));
    expect(onRight).toHaveBeenCalledTimes(1);
    expect(onLeft).not.toHaveBeenCalled();
  });

  it('does nothing when let go at 60 px or less', () => {
    const { row, onLeft, onRight } = setup();
    drag(row, horizontal(0, -30, -60));
    drag(row, horizontal(0, 30, 60));
    expect(onLeft).not.toHaveBeenCalled();
    expect(onRight).not.toHaveBeenCalled();
  });

  it('follows the finger at most 96 px, names the action once armed, and springs back', () => {
    const { row, surface } = setup();
    const common = { pointerId: 1, pointerType: 'touch' };
    fireEvent.pointerDown(row, { ...common, clientX: 300, clientY: 100 });
    fireEvent.pointerMove(row, { ...common, clientX: 270, clientY: 100 });
    expect(surface.style.transform).toBe('translateX(-30px)');
    expect(screen.queryByText('Færdiggør')).not.toBeInTheDocument();
    fireEvent.pointerMove(row, { ...common, clientX: 100, clientY: 100 });
    expect(surface.style.transform).toBe(`translateX(-${SWIPE_MAX_PX}px)`);
    // Past the trigger the uncovered strip names what letting go will do.
    expect(screen.getByText('Færdiggør')).toBeInTheDocument();
    fireEvent.pointerUp(row, { ...common, clientX: 100, clientY: 100 });
    expect(surface.style.transform).toBe('translateX(0px)');
  });

  it('ignores moves of 10 px or less: a tap is not a swipe', () => {
    const { row, surface } = setup();
    const common = { pointerId: 1, pointerType: 'touch' };
    fireEvent.pointerDown(row, { ...common, clientX: 200, clientY: 100 });
    fireEvent.pointerMove(row, { ...common, clientX: 190, clientY: 100 });
    expect(surface.style.transform).toBe('translateX(0px)');
    fireEvent.pointerMove(row, { ...common, clientX: 189, clientY: 100 });
    expect(surface.style.transform).toBe('translateX(-11px)');
  });

  it('leaves a vertical move to the page (scrolling), even if it later goes sideways', () => {
    const { row, onLeft } = setup();
    drag(row, [
      { x: 200, y: 100 },
      { x: 198, y: 115 },
      { x: 100, y: 130 },
    ]);
    expect(onLeft).not.toHaveBeenCalled();
  });

  it('does nothing when the browser cancels the gesture', () => {
    const { row, onLeft } = setup();
    drag(row, horizontal(0, -40, -80), 'touch', 'cancel');
    expect(onLeft).not.toHaveBeenCalled();
  });

  it('works with the mouse, but only the main button', () => {
    const { row, onLeft } = setup();
    drag(row, horizontal(0, -40, -80), 'mouse');
    expect(onLeft).toHaveBeenCalledTimes(1);
    const common = { pointerId: 2, pointerType: 'mouse', button: 2 };
    fireEvent.pointerDown(row, { ...common, clientX: 200, clientY: 100 });
    fireEvent.pointerMove(row, { ...common, clientX: 100, clientY: 100 });
    fireEvent.pointerUp(row, { ...common, clientX: 100, clientY: 100 });
    expect(onLeft).toHaveBeenCalledTimes(1);
  });

  it('cannot be swiped while disabled', () => {
    const { row, onLeft, onRight } = setup({ disabled: true });
    drag(row, horizontal(0, -40, -80));
    drag(row, horizontal(0, 40, 80));
    expect(onLeft).not.toHaveBeenCalled();
    expect(onRight).not.toHaveBeenCalled();
  });
});
