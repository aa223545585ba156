import PDFDocument from 'pdfkit';
import { DOCUMENT_TITLES, documentRows, type TMoneyDocument } from '#shared/invoices.ts';

/**
 * An invoice or credit note as a PDF (docs/invoices.md), drawn from the document as it was issued, so the
 * same document gives the same text every time. Content streams are left uncompressed: the file stays
 * small and its text can be searched as it is. The creation date is the day of issue, for the same reason.
 */
export function moneyDocumentPdf(d: TMoneyDocument): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    compress: false,
    info: {
      Title: `${DOCUMENT_TITLES[d.kind]} ${d.number}`,
      Author: d.operator.name,
      CreationDate: new Date(`${d.issuedOn}T00:00:00Z`),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const rows = documentRows(d);
  const row = ([label, value]: [string, string], bold = false) => {
    const y = doc.y;
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(10)
      .text(label, 50, y, { width: 330 });
    const after = doc.y;
    doc.text(value, 380, y, { width: 165, align: 'right' });
    doc.y = Math.max(after, doc.y);
    doc.moveDown(0.3);
  };
  const section = (title: string) => {
    doc.moveDown();
    doc.font('Helvetica-Bold').fontSize(12).text(title, 50);
    doc.moveDown(0.3);
  };

  doc.font('Helvetica-Bold').fontSize(18).text(d.operator.name);
  doc.font('Helvetica').fontSize(10).text(d.operator.address).text(d.operator.email);
  doc.moveDown();
  const [title, ...heading] = rows.heading;
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(title ?? '');
  doc.font('Helvetica').fontSize(10);
  for (const line of heading) doc.text(line);

  section(d.kind === 'credit_note' ? 'Credited' : 'Charges');
  for (const line of rows.lines) row(line);
  for (const line of rows.totals) row(line, true);
  if (d.kind === 'invoice' && d.paid !== null) {
    section('Payments');
    if (rows.payments.length === 0) doc.font('Helvetica').fontSize(10).text('No payments yet.');
    for (const line of rows.payments) row(line);
    doc.moveDown(0.5);
    for (const line of rows.closing) row(line, true);
  }
  doc.end();
  return done;
}
