import PDFDocument from 'pdfkit';
import { toMinor } from '#shared/money.ts';
import { formatMinor, METHOD_LABELS, PAYMENT_STATUS_LABELS } from '#shared/payments.ts';
import type { TManagedBooking } from '#shared/schemas/manage.ts';
import type { TBookingPayments } from '#shared/schemas/payments.ts';

export interface TReceiptInput {
  operator: { name: string; address: string; email: string };
  booking: TManagedBooking;
  payments: TBookingPayments;
  issuedAt: Date;
}

/**
 * The booking's invoice and receipt as a PDF (docs/payments.md#receipts): the operator from Settings, the
 * nights, fees and taxes as booked, every payment and refund, and the balance. Content streams are left
 * uncompressed: the file stays small and its text can be searched as it is.
 */
export function receiptPdf(r: TReceiptInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    compress: false,
    info: { Title: `Receipt ${r.booking.confirmationNumber}`, Author: r.operator.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const b = r.booking;
  const p = r.payments;
  const cur = p.schedule.currency;
  const money = (minor: number) => formatMinor(minor, cur);
  const dollars = (major: number) => money(toMinor(major));
  const row = (label: string, value: string, bold = false) => {
    const y = doc.y;
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(10)
      .text(label, 50, y, { width: 330 });
    doc.text(value, 380, y, { width: 165, align: 'right' });
    doc.moveDown(0.3);
  };

  doc.font('Helvetica-Bold').fontSize(18).text(r.operator.name);
  doc.font('Helvetica').fontSize(10).text(r.operator.address).text(r.operator.email);
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(14).text(`Invoice and receipt - booking ${b.confirmationNumber}`);
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`Issued ${r.issuedAt.toISOString().slice(0, 10)}`);
  if (b.contactInfo) doc.text(`Guest: ${b.contactInfo.name} (${b.contactInfo.email})`);
  doc.text(`${b.property.title}, ${b.property.location}`);
  doc.text(
    `Check-in ${b.checkIn}, check-out ${b.checkOut}, ${b.nights} night${b.nights === 1 ? '' : 's'}, ${b.guests} guest${b.guests === 1 ? '' : 's'}`,
  );
  if (b.status === 'cancelled') doc.text('This booking is cancelled.');
  doc.moveDown();

  doc.font('Helvetica-Bold').fontSize(12).text('Charges');
  doc.moveDown(0.3);
  b.nightPrices.forEach((price, i) => row(`Night ${i + 1}`, dollars(price)));
  row('Subtotal', dollars(b.subtotal));
  row(`Tax (GST ${b.taxRate}%)`, dollars(b.taxAmount));
  if (b.cancellationFeeCharged !== null) row('Cancellation fee (kept)', dollars(b.cancellationFeeCharged));
  row('Total', money(p.schedule.total), true);
  doc.moveDown();

  doc.font('Helvetica-Bold').fontSize(12).text('Payments');
  doc.moveDown(0.3);
  if (p.lines.length === 0) doc.font('Helvetica').fontSize(10).text('No payments yet.');
  for (const l of p.lines)
    row(
      `${l.occurredAt.slice(0, 10)}  ${l.kind === 'refund' ? 'Refund' : 'Payment'} by ${METHOD_LABELS[l.method].toLowerCase()}${l.reference ? ` (${l.reference})` : ''}`,
      `${l.kind === 'refund' ? '-' : ''}${money(l.amount)}`,
    );
  doc.moveDown(0.5);
  row('Paid', money(p.totals.net), true);
  row('Balance due', money(p.totals.balanceDue), true);
  if (p.totals.refundDue > 0) row('Refund due', money(p.totals.refundDue), true);
  row('Status', PAYMENT_STATUS_LABELS[p.totals.status]);
  if (p.schedule.balanceDueOn && p.totals.balanceDue > 0) row('Balance due by', p.schedule.balanceDueOn);
  doc.end();
  return done;
}
