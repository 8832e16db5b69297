import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import {
  Alert,
  AlertTitle,
  Box,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { shortIdList } from '../../../shared/domain/id-list.ts';
import { DATA_TABLES, type ImportIssueCode, type ImportReport } from '../../../shared/schemas/api-data.ts';
import { texts } from '../../../shared/texts.ts';

const t = texts.data;

/** Lines that tell what happens rather than a conflict resolved (nothing refused): an info icon, not a warning. */
const INFO_CODES = new Set<ImportIssueCode>([
  'alreadyPresent',
  'shopSettingsImported',
  'shopSettingsUnchanged',
]);

/** The import's report: what will be (or was) written per table, then every conflict and how it was resolved. */
export function ImportReportView({ report, fileName }: { report: ImportReport; fileName: string | null }) {
  const h = t.countsHeader;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Alert severity={report.dryRun ? 'info' : 'success'}>
        <AlertTitle>{report.dryRun ? t.dryRunTitle : t.doneTitle}</AlertTitle>
        {report.summary}
        {fileName && (
          <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            {t.fileName(fileName)}
          </Typography>
        )}
      </Alert>
      <TableContainer>
        <Table
          size="small"
          aria-label={t.countsTable}
          sx={{ '& th, & td': { px: 0.5, fontSize: '0.8125rem' }, '& thead th': { whiteSpace: 'nowrap' } }}
        >
          <TableHead>
            <TableRow>
              <TableCell>{h.table}</TableCell>
              <TableCell align="right">{h.inFile}</TableCell>
              <TableCell align="right">{h.added}</TableCell>
              <TableCell align="right">{h.alreadyPresent}</TableCell>
              <TableCell align="right">{h.skipped}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {DATA_TABLES.map((table) => {
              const counts = report.counts[table];
              return (
                <TableRow key={table}>
                  <TableCell component="th" scope="row">
                    {t.tables[table].title}
                  </TableCell>
                  <TableCell align="right">{counts.inFile}</TableCell>
                  <TableCell align="right">{counts.added}</TableCell>
                  <TableCell align="right">{counts.alreadyPresent}</TableCell>
                  <TableCell align="right">{counts.skipped}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <Typography variant="h3" component="h3">
        {t.issuesTitle}
      </Typography>
      {report.issues.length === 0 ? (
        <Typography color="text.secondary">{t.noIssues}</Typography>
      ) : (
        <List dense disablePadding aria-label={t.issuesTitle}>
          {report.issues.map((issue, index) => (
            // Issues have no id of their own and never reorder.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <ListItem key={index} disableGutters alignItems="flex-start">
              <ListItemIcon sx={{ minWidth: 32, mt: 0.5 }}>
                {INFO_CODES.has(issue.code) ? (
                  <InfoOutlinedIcon fontSize="small" color="info" />
                ) : (
                  <WarningAmberIcon fontSize="small" color="warning" />
                )}
              </ListItemIcon>
              <ListItemText
                primary={issue.message}
                secondary={issue.code === 'alreadyPresent' ? t.idsLabel(shortIdList(issue.ids)) : undefined}
                sx={{ overflowWrap: 'anywhere' }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
