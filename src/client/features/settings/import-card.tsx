import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { MAX_IMPORT_BYTES, MAX_IMPORT_ZIP_BYTES } from '../../../shared/domain/limits.ts';
import type { ImportReport } from '../../../shared/schemas/api-data.ts';
import { photoTexts } from '../../../shared/texts/photos.ts';
import { texts } from '../../../shared/texts.ts';
import { useImportData } from '../../api/data.ts';
import { LoadingState } from '../../components/loading-state.tsx';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { ImportReportView } from './import-report-view.tsx';

const t = texts.data;
const MAX_MB = Math.floor(MAX_IMPORT_BYTES / (1024 * 1024));
const MAX_ZIP_MB = Math.floor(MAX_IMPORT_ZIP_BYTES / (1024 * 1024));

/** An export with photos (decision 0016): a zip, by its first bytes. */
async function isZip(file: File): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  return head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
}

// Hidden from sight but not from the label that opens it (display: none would do too in Chromium, not everywhere).
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** `content`: the JSON file's content, or the export zip itself (sent as it is). */
type ChosenFile = { name: string; content: unknown };

/**
 * Flyt data ind: the chosen JSON file is read in the browser and sent as a dry run first; the report shows
 * what would happen, and only Importér writes. An export with photos (a zip) is sent as it is, twice (the dry
 * run, then the import).
 */
export function ImportCard() {
  const id = useId();
  const importData = useImportData();
  const [reading, setReading] = useState(false);
  const [file, setFile] = useState<ChosenFile | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [report, setReport] = useState<{ report: ImportReport; fileName: string | null } | null>(null);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    // Lets the same file be chosen again after a change.
    event.target.value = '';
    if (!picked) return;
    const zip = await isZip(picked);
    if (zip && picked.size > MAX_IMPORT_ZIP_BYTES) {
      notifyError(new Error(photoTexts.archive.tooLarge(MAX_ZIP_MB)));
      return;
    }
    if (!zip && picked.size > MAX_IMPORT_BYTES) {
      notifyError(new Error(t.fileTooLarge(MAX_MB)));
      return;
    }
    setFile(null);
    setReport(null);
    setReading(true);
    let content: unknown;
    try {
      content = zip ? picked : JSON.parse((await picked.text()).replace(/^\uFEFF/, ''));
    } catch {
      notifyError(new Error(t.fileNotJson));
      return;
    } finally {
      setReading(false);
    }
    try {
      const dryRun = await importData.mutateAsync({ content, dryRun: true });
      setFile({ name: picked.name, content });
      setReport({ report: dryRun, fileName: picked.name });
    } catch (error) {
      notifyError(error);
    }
  };

  const confirm = async () => {
    if (!file) return;
    try {
      const done = await importData.mutateAsync({ content: file.content, dryRun: false });
      setReport({ report: done, fileName: file.name });
      setFile(null);
      notifySuccess(t.imported);
    } catch (error) {
      notifyError(error);
    }
  };

  const cancel = () => {
    setFile(null);
    setReport(null);
  };

  const checking = importData.isPending && file === null;
  return (
    <Card component="section" aria-labelledby={`${id}-title`}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Typography id={`${id}-title`} variant="h2">
          {t.importTitle}
        </Typography>
        <Typography color="text.secondary">{t.importIntro}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t.maxFileSize(MAX_MB)}
        </Typography>
        <Box>
          {/* A real button that opens the hidden file input: a label with role="button" is not allowed (axe). */}
          <Button
            variant={file ? 'outlined' : 'contained'}
            startIcon={<UploadFileIcon />}
            disabled={reading || importData.isPending}
            onClick={() => fileInput.current?.click()}
          >
            {t.chooseFile}
          </Button>
          <Box
            component="input"
            ref={fileInput}
            type="file"
            accept=".json,application/json,.zip,application/zip"
            aria-label={t.chooseFile}
            tabIndex={-1}
            onChange={choose}
            sx={visuallyHidden}
          />
        </Box>
        {(reading || checking) && <LoadingState label={reading ? t.readingFile : t.checking} />}
        {report && <ImportReportView report={report.report} fileName={report.fileName} />}
        {file && report?.report.dryRun && (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {t.importReady}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button variant="contained" onClick={confirm} disabled={importData.isPending}>
                {importData.isPending ? t.importing : t.importButton}
              </Button>
              <Button onClick={cancel} disabled={importData.isPending}>
                {t.cancel}
              </Button>
            </Box>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
