/**
 * The text a PDF shows, one run a line: pdfkit writes each run as hex glyph codes in `[<…> n] TJ` arrays
 * (uncompressed here), in WinAnsi, which is Latin-1 but for 0x80–0x9F (dashes, quotes, the euro sign).
 */
const WIN_ANSI_HIGH: Record<number, string> = {
  0x80: '€',
  0x85: '…',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x95: '•',
  0x96: '–',
  0x97: '—',
};

export function pdfText(pdf: Buffer): string {
  const body = pdf.toString('latin1');
  const runs: string[] = [];
  for (const array of body.matchAll(/\[([^\]]*)\]\s*TJ/g))
    runs.push(
      [...(array[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)]
        .map((m) =>
          [...Buffer.from(m[1] ?? '', 'hex')].map((c) => WIN_ANSI_HIGH[c] ?? String.fromCharCode(c)).join(''),
        )
        .join(''),
    );
  return runs.join('\n');
}
