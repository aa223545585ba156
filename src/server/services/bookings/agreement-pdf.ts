import PDFDocument from 'pdfkit';

/** What the signed agreement's PDF shows: the text exactly as signed, and who signed it, when and from where. */
export interface TSignedAgreement {
  homeTitle: string;
  confirmationNumber: string;
  checkIn: string;
  checkOut: string;
  text: string;
  signedName: string;
  signedAt: string;
  signedIp: string | null;
}

/**
 * The signed rental agreement as a PDF (docs/check-in.md#the-rental-agreement), drawn from the stored
 * record alone, so every download gives the same document. Uncompressed, as the invoices are, so its
 * text can be searched; dated by the signature.
 */
export function agreementPdf(a: TSignedAgreement): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    compress: false,
    info: {
      Title: `Rental agreement ${a.confirmationNumber}`,
      CreationDate: new Date(a.signedAt),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(16).text('Rental agreement');
  doc.font('Helvetica').fontSize(10);
  doc.text(`${a.homeTitle}, confirmation number ${a.confirmationNumber}`);
  doc.text(`Stay: ${a.checkIn} to ${a.checkOut}`);
  doc.moveDown();
  doc.font('Helvetica').fontSize(10).text(a.text, { width: 495 });
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(11).text('Accepted by the guest');
  doc.font('Helvetica').fontSize(10);
  doc.text(`Name typed: ${a.signedName}`);
  doc.text(`Signed at: ${a.signedAt} (UTC)`);
  if (a.signedIp) doc.text(`From IP address: ${a.signedIp}`);
  doc.end();
  return done;
}
