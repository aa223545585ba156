import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  IDEMPOTENCY_IN_PROGRESS,
  IDEMPOTENCY_KEY_INVALID,
  IDEMPOTENCY_KEY_REUSED,
  ZIdempotencyKey,
} from '#shared/schemas/idempotency.ts';
import { AppError } from '../errors.ts';
import {
  claimKey,
  deleteKeysBefore,
  findKey,
  recordAnswer,
  releaseKey,
} from '../repositories/idempotency-keys.ts';

/**
 * Idempotent writes (docs/resilience.md#idempotency): the first attempt under a key claims it and its
 * answer is stored sealed; a repeat with the same input gets that answer, one with another input a 422,
 * and one that arrives while the first still runs waits for its answer.
 */

/** How long a repeat waits for the attempt still running before it is told to try again. */
const WAIT_MS = 10_000;
const POLL_MS = 100;
/**
 * A claim that neither answered nor let go for this long belongs to a process that died: longer than any
 * attempt can run (a statement's 30 s timeout; a Stripe call's 15 s, retried once).
 */
const STALE_CLAIM_SECONDS = 60;
/** Keys are kept at least this long (the purge job deletes older ones). */
export const KEEP_KEYS_HOURS = 24;

/** The attempt that holds a key: what the procedure needs to record its answer with its own write. */
export interface TIdempotentCall {
  keyHash: string;
  claim: string;
  /** The answer encrypted under the key the client's Idempotency-Key derives. */
  seal(answer: object): string;
  /** A key for another service's own idempotency (Stripe): the same for every repeat, never the client's. */
  externalKey: string;
  /** Set by a procedure that wrote the answer with its own statement; otherwise it is stored after. */
  recorded: boolean;
}

export type TIdempotentStart = { kind: 'run'; call: TIdempotentCall } | { kind: 'replay'; answer: unknown };

/** The header's key, or null when none was sent; a malformed one is the caller's error. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const parsed = ZIdempotencyKey.safeParse(header);
  if (!parsed.success) throw new AppError('VALIDATION', IDEMPOTENCY_KEY_INVALID);
  return parsed.data;
}

interface TDerivedKeys {
  keyHash: string;
  cipherKey: Buffer;
  macKey: Buffer;
}

/** The row is found by a hash of (procedure, key); the sealing and fingerprint keys derive from the key itself. */
function derive(procedure: string, key: string): TDerivedKeys {
  const keyHash = createHash('sha256').update(`${procedure}\n${key}`).digest('hex');
  const okm = Buffer.from(hkdfSync('sha256', key, 'stayhub idempotency', procedure, 64));
  return { keyHash, cipherKey: okm.subarray(0, 32), macKey: okm.subarray(32) };
}

/** JSON with object keys sorted, so the same input sent with its keys in another order is the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function seal(cipherKey: Buffer, answer: object): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', cipherKey, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(answer), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

function unseal(cipherKey: Buffer, sealed: string): unknown {
  const raw = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', cipherKey, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8'));
}

/**
 * Starts an idempotent call: claims the key and runs, or answers as the first attempt did. While another
 * attempt holds the key, waits up to WAIT_MS for its answer (or for it to let go, then runs); after that,
 * 409 and Retry-After, which the client treats as 'not yet known'.
 */
export async function beginIdempotent(
  em: EntityManager,
  procedure: string,
  key: string,
  input: unknown,
): Promise<TIdempotentStart> {
  const { keyHash, cipherKey, macKey } = derive(procedure, key);
  const fingerprint = createHmac('sha256', macKey).update(canonical(input)).digest('hex');
  const claim = randomBytes(16).toString('hex');
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    if (await claimKey(em, { keyHash, procedure, fingerprint, claim }, STALE_CLAIM_SECONDS)) {
      const externalKey = `stayhub-${createHash('sha256').update(`${keyHash}\n${fingerprint}`).digest('hex')}`;
      return {
        kind: 'run',
        call: { keyHash, claim, seal: (answer) => seal(cipherKey, answer), externalKey, recorded: false },
      };
    }
    const found = await findKey(em, keyHash);
    if (found && found.fingerprint !== fingerprint)
      throw new AppError('UNPROCESSABLE', IDEMPOTENCY_KEY_REUSED);
    if (found?.answer) {
      const answer = unseal(cipherKey, found.answer);
      return {
        kind: 'replay',
        answer: found.resourceId === null ? answer : { ...(answer as object), id: found.resourceId },
      };
    }
    if (found && Date.now() >= deadline)
      throw new AppError('CONFLICT', IDEMPOTENCY_IN_PROGRESS, { headers: { 'Retry-After': '1' } });
    if (found) await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** The call succeeded: its answer is stored, unless its own statement stored it already. */
export async function finishIdempotent(
  em: EntityManager,
  call: TIdempotentCall,
  answer: unknown,
): Promise<void> {
  if (call.recorded || !answer || typeof answer !== 'object') return;
  await recordAnswer(em, call, call.seal(answer));
}

/**
 * The call failed, so it did nothing under the key: let go, so a retry runs afresh. When even that fails
 * (the database is away), the claim goes stale and a later retry takes it over.
 */
export async function abandonIdempotent(em: EntityManager, call: TIdempotentCall): Promise<void> {
  await releaseKey(em, call).catch(() => undefined);
}

/** Deletes keys older than KEEP_KEYS_HOURS (the daily purge job); a client's retries end long before. */
export async function purgeIdempotencyKeys(em: EntityManager, now = new Date()): Promise<number> {
  return deleteKeysBefore(em, new Date(now.getTime() - KEEP_KEYS_HOURS * 3_600_000));
}
