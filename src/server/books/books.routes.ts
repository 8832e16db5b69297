import type { FastifyPluginAsync } from 'fastify';
import { bookPeriodOf } from '../../shared/domain/book-period.ts';
import { serve } from '../http/serve.ts';
import { getBooks, getBooksCsv } from './books.service.ts';
import { getCreditNotePdf, getReceiptPdf, receiptsZip } from './receipts.service.ts';

/** A file to save: never cached (it names customers), always a download. */
const download = (type: string, fileName: string) => ({
  'content-type': type,
  'content-disposition': `attachment; filename="${fileName}"`,
  'cache-control': 'no-store',
});

/** Regnskab, the bogføringsfil, the receipts' zip, and one receipt or credit note (docs/product/money.md). */
export function booksRoutes(): FastifyPluginAsync {
  return async (app) => {
    serve(app, 'books', ({ db, query }) => getBooks(db, bookPeriodOf(query)));

    serve(app, 'booksCsv', async ({ db, query, reply }) => {
      const { fileName, csv } = await getBooksCsv(db, bookPeriodOf(query));
      return reply.headers(download('text/csv; charset=utf-8', fileName)).send(csv);
    });

    serve(app, 'booksReceipts', async ({ db, query, reply }) => {
      const { fileName, zip } = await receiptsZip(db, bookPeriodOf(query));
      return reply.headers(download('application/zip', fileName)).send(zip);
    });

    serve(app, 'receiptPdf', async ({ db, params, reply }) => {
      const { fileName, pdf } = await getReceiptPdf(db, params.id);
      return reply.headers(download('application/pdf', fileName)).send(pdf);
    });

    serve(app, 'creditNotePdf', async ({ db, params, reply }) => {
      const { fileName, pdf } = await getCreditNotePdf(db, params.id);
      return reply.headers(download('application/pdf', fileName)).send(pdf);
    });
  };
}
