import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ShareIcon from '@mui/icons-material/Share';
import { Box, Button, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { texts } from '../../../shared/texts.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { canShareFile, currentPlatform, shareData } from '../../lib/share-photo.ts';
import { copyToClipboard } from './bill-clipboard.ts';
import { canShareText, type ShareOutcome, shareText } from './share-text.ts';

const r = texts.outgoing.ready;

/**
 * The photo goes along where the phone shares files (navigator.canShare({ files })); the text with it, except on
 * iOS, which shares files reliably only alone (lib/share-photo.ts): there "Kopiér" is the way for the text.
 */
async function shareWithFile(title: string, text: string, file: File): Promise<ShareOutcome> {
  try {
    await navigator.share(shareData(file, { title, text }, currentPlatform()));
    return 'shared';
  } catch (error) {
    if ((error as { name?: unknown } | null)?.name === 'AbortError') return 'cancelled';
    throw error;
  }
}

export type ReadyTextProps = {
  /** Whom it is for: the customer's name, as the heading of the text. */
  title: string;
  text: string;
  /** The bead's photo, fetched before the tap (the share must happen inside it). */
  file?: File | null;
  /** A line under the text: what is missing (no Pakkenummer yet). */
  note?: string | null;
};

/**
 * One ready text for one customer ('Din pakke er sendt', 'Din perle er kommet'), with "Kopiér" and, where the
 * browser has a share sheet, "Del" (the bill's ways: bill-clipboard.ts and share-text.ts).
 */
export function ReadyText({ title, text, file = null, note = null }: ReadyTextProps) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const withFile = file !== null && canShareFile(file);

  const copy = async () => {
    setBusy(true);
    try {
      await copyToClipboard(text);
      notifySuccess(r.copied);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  const share = async () => {
    setBusy(true);
    try {
      let outcome: ShareOutcome;
      try {
        // No await before the share: the browser opens the sheet only inside the tap.
        outcome = withFile && file ? await shareWithFile(title, text, file) : await shareText(text);
      } catch {
        throw new Error(texts.orders.shareFailed);
      }
      if (outcome === 'shared') notifySuccess(r.shared);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      component="section"
      aria-labelledby={`${id}-title`}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Typography id={`${id}-title`} variant="subtitle2" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Box
        aria-label={r.textOf(title)}
        role="document"
        sx={{
          p: 1.5,
          borderRadius: 2,
          bgcolor: 'grey.100',
          border: 1,
          borderColor: 'divider',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          fontSize: '0.875rem',
          lineHeight: 1.5,
        }}
      >
        {text}
      </Box>
      {note && (
        <Typography variant="body2" color="text.secondary">
          {note}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button
          variant="outlined"
          startIcon={<ContentCopyIcon />}
          onClick={copy}
          disabled={busy}
          sx={{ flexGrow: 1 }}
        >
          {r.copy}
        </Button>
        {canShareText() && (
          <Button
            variant="outlined"
            startIcon={<ShareIcon />}
            onClick={share}
            disabled={busy}
            sx={{ flexGrow: 1 }}
          >
            {r.share}
          </Button>
        )}
      </Box>
    </Box>
  );
}
