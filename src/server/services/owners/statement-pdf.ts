import PDFDocument from 'pdfkit';
import { formatMoney } from '#shared/money.ts';
import type { TStatement } from '#shared/schemas/owners.ts';

const usd = (n: number) => formatMoney(n);

/**
 * The owner's monthly statement as a PDF (docs/owner-statements.md), laid out as the receipts are: the
 * operator, the owner and month, one row per stay and the totals. Uncompressed, so its text can be searched.
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
    info: { Title: `Statement ${s.month} ${s.owner.name}`, Author: operator.name },
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
  doc.font('Helvetica').fontSize(10).text(`${s.owner.name} (${s.owner.email})`);
  for (const h of s.homes) doc.text(`${h.title}: commission ${h.commissionPercent}%`);
  doc.moveDown();

  // Columns: x positions and widths across the landscape page.
  const cols: [string, number, number, 'left' | 'right'][] = [
    ['Stay', 40, 190, 'left'],
    ['Dates', 230, 130, 'left'],
    ['Nights', 360, 40, 'right'],
    ['Gross', 405, 65, 'right'],
    ['Fees', 475, 60, 'right'],
    ['Taxes', 540, 60, 'right'],
    ['Commission', 605, 75, 'right'],
    ['Net', 685, 75, 'right'],
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
  for (const x of s.stays)
    line([
      `${x.confirmationNumber} ${x.propertyTitle}`,
      `${x.checkIn} to ${x.checkOut}`,
      String(x.nights),
      usd(x.gross),
      usd(x.fees),
      usd(x.taxes),
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
      usd(t.commission),
      usd(t.net),
    ],
    true,
  );
  doc.end();
  return done;
}
