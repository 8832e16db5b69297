import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import GridOnOutlinedIcon from '@mui/icons-material/GridOnOutlined';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Button,
  TextField,
  Typography,
} from '@mui/material';
import {
  LABEL_SHEETS,
  type LabelSheet,
  type LabelSheetId,
  labelSheetName,
  labelsPerPage,
} from '../../../shared/domain/label-sheets.ts';
import { texts } from '../../../shared/texts.ts';

const p = texts.parcels;

export type OffsetText = { right: string; down: string };

/** 'Ark' and 'Spring over': which sheet, and how many of its labels are used already. */
export function SheetFields({
  sheet,
  onSheet,
  skipText,
  onSkip,
  skipError,
}: {
  sheet: LabelSheet;
  onSheet: (id: LabelSheetId) => void;
  skipText: string;
  onSkip: (text: string) => void;
  skipError: boolean;
}) {
  const max = labelsPerPage(sheet) - 1;
  return (
    <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}>
      <TextField
        select
        label={p.sheetLabel}
        value={sheet.id}
        onChange={(event) => onSheet(event.target.value as LabelSheetId)}
        slotProps={{ select: { native: true } }}
        sx={{ flex: '1 1 16rem', minWidth: 0 }}
      >
        {LABEL_SHEETS.map((option) => (
          <option key={option.id} value={option.id}>
            {labelSheetName(option)}
          </option>
        ))}
      </TextField>
      <TextField
        label={p.skipLabel}
        value={max === 0 ? '0' : skipText}
        onChange={(event) => onSkip(event.target.value)}
        disabled={max === 0}
        error={skipError}
        helperText={max === 0 ? p.skipNone : skipError ? p.skipInvalid(max) : p.skipHelper(max)}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 2 } }}
        sx={{ flex: '1 1 10rem' }}
      />
    </Box>
  );
}

/**
 * 'Justér': how far the printout is moved (right and down, in mm; negative: left and up), remembered per printer,
 * and 'Prøveark', a page with every label's outline, for lining the printer up.
 */
export function AdjustFields({
  offset,
  onOffset,
  errors,
  testSheetHref,
}: {
  offset: OffsetText;
  onOffset: (offset: OffsetText) => void;
  errors: { right: boolean; down: boolean };
  testSheetHref: string | null;
}) {
  return (
    <Accordion disableGutters elevation={0} sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography sx={{ fontWeight: 500 }}>{p.adjust}</Typography>
      </AccordionSummary>
      <AccordionDetails sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
          {(['right', 'down'] as const).map((side) => (
            <TextField
              key={side}
              label={side === 'right' ? p.offsetRight : p.offsetDown}
              value={offset[side]}
              onChange={(event) => onOffset({ ...offset, [side]: event.target.value })}
              error={errors[side]}
              helperText={errors[side] ? p.offsetInvalid : p.offsetHelper}
              slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 6 } }}
              sx={{ flex: '1 1 10rem' }}
            />
          ))}
        </Box>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            startIcon={<GridOnOutlinedIcon />}
            component="a"
            href={testSheetHref ?? undefined}
            download={texts.parcels.testSheetFile}
            disabled={testSheetHref === null}
          >
            {p.testSheet}
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 14rem' }}>
            {p.testSheetHelp}
          </Typography>
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}
