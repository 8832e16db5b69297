/**
 * 'Kvittering' and 'Kreditnota' as PDF (docs/product/money.md): an A4 page in the embedded DejaVu Sans
 * (pdf/pdf-document.ts), so the shop's and any customer's name come out as typed. The rows are the bill's
 * (shared/domain/bill-text.ts billItems), priced exactly as the bill prices them.
 */
import { type BillItem, billItems } from '../../shared/domain/bill-text.ts';
import { formatDay, formatLongDate } from '../../shared/domain/dates.ts';
import { formatKr } from '../../shared/domain/money.ts';
import { vatOre } from '../../shared/domain/pricing.ts';
import type { Order } from '../../shared/schemas/api-orders.ts';
import type { ShopSettings } from '../../shared/schemas/api-settings.ts';
import { texts } from '../../shared/texts.ts';
import type { CreditNoteDocument } from '../orders/credit-notes.service.ts';
import { type PdfDoc, pt, renderPdf } from '../pdf/pdf-document.ts';

const p = texts.money.pdf;
const A4: [number, number] = [pt(210), pt(297)];
const LEFT = pt(20);
const RIGHT = pt(190);
const WIDTH = RIGHT - LEFT;
const PRICE_WIDTH = pt(35);

type Row = { text: string; amount: string; bold?: boolean };

function itemText(item: BillItem): string {
  switch (item.kind) {
    case 'pair':
      return p.pairLine(item.first, item.second);
    case 'pairSame':
      return p.pairSame(item.text);
    case 'single':
      return item.text;
    case 'line':
      return item.quantity === 1
        ? item.text
        : p.quantity(item.quantity, item.text, formatKr(item.unitPriceOre));
  }
}

/** The shop's name, address and CVR number, top left. */
function drawShop(doc: PdfDoc, shop: ShopSettings): void {
  doc.font('bold').fontSize(16).text(shop.shopName, LEFT, pt(20), { width: WIDTH });
  doc.font('regular').fontSize(10);
  for (const line of (shop.address ?? '').split('\n').filter((each) => each.trim() !== ''))
    doc.text(line, { width: WIDTH });
  if (shop.cvr) doc.text(p.cvr(shop.cvr), { width: WIDTH });
}

function drawHeading(doc: PdfDoc, title: string, facts: ReadonlyArray<[string, string]>): void {
  doc.moveDown(2).font('bold').fontSize(20).text(title, LEFT, doc.y, { width: WIDTH });
  doc.moveDown(0.5).fontSize(10);
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font('bold').text(label, LEFT, y, { width: pt(40) });
    doc.font('regular').text(value, LEFT + pt(42), y, { width: WIDTH - pt(42) });
  }
  doc.moveDown(1.5);
}

/** A row: its text at the left (wrapping when long), its amount right-aligned. */
function drawRow(doc: PdfDoc, row: Row): void {
  const y = doc.y;
  doc.font(row.bold ? 'bold' : 'regular').fontSize(11);
  doc.text(row.amount, RIGHT - PRICE_WIDTH, y, { width: PRICE_WIDTH, align: 'right' });
  doc.text(row.text, LEFT, y, { width: WIDTH - PRICE_WIDTH - pt(4) });
  doc.moveDown(0.3);
}

function rule(doc: PdfDoc): void {
  doc.moveTo(LEFT, doc.y).lineTo(RIGHT, doc.y).lineWidth(0.5).stroke('#888888');
  doc.moveDown(0.5);
}

function drawTable(doc: PdfDoc, rows: readonly Row[], totals: readonly Row[]): void {
  drawRow(doc, { text: p.item, amount: p.price, bold: true });
  rule(doc);
  for (const row of rows) drawRow(doc, row);
  rule(doc);
  for (const row of totals) drawRow(doc, row);
}

function vatLine(doc: PdfDoc, vatRegistered: boolean, totalOre: number): void {
  doc.moveDown(0.5).font('regular').fontSize(10);
  doc.text(
    vatRegistered ? `${p.vat}: ${formatKr(vatOre(totalOre, true))}` : p.notVatRegistered,
    LEFT,
    doc.y,
    {
      width: WIDTH,
    },
  );
}

function postageRow(order: Order): Row {
  if (order.pickup) return { text: p.pickup, amount: formatKr(0) };
  return { text: order.homeDelivery ? p.postageHome : p.postage, amount: formatKr(order.totals.shippingOre) };
}

/** The receipt of a paid order: what was bought, what it cost, and when and how it was paid. */
export function receiptPdf(order: Order, shop: ShopSettings): Promise<Buffer> {
  const number = order.number ?? '';
  return renderPdf(texts.money.receiptTitle(number), (doc) => {
    doc.addPage({ size: A4, margin: 0 });
    drawShop(doc, shop);
    drawHeading(doc, p.receipt, [
      [p.number, number],
      [p.billDate, formatLongDate(order.billedAt ?? order.createdAt)],
      ...(order.customerName ? [[p.customer, order.customerName] as [string, string]] : []),
    ]);
    const items = billItems({
      offerGroups: order.offerGroups,
      normalLines: order.normalLines,
      totalOre: order.totals.totalOre,
    });
    const discount = order.totals.discountOre;
    drawTable(
      doc,
      items.map((item) => ({ text: itemText(item), amount: formatKr(item.priceOre) })),
      [
        ...(discount > 0
          ? [
              {
                text: order.discount?.kind === 'pct' ? p.discountPct(order.discount.value) : p.discount,
                amount: formatKr(-discount),
              },
            ]
          : []),
        postageRow(order),
        { text: p.total, amount: formatKr(order.totals.totalWithShippingOre), bold: true },
      ],
    );
    vatLine(doc, order.vatRegistered, order.totals.totalWithShippingOre);
    doc.moveDown(1.5).font('bold').fontSize(11).text(p.paid, LEFT, doc.y, { width: WIDTH });
    doc.font('regular').fontSize(10);
    for (const payment of order.payments)
      doc.text(
        p.paidOn(formatDay(payment.paidOn), texts.money.methods[payment.method], formatKr(payment.amountOre)),
        { width: WIDTH },
      );
    if (order.payment.deemedOre > 0)
      doc.text(
        p.paidDeemed(
          formatLongDate(order.settledAt ?? order.billedAt ?? order.createdAt),
          formatKr(order.payment.deemedOre),
        ),
        { width: WIDTH },
      );
    doc.moveDown(2).font('regular').fontSize(11).text(p.thanks, LEFT, doc.y, { width: WIDTH });
  });
}

/** A credit note: the rows refunded (negative), the order it refunds, and the money paid back. */
export function creditNotePdf(document: CreditNoteDocument, shop: ShopSettings): Promise<Buffer> {
  const { note, lines, order, refund } = document;
  return renderPdf(texts.money.creditNoteTitle(note.number), (doc) => {
    doc.addPage({ size: A4, margin: 0 });
    drawShop(doc, shop);
    drawHeading(doc, p.creditNote, [
      [p.number, note.number],
      [p.creditDate, formatLongDate(note.created_at)],
      [p.refunds, order.number ?? ''],
      ...(order.customerName ? [[p.customer, order.customerName] as [string, string]] : []),
    ]);
    const discount = Number(note.discount_ore);
    const postage = Number(note.postage_ore);
    drawTable(
      doc,
      lines
        .filter((line) => line.text !== '')
        .map((line) => ({ text: line.text, amount: formatKr(-Number(line.price_ore)) })),
      [
        ...(discount > 0 ? [{ text: p.discount, amount: formatKr(discount) }] : []),
        ...(postage > 0
          ? [{ text: order.homeDelivery ? p.postageHome : p.postage, amount: formatKr(-postage) }]
          : []),
        { text: p.total, amount: formatKr(-Number(note.total_ore)), bold: true },
      ],
    );
    vatLine(doc, order.vatRegistered, -Number(note.total_ore));
    if (refund) {
      doc.moveDown(1.5).font('bold').fontSize(11).text(p.refunded, LEFT, doc.y, { width: WIDTH });
      doc
        .font('regular')
        .fontSize(10)
        .text(
          p.paidOn(formatDay(refund.paidOn), texts.money.methods[refund.method], formatKr(refund.amountOre)),
          {
            width: WIDTH,
          },
        );
    }
  });
}
