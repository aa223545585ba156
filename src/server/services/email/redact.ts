import { resetPath } from '../auth/password-reset.ts';
import { managePath } from '../bookings/manage-links.ts';
import { feedPath } from '../calendar/ical-export.ts';
import { invitationPath } from '../staff/staff.ts';

/**
 * What an admin sees of a stored email: the recipient's copy carries bearer links (a password reset, a
 * booking's manage link), and anyone who reads the outbox must not be able to use them. See
 * docs/emails.md ("The admin's preview").
 */
export const REDACTED = 'REDACTED';

const MARK = '\u0000';
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every path that carries a secret, from the functions that build them, so a new form of one stays in step. */
const SECRET_PATHS = [resetPath, managePath, feedPath, invitationPath].map((build) => {
  const [before = '', after = ''] = build(MARK).split(MARK);
  return new RegExp(`(${escapeRe(before)})[^\\s"'<>/?#&]+(${escapeRe(after)})`, 'g');
});

/** Any link token (newLinkToken: 32 base32 characters) standing as a path segment, whatever the path. */
const LINK_TOKEN_SEGMENT = /(\/)[a-z2-7]{32}(?=[\s"'<>/?#&.]|$)/g;

export function redactSecrets(html: string): string {
  let out = html;
  for (const re of SECRET_PATHS) out = out.replace(re, `$1${REDACTED}$2`);
  return out.replace(LINK_TOKEN_SEGMENT, `$1${REDACTED}`);
}
