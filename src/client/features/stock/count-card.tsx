import GrainIcon from '@mui/icons-material/Grain';
import { Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { type FormEvent, useId, useRef, useState } from 'react';
import { formatDayMonthTime } from '../../../shared/domain/dates.ts';
import { countFormSchema } from '../../../shared/schemas/stock.ts';
import { texts } from '../../../shared/texts.ts';
import { photoUrl } from '../../lib/photo-url.ts';
import type { LatestCount } from './count-round.ts';
import { numberPad } from './quantity-field.tsx';

const t = texts.stock.countScreen;

export type CountedBead = { id: string; name: string; photoId: string | null; stock: number | null };

/** Asks for a photo and decodes it, so it paints at once when its bead is shown. */
export function preloadPhoto(photoId: string | null | undefined): void {
  if (!photoId || typeof Image === 'undefined') return;
  const image = new Image();
  image.src = photoUrl(photoId, 'display');
  image.decode?.().catch(() => undefined);
}

/** The bead's photo, large: its thumbnail (kept offline) at once, the display image over it as it comes. */
function BigPhoto({ bead }: { bead: CountedBead }) {
  const [failed, setFailed] = useState<string | null>(null);
  const frame = {
    width: '100%',
    aspectRatio: '1 / 1',
    maxHeight: { xs: '42vh', md: 420 },
    borderRadius: 2,
    bgcolor: 'action.hover',
    overflow: 'hidden',
    display: 'grid',
    placeItems: 'center',
  } as const;
  if (!bead.photoId) {
    return (
      <Box aria-hidden sx={frame}>
        <GrainIcon sx={{ fontSize: 96, color: 'text.disabled' }} />
      </Box>
    );
  }
  return (
    <Box
      sx={{
        ...frame,
        backgroundImage: `url(${photoUrl(bead.photoId, 'thumb')})`,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
      }}
    >
      {failed !== bead.photoId && (
        <Box
          component="img"
          key={bead.photoId}
          src={photoUrl(bead.photoId, 'display')}
          alt=""
          decoding="async"
          onError={() => setFailed(bead.photoId)}
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      )}
    </Box>
  );
}

/**
 * One bead of the counting screen: its photo large, its name and last count, a number field that opens the
 * phone's number pad, "Gem og næste" and "Spring over". The field stays the same element from bead to bead, so
 * the number pad stays open on the phone.
 */
export function CountCard({
  bead,
  latest,
  onSave,
  onSkip,
}: {
  bead: CountedBead;
  latest: LatestCount | undefined;
  onSave: (quantity: number) => void;
  onSkip: () => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Emptied in the tap itself (not after the next bead renders), so the next bead shows in one render.
  const clear = () => {
    setValue('');
    setError(null);
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const parsed = countFormSchema.safeParse({ quantity: value });
    // Focus first, inside the tap: the phone keeps its number pad open for the next bead.
    input.current?.focus();
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? texts.validation.invalid);
      return;
    }
    clear();
    onSave(parsed.data.quantity);
  };

  return (
    <Card component="section" aria-labelledby={`${id}-name`}>
      <CardContent
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <BigPhoto bead={bead} />
        <Box
          component="form"
          noValidate
          onSubmit={save}
          sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}
        >
          <Typography id={`${id}-name`} variant="h2" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {bead.name}
          </Typography>
          <Box>
            <Typography color="text.secondary">
              {latest
                ? t.lastCounted(latest.lastCount, formatDayMonthTime(latest.countedAt))
                : t.neverCounted}
            </Typography>
            {bead.stock !== null && (
              <Typography color="text.secondary">{t.nowInStock(bead.stock)}</Typography>
            )}
          </Box>
          <TextField
            inputRef={input}
            label={t.fieldLabel}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setError(null);
            }}
            autoFocus
            autoComplete="off"
            error={error !== null}
            helperText={error ?? ' '}
            slotProps={{ ...numberPad, htmlInput: { ...numberPad.htmlInput, enterKeyHint: 'next' } }}
          />
          <Box sx={{ display: 'flex', gap: 1.5 }}>
            <Button
              type="button"
              variant="outlined"
              size="large"
              onClick={() => {
                clear();
                onSkip();
              }}
              sx={{ flex: 1, whiteSpace: 'nowrap' }}
            >
              {t.skip}
            </Button>
            <Button type="submit" variant="contained" size="large" sx={{ flex: 1, whiteSpace: 'nowrap' }}>
              {t.saveAndNext}
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
