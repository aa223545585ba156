import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface TMailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo: string | null;
  /** The same for every attempt at one outbox row, so a receiving server can tell a resend. */
  messageId: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/**
 * The sender: MAIL_FROM as written (`Name <address>`), or a name and an address apart, which nodemailer
 * quotes and encodes itself, so a site name with a comma, quotes or `<…>` stays one display name.
 */
export type TMailFrom = string | { name: string; address: string };

export interface TMailTransport {
  /** 'sent' over SMTP, or 'delivered_locally' as a .eml file. */
  kind: 'sent' | 'delivered_locally';
  send(from: TMailFrom, message: TMailMessage): Promise<string>;
  /** Checks the SMTP connection and login (nodemailer's verify); true for local delivery. */
  verify(): Promise<true>;
  close(): void;
}

/**
 * Whether a failed send will fail the same way every time: the SMTP server answered with a 5xx reply
 * (a refused recipient, a rejected message or login). Retrying that only delays the verdict; a 4xx
 * reply or a network error may pass next time.
 */
export function isPermanentSmtpFailure(err: unknown): boolean {
  const code = err && typeof err === 'object' ? (err as { responseCode?: unknown }).responseCode : undefined;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** Header values never carry CR or LF, so no address, name or subject can inject a header. */
export function headerSafe(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}

function envelope(from: TMailFrom, m: TMailMessage) {
  return {
    from:
      typeof from === 'string'
        ? headerSafe(from)
        : { name: headerSafe(from.name), address: headerSafe(from.address) },
    to: headerSafe(m.to),
    subject: headerSafe(m.subject),
    ...(m.replyTo ? { replyTo: headerSafe(m.replyTo) } : {}),
    messageId: headerSafe(m.messageId),
    html: m.html,
    text: m.text,
    ...(m.attachments?.length ? { attachments: m.attachments } : {}),
    // Addresses are taken as they are; nodemailer must not go looking for files or URLs in content.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/** SMTP when SMTP_URL is set; otherwise each message is written as a .eml file under DATA_DIR/mail. */
export function createMailTransport(opts: { smtpUrl: string | undefined; mailDir: string }): TMailTransport {
  if (opts.smtpUrl) {
    const smtp = nodemailer.createTransport({
      url: opts.smtpUrl,
      pool: true,
      maxConnections: 3,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    return {
      kind: 'sent',
      async send(from, m) {
        const info = await smtp.sendMail(envelope(from, m));
        return String(info.messageId);
      },
      verify: () => smtp.verify(),
      close: () => smtp.close(),
    };
  }
  const local = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'delivered_locally',
    async send(from, m) {
      const info = await local.sendMail(envelope(from, m));
      await fs.mkdir(opts.mailDir, { recursive: true });
      const id = String(info.messageId).replace(/[^A-Za-z0-9@._-]/g, '');
      // Named by the message id: a repeated delivery of one row rewrites its file, never adds one.
      await fs.writeFile(path.join(opts.mailDir, `${id}.eml`), info.message as Buffer);
      return String(info.messageId);
    },
    verify: () => Promise.resolve(true),
    close: () => undefined,
  };
}
