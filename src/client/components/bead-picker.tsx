import CheckIcon from '@mui/icons-material/Check';
import NewReleasesOutlinedIcon from '@mui/icons-material/NewReleasesOutlined';
import { Box, Button, FormHelperText, Stack, Typography } from '@mui/material';
import { type KeyboardEvent, useId, useMemo, useRef } from 'react';
import { searchKey } from '../../shared/domain/collation.ts';
import { formatKr } from '../../shared/domain/money.ts';
import type { BeadWithTodos } from '../../shared/schemas/api-beads.ts';
import { texts } from '../../shared/texts.ts';
import { SearchBox } from './search-box.tsx';

const t = texts.todos;
const d = texts.todos.dialog;

/** Bead list height (SPEC.md §9). */
const BEAD_LIST_HEIGHT = 210;
/** Rows rendered at most; searching narrows the rest down. Keeps the dialog quick with thousands of beads. */
const MAX_BEAD_ROWS = 100;

type BeadPickerProps = {
  beads: readonly BeadWithTodos[];
  loading: boolean;
  search: string;
  onSearchChange: (value: string) => void;
  value: string;
  onChange: (beadId: string) => void;
  error?: string;
  onCreateNew: (name: string) => void;
};

/**
 * The 'Eksisterende Perle' tab: a search field over a 210 px list box. Arrow keys move the choice,
 * Enter in the search field picks the first match (instead of sending the form half-filled).
 */
export function TodoBeadPicker({
  beads,
  loading,
  search,
  onSearchChange,
  value,
  onChange,
  error,
  onCreateNew,
}: BeadPickerProps) {
  const id = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const query = searchKey(search);
  const matches = useMemo(
    () => (query === '' ? beads : beads.filter((bead) => searchKey(bead.name).includes(query))),
    [beads, query],
  );
  const shown = matches.slice(0, MAX_BEAD_ROWS);
  const focusIndex = Math.max(
    0,
    shown.findIndex((bead) => bead.id === value),
  );

  const pick = (index: number, focus: boolean) => {
    const bead = shown[index];
    if (!bead) return;
    onChange(bead.id);
    if (focus) listRef.current?.querySelectorAll<HTMLElement>('[role="option"]')[index]?.focus();
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const moves: Record<string, number> = {
      ArrowDown: focusIndex + 1,
      ArrowUp: focusIndex - 1,
      Home: 0,
      End: shown.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    pick(Math.min(shown.length - 1, Math.max(0, next)), true);
  };

  return (
    <Stack spacing={1}>
      <Box
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          if (shown.length > 0) pick(0, false);
        }}
      >
        <SearchBox value={search} onChange={onSearchChange} placeholder={d.searchBeads} autoFocus={false} />
      </Box>
      <Box
        sx={{
          height: BEAD_LIST_HEIGHT,
          overflowY: 'auto',
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 2,
          bgcolor: 'background.paper',
          overscrollBehavior: 'contain',
        }}
      >
        {shown.length === 0 ? (
          <Box sx={{ p: 2, textAlign: 'center', color: 'text.secondary' }}>
            <Typography sx={{ mb: 1 }}>{loading ? texts.app.loading : d.noBeadsFound}</Typography>
            {!loading && search.trim() !== '' && (
              <Button size="small" variant="outlined" onClick={() => onCreateNew(search.trim())}>
                {d.createBeadNamed(search.trim())}
              </Button>
            )}
          </Box>
        ) : (
          <Box
            component="ul"
            ref={listRef}
            role="listbox"
            id={`${id}-beads`}
            aria-label={d.beadList}
            aria-invalid={error ? true : undefined}
            onKeyDown={onListKeyDown}
            sx={{ listStyle: 'none', m: 0, p: 0.5 }}
          >
            {shown.map((bead, index) => {
              const selected = bead.id === value;
              return (
                <Box
                  component="li"
                  key={bead.id}
                  role="option"
                  aria-selected={selected}
                  tabIndex={index === focusIndex ? 0 : -1}
                  onClick={() => onChange(bead.id)}
                  onKeyDown={(event) => {
                    if (event.key === ' ' || event.key === 'Enter') {
                      event.preventDefault();
                      onChange(bead.id);
                    }
                  }}
                  sx={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 1,
                    minHeight: 44,
                    px: 1.5,
                    borderRadius: 1.5,
                    cursor: 'pointer',
                    bgcolor: selected ? 'rgba(123, 45, 85, 0.12)' : undefined,
                    color: selected ? 'primary.main' : undefined,
                    fontWeight: selected ? 700 : undefined,
                    '&:hover': { bgcolor: selected ? 'rgba(123, 45, 85, 0.16)' : 'action.hover' },
                    '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
                  }}
                >
                  <Box component="span" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                    {bead.name}
                  </Box>
                  {bead.priceOre === 0 ? (
                    <NewReleasesOutlinedIcon
                      titleAccess={t.newBeadMarker}
                      fontSize="small"
                      sx={{ color: 'warning.main' }}
                    />
                  ) : (
                    <Typography
                      component="span"
                      variant="body2"
                      sx={{
                        color: 'text.secondary',
                        whiteSpace: 'nowrap',
                        fontVariantNumeric: 'tabular-nums',
                      }}
                    >
                      {formatKr(bead.priceOre)}
                    </Typography>
                  )}
                  <CheckIcon
                    fontSize="small"
                    aria-hidden
                    sx={{ visibility: selected ? 'visible' : 'hidden', color: 'primary.main' }}
                  />
                </Box>
              );
            })}
          </Box>
        )}
        {matches.length > shown.length && (
          <Typography variant="body2" sx={{ color: 'text.secondary', px: 2, pb: 1 }}>
            {d.moreBeads(shown.length, matches.length)}
          </Typography>
        )}
      </Box>
      {error && (
        <FormHelperText error sx={{ mx: 1.75 }}>
          {error}
        </FormHelperText>
      )}
    </Stack>
  );
}
