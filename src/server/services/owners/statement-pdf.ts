import PDFDocument from 'pdfkit';
import { formatMoney } from '#shared/money.ts';
import { EXPENSE_CATEGORY_LABELS, type TStatement } from '#shared/schemas/owners.ts';
import { lineLabel } from './statement-record.ts';

const usd = (n: number) => formatMoney(n, 'USD');

/**
 * The owner's monthly statement as a PDF (docs/owner-statements.md), laid out as the receipts are: the
 * operator, the owner and month with its number (or DRAFT), one row per stay and adjustment, the totals,
 * the expenses, the owner's net and the payouts. Uncompressed, so its text can be searched.
 */
export function statementPdf(
  s: TStatement,
  operator: { name: string; address: string; email: string },
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 40,
    compress: false,
    info: { Title: `Statement ${s.number ?? 'draft'} ${s.month} ${s.owner.name}`, Author: operator.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(18).text(operator.name);
  doc.font('Helvetica').fontSize(10).text(operator.address).text(operator.email);
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(14).text(`Owner statement - ${s.month}`);
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(
      s.number
        ? `${s.number}, published ${s.publishedAt?.slice(0, 10) ?? ''}`
        : 'DRAFT - not published; its figures may still change',
    );
  doc.font('Helvetica').fontSize(10).text(`${s.owner.name} (${s.owner.email})`);
  for (const h of s.homes) doc.text(`${h.title}: commission ${h.commissionPercent}%`);
  doc.moveDown();

  // Columns: x positions and widths across the landscape page.
  const cols: [string, number, number, 'left' | 'right'][] = [
    ['Stay', 40, 180, 'left'],
    ['Dates', 222, 118, 'left'],
    ['Nights', 340, 32, 'right'],
    ['Gross', 374, 68, 'right'],
    ['Fees', 444, 60, 'right'],
    ['Taxes', 506, 60, 'right'],
    ['Refunds', 568, 64, 'right'],
    ['Commission', 634, 64, 'right'],
    ['Net', 700, 70, 'right'],
  ];
  const line = (cells: string[], bold = false) => {
    if (doc.y > 520) doc.addPage();
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    cells.forEach((c, i) => {
      const [, x, width, align] = cols[i] as (typeof cols)[number];
      doc.text(c, x, y, { width, align, lineBreak: false, ellipsis: true });
    });
    doc.moveDown(0.5);
  };
  line(
    cols.map((c) => c[0]),
    true,
  );
  if (s.stays.length === 0) doc.font('Helvetica').fontSize(10).text('No stays checked out this month.', 40);
  for (const x of [...s.stays, ...s.adjustments])
    line([
      x.kind === 'stay'
        ? `${x.confirmationNumber} ${x.propertyTitle}`
        : `${lineLabel(x)} ${x.confirmationNumber}`,
      `${x.checkIn} to ${x.checkOut}`,
      x.kind === 'stay' ? String(x.nights) : '',
      usd(x.gross),
      usd(x.fees),
      usd(x.taxes),
      usd(x.refunds),
      usd(x.commission),
      usd(x.net),
    ]);
  const t = s.totals;
  line(
    [
      `Total (${t.stays} stays)`,
      '',
      String(t.nights),
      usd(t.gross),
      usd(t.fees),
      usd(t.taxes),
      usd(t.refunds),
      usd(t.commission),
      usd(t.net),
    ],
    true,
  );
  const blank = ['', '', '', '', '', ''];
  for (const e of s.expenses)
    line([
      `Expense: ${EXPENSE_CATEGORY_LABELS[e.category]} ${e.propertyTitle}`,
      e.date,
      ...blank,
      usd(-e.amount),
    ]);
  line(["Owner's net", '', ...blank, usd(t.ownerNet)], true);
  for (const p of s.payouts) line([`Payout ${p.reference}`, p.date, ...blank, usd(-p.amount)]);
  line(['Still to pay the owner', '', ...blank, usd(t.balance)], true);
  doc.end();
  return done;
}
