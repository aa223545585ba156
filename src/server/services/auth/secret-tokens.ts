import { timingSafeEqual } from 'node:crypto';
import { generateSessionToken, sessionIdFromToken } from './sessions.ts';

/**
 * Bearer tokens for links (docs/decisions.md#secret-links): 160 random bits in base32, like session tokens; the database
 * keeps only the SHA-256. A string that cannot be a token is treated exactly like an unknown one.
 */
export function newLinkToken(): { token: string; hash: string } {
  const token = generateSessionToken();
  return { token, hash: sessionIdFromToken(token) };
}

export function tokenHash(token: string): string | null {
  return /^[a-z2-7]{32}$/.test(token) ? sessionIdFromToken(token) : null;
}

/** The stored hash equals the presented one, compared without an early exit. */
export function sameHash(stored: string, presented: string): boolean {
  const a = Buffer.from(stored, 'utf8');
  const b = Buffer.from(presented, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
