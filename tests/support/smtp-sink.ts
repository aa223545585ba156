import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface TReceivedMail {
  to: string[];
  raw: string;
  /** A header's value (first occurrence, unfolded), or '' when absent. */
  header(name: string): string;
  /** The message's text with quoted-printable soft breaks and escapes undone. */
  body: string;
  /** Its base64-encoded MIME parts that are attachments, decoded. */
  attachments(): { filename: string; contentType: string; content: Buffer }[];
}

/** The attachments of a raw MIME message: each part with a filename, its base64 body decoded. */
function attachmentsOf(raw: string) {
  const found = [];
  for (const part of raw.split(/\r?\n--[^\r\n]+\r?\n/)) {
    const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
    const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
    const filename = /filename="?([^";\r\n]+)"?/i.exec(unfolded)?.[1];
    if (!filename || !/Content-Transfer-Encoding:\s*base64/i.test(unfolded)) continue;
    found.push({
      filename,
      contentType: /Content-Type:\s*([^;\r\n]+)/i.exec(unfolded)?.[1]?.trim() ?? '',
      content: Buffer.from(
        rest
          .join('')
          .replace(/--[^\r\n]*--\s*$/, '')
          .replace(/\s+/g, ''),
        'base64',
      ),
    });
  }
  return found;
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A real SMTP server (the `smtp-server` package) on loopback that keeps every message it accepts. */
export class SmtpSink {
  readonly received: TReceivedMail[] = [];
  /** Recipients refused at RCPT TO, with the text of the 550 reply. */
  readonly refuse = new Map<string, string>();
  /** Recipients put off at RCPT TO with a 451 reply (a temporary failure), with its text. */
  readonly putOff = new Map<string, string>();
  /** Runs after a message arrived and before the server answers 250 for it. */
  beforeAccept: ((mail: TReceivedMail) => Promise<void> | void) | null = null;
  /** Errors of client connections (resets by killed clients) since start. */
  readonly connectionErrors: Error[] = [];
  port = 0;
  private server: SMTPServer | null = null;

  /** Listens on `port` (0: a free one), and keeps that port across stop() and start(). */
  async start(port = this.port): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // Offline machine: no reverse DNS of each client.
      disableReverseLookup: true,
      // Pooled client connections stay open: stop() cuts them instead of waiting.
      closeTimeout: 50,
      onRcptTo: (address, _session, callback) => {
        const later = this.putOff.get(address.address);
        if (later !== undefined) return callback(Object.assign(new Error(later), { responseCode: 451 }));
        const reply = this.refuse.get(address.address);
        if (reply === undefined) return callback();
        callback(Object.assign(new Error(reply), { responseCode: 550 }));
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const head = raw.split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, ' ') ?? '';
          const mail: TReceivedMail = {
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            header: (name) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '',
            body: decodeQuotedPrintable(raw),
            attachments: () => attachmentsOf(raw),
          };
          this.received.push(mail);
          Promise.resolve(this.beforeAccept?.(mail)).then(
            () => callback(),
            (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
          );
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    // A client killed mid-connection (a server process stopped by a test) resets its socket, which
    // smtp-server reports as an 'error' event: kept for a test to read, never thrown.
    server.on('error', (err) => this.connectionErrors.push(err));
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }
}
