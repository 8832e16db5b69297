import { Box, Chip } from '@mui/material';
import { type KeyboardEvent, useRef } from 'react';
import { formatInteger } from '../../../shared/domain/number-format.ts';
import { TODO_GROUPINGS, type TodoGrouping } from '../../../shared/first-screen-state.ts';
import { texts } from '../../../shared/texts.ts';

const t = texts.todos;

const countText = (count: number | null) => (count === null ? '…' : formatInteger(count));

/**
 * Every count's room, known or not yet: the largest count there can be (the number of todos) sits invisibly under
 * it (a `::before` of its text, so not in the chip's text or name), and its digits are all one width (`tabular-nums`), so a chip keeps its size when its count arrives and
 * nothing beside or below it moves (Lighthouse measured a layout shift of 0.23 on a phone when the wider chips
 * wrapped onto a second line; tests/e2e/screens-still.spec.ts saw the chips beside 'Samlede' move 4 px on the big
 * shop).
 */
const widestCount = (counts: Record<TodoGrouping, number | null>) =>
  formatInteger(Math.max(0, ...Object.values(counts).map((count) => count ?? 0)));

const LABELS: Record<TodoGrouping, string> = {
  none: t.groupingNone,
  customer: t.groupingCustomer,
  cumulative: t.groupingCumulative,
};

/**
 * The grouping choice (docs/product/todos.md): chips 'Ingen', 'Kunde', 'Samlede', each with its count. One
 * radio group: Tab reaches the chosen chip, arrow keys move the choice. A count not known yet (null: only the
 * first screenful of todos has arrived) shows as '…'.
 */
export function TodoGroupingChips({
  value,
  counts,
  onChange,
}: {
  value: TodoGrouping;
  counts: Record<TodoGrouping, number | null>;
  onChange: (grouping: TodoGrouping) => void;
}) {
  const groupRef = useRef<HTMLDivElement>(null);
  const widest = widestCount(counts);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const index = TODO_GROUPINGS.indexOf(value);
    const next = TODO_GROUPINGS[(index + step + TODO_GROUPINGS.length) % TODO_GROUPINGS.length] ?? value;
    onChange(next);
    groupRef.current?.querySelector<HTMLElement>(`[data-grouping="${next}"]`)?.focus();
  };

  return (
    <Box
      ref={groupRef}
      role="radiogroup"
      aria-label={t.groupingLabel}
      onKeyDown={onKeyDown}
      // One row: a narrow phone scrolls it sideways rather than wrapping it, so its height never changes.
      sx={{
        display: 'flex',
        gap: { xs: 0.75, sm: 1 },
        flexWrap: 'nowrap',
        overflowX: 'auto',
        scrollbarWidth: 'none',
        '&::-webkit-scrollbar': { display: 'none' },
        '& > *': { flexShrink: 0 },
      }}
    >
      {TODO_GROUPINGS.map((grouping) => {
        const checked = grouping === value;
        return (
          <Chip
            key={grouping}
            data-grouping={grouping}
            role="radio"
            aria-checked={checked}
            tabIndex={checked ? 0 : -1}
            clickable
            color={checked ? 'primary' : 'default'}
            variant={checked ? 'filled' : 'outlined'}
            onClick={() => onChange(grouping)}
            label={
              <>
                {LABELS[grouping]}{' '}
                {/* A new element once the count is known: its text takes the place of '…', it does not move. */}
                <Box
                  key={counts[grouping] === null ? 'waiting' : 'known'}
                  component="span"
                  data-widest={widest}
                  sx={{
                    ml: { xs: 0.5, sm: 0.75 },
                    px: { xs: 0.5, sm: 0.75 },
                    minWidth: 22,
                    display: 'inline-grid',
                    justifyItems: 'center',
                    fontVariantNumeric: 'tabular-nums',
                    borderRadius: 99,
                    fontSize: '0.75rem',
                    fontWeight: 700,
                    lineHeight: '20px',
                    bgcolor: checked ? 'rgba(255,255,255,0.22)' : 'rgba(123, 45, 85, 0.1)',
                    color: checked ? 'inherit' : 'primary.main',
                    // The widest count, unseen and not part of the text, under the count itself.
                    '&::before': { content: 'attr(data-widest)', visibility: 'hidden', gridArea: '1 / 1' },
                    '& > span': { gridArea: '1 / 1' },
                  }}
                >
                  <span>{countText(counts[grouping])}</span>
                </Box>
              </>
            }
            sx={{
              height: 36,
              fontWeight: 600,
              bgcolor: checked ? undefined : 'background.paper',
              // Three chips with four-digit counts fit on a 390 px phone.
              '& .MuiChip-label': { px: { xs: 0.75, sm: 1.5 } },
            }}
          />
        );
      })}
    </Box>
  );
}
