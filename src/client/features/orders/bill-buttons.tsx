import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ShareIcon from '@mui/icons-material/Share';
import { Box, Button } from '@mui/material';
import { useState } from 'react';
import { texts } from '../../../shared/texts.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { copyToClipboard } from './bill-clipboard.ts';
import { canShareText, type ShareOutcome, shareText } from './share-text.ts';

export type BillButtonsProps = {
  /** The bill's text: at hand when cached (so the copy or share happens inside the tap), else on its way. */
  billText: () => string | Promise<string>;
  disabled?: boolean;
};

/** 'Kopiér Regningstekst', and 'Del' beside it where the browser has a share sheet (a phone on https). */
export function BillButtons({ billText, disabled = false }: BillButtonsProps) {
  const [busy, setBusy] = useState(false);

  const copyBill = async () => {
    setBusy(true);
    try {
      await copyToClipboard(billText());
      notifySuccess(texts.orders.copied);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  const shareBill = async () => {
    setBusy(true);
    try {
      const bill = billText();
      // No await before the share when the text is at hand: the browser opens the sheet only inside the tap.
      const text = typeof bill === 'string' ? bill : await bill;
      let outcome: ShareOutcome;
      try {
        outcome = await shareText(text);
      } catch {
        throw new Error(texts.orders.shareFailed);
      }
      if (outcome === 'shared') notifySuccess(texts.orders.shared);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', gap: 1, width: { xs: '100%', sm: 'auto' } }}>
      <Button
        variant="outlined"
        startIcon={<ContentCopyIcon />}
        onClick={copyBill}
        disabled={busy || disabled}
        sx={{ flexGrow: 1 }}
      >
        {texts.orders.copyBill}
      </Button>
      {canShareText() && (
        <Button variant="outlined" startIcon={<ShareIcon />} onClick={shareBill} disabled={busy || disabled}>
          {texts.orders.share}
        </Button>
      )}
    </Box>
  );
}
