import DownloadIcon from '@mui/icons-material/Download';
import RequestQuoteOutlinedIcon from '@mui/icons-material/RequestQuoteOutlined';
import {
  Box,
  Button,
  Card,
  CardContent,
  MenuItem,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { type ReactNode, useId } from 'react';
import { type BookPeriod, bookPeriodTitle } from '../../../shared/domain/book-period.ts';
import { copenhagenParts, monthTitle } from '../../../shared/domain/dates.ts';
import { formatKr } from '../../../shared/domain/money.ts';
import { PAYMENT_METHODS } from '../../../shared/domain/payments.ts';
import type { Books } from '../../../shared/schemas/api-books.ts';
import { texts } from '../../../shared/texts.ts';
import { booksFiles, booksPeriodFrom, booksQueryOf, useBooks } from '../../api/books.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadingState } from '../../components/loading-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { renderNow } from '../../lib/hydration.ts';
import { useSearchParams } from '../../lib/router.tsx';

const b = texts.money.books;
const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
const m = texts.money;

/** The period as the address's parameters. */
function paramsOf(period: BookPeriod): Record<string, string> {
  return Object.fromEntries(Object.entries(booksQueryOf(period)).map(([key, value]) => [key, String(value)]));
}

/** Another kind of period around the one shown: its year, and the quarter or month it starts in. */
function periodOfKind(kind: BookPeriod['kind'], from: BookPeriod): BookPeriod {
  const month =
    from.kind === 'month'
      ? from.month
      : from.kind === 'quarter'
        ? from.quarter * 3 - 2
        : copenhagenParts(renderNow()).month;
  if (kind === 'year') return { kind, year: from.year };
  if (kind === 'quarter') return { kind, year: from.year, quarter: Math.ceil(month / 3) };
  return { kind, year: from.year, month };
}

/**
 * Regnskab (/books, docs/product/money.md): the sums of a month, a quarter or a year, paid by way of payment and
 * still owed, with the bogføringsfil and the receipts to download. A bill belongs to the period of its date.
 */
export function BooksPage() {
  const [params, setParams] = useSearchParams();
  const period = booksPeriodFrom(params);
  const query = booksQueryOf(period);
  const books = useBooks(query);
  const shown = books.data && books.data.period.title === bookPeriodTitle(period) ? books.data : undefined;
  const years = [...new Set([period.year, ...(books.data?.years ?? [])])].sort((x, y) => y - x);
  const files = booksFiles(query);
  const go = (next: BookPeriod) => setParams(paramsOf(next), { replace: true });
  const empty =
    shown !== undefined && shown.counts.bills + shown.counts.creditNotes + shown.counts.cancelled === 0;

  const picker = (
    <Box
      sx={{
        display: 'flex',
        gap: 1,
        alignItems: 'center',
        flexWrap: 'wrap',
        width: { xs: '100%', md: 'auto' },
      }}
    >
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        sx={{
          width: { xs: '100%', sm: 'auto' },
          '& .MuiToggleButton-root': { flex: { xs: 1, sm: 'none' }, px: 2 },
        }}
        aria-label={b.period}
        value={period.kind}
        onChange={(_, kind: BookPeriod['kind'] | null) => kind && go(periodOfKind(kind, period))}
      >
        <ToggleButton value="month">{b.month}</ToggleButton>
        <ToggleButton value="quarter">{b.quarter}</ToggleButton>
        <ToggleButton value="year">{b.year}</ToggleButton>
      </ToggleButtonGroup>
      <TextField
        select
        size="small"
        label={b.year}
        value={period.year}
        onChange={(event) => go({ ...period, year: Number(event.target.value) } as BookPeriod)}
        sx={{ width: { xs: 'auto', sm: 104 }, flex: { xs: 1, sm: 'none' } }}
      >
        {years.map((year) => (
          <MenuItem key={year} value={year}>
            {year}
          </MenuItem>
        ))}
      </TextField>
      {period.kind === 'month' && (
        <TextField
          select
          size="small"
          label={b.month}
          value={period.month}
          onChange={(event) => go({ ...period, month: Number(event.target.value) })}
          sx={{ width: { xs: 'auto', sm: 150 }, flex: { xs: 1, sm: 'none' } }}
        >
          {MONTHS.map((month) => (
            <MenuItem key={month} value={month}>
              {monthTitle(month)}
            </MenuItem>
          ))}
        </TextField>
      )}
      {period.kind === 'quarter' && (
        <TextField
          select
          size="small"
          label={b.quarter}
          value={period.quarter}
          onChange={(event) => go({ ...period, quarter: Number(event.target.value) })}
          sx={{ width: { xs: 'auto', sm: 150 }, flex: { xs: 1, sm: 'none' } }}
        >
          {[1, 2, 3, 4].map((quarter) => (
            <MenuItem key={quarter} value={quarter}>
              {b.quarterName(quarter)}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Box>
  );

  return (
    <>
      <PageHeader title={b.title} />
      <Typography variant="h2" component="p" sx={{ mt: -1, mb: 2, color: 'text.secondary' }}>
        {bookPeriodTitle(period)}
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box
          sx={{
            display: 'flex',
            gap: 1,
            flexWrap: 'wrap',
            justifyContent: 'space-between',
            alignItems: 'center',
          }}
        >
          {picker}
          <Box
            sx={{
              display: 'flex',
              gap: 1,
              width: { xs: '100%', md: 'auto' },
              '& > *': { flex: { xs: 1, md: 'none' } },
            }}
          >
            <Button
              component="a"
              href={files.csv}
              download
              variant="outlined"
              startIcon={<DownloadIcon />}
              disabled={!shown || empty}
            >
              {b.downloadCsv}
            </Button>
            <Button
              component="a"
              href={files.receipts}
              download
              variant="outlined"
              startIcon={<DownloadIcon />}
              disabled={!shown || empty}
            >
              {b.downloadReceipts}
            </Button>
          </Box>
        </Box>
        {books.isError && !shown ? (
          <EmptyState
            title={b.loadFailed}
            description={books.error.message}
            actions={
              <Button variant="contained" onClick={() => books.refetch()}>
                {b.retry}
              </Button>
            }
          />
        ) : !shown ? (
          <LoadingState label={b.loading} />
        ) : empty ? (
          <EmptyState icon={<RequestQuoteOutlinedIcon />} title={b.empty} description={b.emptyBody} />
        ) : (
          <BooksSums books={shown} />
        )}
      </Box>
    </>
  );
}

function SumCard({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent>
        <Typography id={id} variant="h2" gutterBottom>
          {title}
        </Typography>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.75, columnGap: 2 }}
        >
          {children}
        </Box>
      </CardContent>
    </Card>
  );
}

function Sum({
  label,
  ore,
  strong = false,
  muted = false,
}: {
  label: string;
  ore: number;
  strong?: boolean;
  muted?: boolean;
}) {
  const sx = { m: 0, fontWeight: strong ? 700 : 400, color: muted ? 'text.secondary' : undefined };
  return (
    <>
      <Typography component="dt" sx={sx}>
        {label}
      </Typography>
      <Typography
        component="dd"
        sx={{ ...sx, textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      >
        {formatKr(ore)}
      </Typography>
    </>
  );
}

function BooksSums({ books }: { books: Books }) {
  const { sums, counts } = books;
  return (
    <>
      <Typography color="text.secondary">
        {b.counts(counts.bills, counts.creditNotes, counts.cancelled)}. {b.hint}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          gap: 2,
          alignItems: 'start',
        }}
      >
        <SumCard title={b.sums}>
          <Sum label={b.goods} ore={sums.goodsOre} />
          <Sum label={b.postage} ore={sums.postageOre} />
          <Sum label={b.discounts} ore={-sums.discountOre} />
          <Sum label={b.total} ore={sums.totalOre} strong />
          {sums.creditOre !== 0 && <Sum label={`· ${b.creditNotes}`} ore={sums.creditOre} muted />}
          {books.vatRegistered || sums.vatOre !== 0 ? (
            <Sum label={b.vat} ore={sums.vatOre} muted />
          ) : (
            <Typography sx={{ gridColumn: '1 / -1', color: 'text.secondary' }}>
              {b.notVatRegistered}
            </Typography>
          )}
        </SumCard>
        <SumCard title={b.paidTitle}>
          {PAYMENT_METHODS.map((method) => (
            <Sum key={method} label={m.methods[method]} ore={sums.paidBy[method]} />
          ))}
          <Sum label={m.methodUnrecorded} ore={sums.paidBy.unrecorded} muted />
          <Sum label={b.paidTotal} ore={sums.paidOre} strong />
          <Sum label={b.owed} ore={sums.owedOre} strong />
        </SumCard>
      </Box>
    </>
  );
}
