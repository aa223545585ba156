import type { EntityManager } from '@mikro-orm/postgresql';
import nodemailer from 'nodemailer';
import type { TEmailServiceStatus } from '#shared/schemas/emails.ts';
import { getSettings } from '../settings/settings.ts';

interface TVerifyResult {
  ok: boolean;
  error: string | null;
  at: number;
}

/** A good verify is trusted for 5 minutes, a failed one for 30 s; callers meanwhile share one attempt. */
const OK_FOR_MS = 5 * 60_000;
const FAILED_FOR_MS = 30_000;
const verified = new Map<string, TVerifyResult>();
const inFlight = new Map<string, Promise<TVerifyResult>>();

async function verifySmtp(smtpUrl: string, now = Date.now()): Promise<TVerifyResult> {
  const cached = verified.get(smtpUrl);
  if (cached && now - cached.at < (cached.ok ? OK_FOR_MS : FAILED_FOR_MS)) return cached;
  let pending = inFlight.get(smtpUrl);
  if (!pending) {
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 5_000,
      greetingTimeout: 5_000,
      socketTimeout: 10_000,
    });
    pending = transport
      .verify()
      .then(
        () => ({ ok: true, error: null, at: Date.now() }),
        (err: unknown) => ({
          ok: false,
          error: err instanceof Error ? err.message : String(err),
          at: Date.now(),
        }),
      )
      .finally(() => {
        transport.close();
        inFlight.delete(smtpUrl);
      });
    inFlight.set(smtpUrl, pending);
  }
  const result = await pending;
  verified.set(smtpUrl, result);
  return result;
}

/** The SMTP server's address without its credentials. */
function smtpHost(smtpUrl: string): string {
  try {
    const u = new URL(smtpUrl);
    return `${u.hostname}:${u.port || (u.protocol === 'smtps:' ? '465' : '587')}`;
  } catch {
    return 'the SMTP server';
  }
}

/** What the Integrations tab shows for 'Email Service': the server's own view, never a guess. */
export async function emailServiceStatus(
  em: EntityManager,
  smtpUrl: string | undefined,
): Promise<TEmailServiceStatus> {
  const settings = await getSettings(em);
  if (!settings.enableEmailNotifications) {
    return {
      status: 'disabled',
      label: 'Disabled',
      detail: 'Email Notifications is off: no booking or status emails are sent. Password resets still are.',
    };
  }
  if (!smtpUrl) {
    return {
      status: 'local',
      label: 'Local delivery',
      detail: 'No SMTP_URL is set: emails are written as .eml files on the server and listed under Emails.',
    };
  }
  const check = await verifySmtp(smtpUrl);
  return check.ok
    ? {
        status: 'connected',
        label: 'Connected',
        detail: `SMTP server ${smtpHost(smtpUrl)} accepted the login.`,
      }
    : {
        status: 'unreachable',
        label: 'Not connected',
        detail: `SMTP server ${smtpHost(smtpUrl)}: ${check.error ?? 'no answer'}`,
      };
}
