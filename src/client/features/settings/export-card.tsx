import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useId } from 'react';
import { DATA_TABLES } from '../../../shared/schemas/api-data.ts';
import { photoTexts } from '../../../shared/texts/photos.ts';
import { texts } from '../../../shared/texts.ts';
import { exportCsvUrl, exportJsonUrl, exportZipUrl } from '../../api/data.ts';

const t = texts.data;

/**
 * Eksport: plain download links (the session cookie goes along), JSON for everything, the same with the bead
 * photos as a zip (decision 0016), and CSV per table.
 */
export function ExportCard() {
  const id = useId();
  return (
    <Card component="section" aria-labelledby={`${id}-title`}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Typography id={`${id}-title`} variant="h2">
          {t.exportTitle}
        </Typography>
        <Typography color="text.secondary">{t.exportIntro}</Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            component="a"
            href={exportJsonUrl}
            download
            variant="contained"
            startIcon={<DownloadIcon />}
          >
            {t.exportJson}
          </Button>
          <Button component="a" href={exportZipUrl} download variant="outlined" startIcon={<DownloadIcon />}>
            {photoTexts.archive.exportZip}
          </Button>
        </Box>
        <Typography variant="body2" color="text.secondary">
          {photoTexts.archive.exportZipHint}
        </Typography>
        <Typography variant="h3" component="h3">
          {t.exportCsvTitle}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {DATA_TABLES.map((table) => (
            <Button
              key={table}
              component="a"
              href={exportCsvUrl(table)}
              download
              variant="outlined"
              size="small"
              startIcon={<DownloadIcon />}
            >
              {t.tables[table].title}
            </Button>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
