import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface TMailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface TMailTransport {
  /** 'sent' over SMTP, or 'delivered_locally' as a .eml file. */
  kind: 'sent' | 'delivered_locally';
  send(from: string, message: TMailMessage): Promise<string>;
}

/** Header values never carry CR or LF, so no address, name or subject can inject a header. */
export function headerSafe(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}

/** SMTP when SMTP_URL is set; otherwise each message is written as a .eml file under DATA_DIR/mail. */
export function createMailTransport(opts: { smtpUrl: string | undefined; mailDir: string }): TMailTransport {
  if (opts.smtpUrl) {
    const smtp = nodemailer.createTransport(opts.smtpUrl);
    return {
      kind: 'sent',
      async send(from, m) {
        const info = await smtp.sendMail({
          from: headerSafe(from),
          to: headerSafe(m.to),
          subject: headerSafe(m.subject),
          html: m.html,
          text: m.text,
        });
        return String(info.messageId);
      },
    };
  }
  const local = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'delivered_locally',
    async send(from, m) {
      const info = await local.sendMail({
        from: headerSafe(from),
        to: headerSafe(m.to),
        subject: headerSafe(m.subject),
        html: m.html,
        text: m.text,
      });
      await fs.mkdir(opts.mailDir, { recursive: true });
      const id = String(info.messageId).replace(/[^A-Za-z0-9@._-]/g, '');
      await fs.writeFile(path.join(opts.mailDir, `${Date.now()}-${id}.eml`), info.message as Buffer);
      return String(info.messageId);
    },
  };
}
