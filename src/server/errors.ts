import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { ZodError } from 'zod';
import {
  CATEGORY_DUPLICATE,
  DATES_TAKEN,
  EMAIL_TAKEN,
  TEMPLATE_NAME_TAKEN,
  USERNAME_TAKEN,
} from '#shared/messages.ts';
import { CHANGE_REQUEST_WAITING } from '#shared/operator-bookings.ts';

/** Every error a service may raise, with its tRPC code and HTTP status: the one table (STYLE: errors.ts). */
export const ERROR_TABLE = {
  VALIDATION: { trpc: 'BAD_REQUEST', http: 400 },
  /** A body that is not JSON at all (the Express adapter's parser). */
  PARSE: { trpc: 'PARSE_ERROR', http: 400 },
  UNAUTHORIZED: { trpc: 'UNAUTHORIZED', http: 401 },
  FORBIDDEN: { trpc: 'FORBIDDEN', http: 403 },
  NOT_FOUND: { trpc: 'NOT_FOUND', http: 404 },
  CONFLICT: { trpc: 'CONFLICT', http: 409 },
  /** Well-formed, but not what this resource can take (an Idempotency-Key reused for another request). */
  UNPROCESSABLE: { trpc: 'UNPROCESSABLE_CONTENT', http: 422 },
  PAYLOAD_TOO_LARGE: { trpc: 'PAYLOAD_TOO_LARGE', http: 413 },
  UNSUPPORTED_MEDIA_TYPE: { trpc: 'UNSUPPORTED_MEDIA_TYPE', http: 415 },
  TOO_MANY_REQUESTS: { trpc: 'TOO_MANY_REQUESTS', http: 429 },
  UNAVAILABLE: { trpc: 'SERVICE_UNAVAILABLE', http: 503 },
  INTERNAL: { trpc: 'INTERNAL_SERVER_ERROR', http: 500 },
} as const satisfies Record<string, { trpc: TRPC_ERROR_CODE_KEY; http: number }>;

export type TAppErrorCode = keyof typeof ERROR_TABLE;

export interface TIssue {
  path: string;
  message: string;
}

/**
 * The only error services throw. `details` travels to the client (e.g. a fresh price quote); `headers`
 * go on the HTTP answer (Retry-After), set by `applyErrorHeaders` alone.
 */
export class AppError extends Error {
  readonly code: TAppErrorCode;
  readonly details: Record<string, unknown> | undefined;
  readonly issues: TIssue[] | undefined;
  readonly headers: Readonly<Record<string, string>> | undefined;
  constructor(
    code: TAppErrorCode,
    message: string,
    opts: { details?: Record<string, unknown>; issues?: TIssue[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = opts.details;
    this.issues = opts.issues;
    this.headers = opts.headers;
  }
}

/** The one place an error's headers reach the HTTP answer (both the tRPC and the REST transport). */
export function applyErrorHeaders(
  res: { setHeader(name: string, value: string): unknown } | undefined,
  err: AppError,
): void {
  for (const [name, value] of Object.entries(err.headers ?? {})) res?.setHeader(name, value);
}

/** What a client reads: `code` (the table's tRPC code) and the HTTP status, never the message's words. */
export function errorBody(err: AppError): { status: number; body: { message: string; code: string } } {
  const row = ERROR_TABLE[err.code];
  return { status: row.http, body: { message: err.message, code: row.trpc } };
}

/** Answers an error on the HTTP transport outside tRPC (Express middleware), headers included. */
export function sendError(
  res: {
    setHeader(name: string, value: string): unknown;
    status(code: number): { json(body: unknown): unknown };
  },
  err: AppError,
): void {
  applyErrorHeaders(res, err);
  const { status, body } = errorBody(err);
  res.status(status).json(body);
}

/**
 * An Express-level failure (body parser, no such path) as an AppError, so REST answers read like the
 * procedures' own; undefined for a server fault.
 */
export function fromHttpError(err: {
  status?: number;
  statusCode?: number;
  type?: string;
  message?: string;
}): AppError | undefined {
  const status = err.status ?? err.statusCode ?? 500;
  if (err.type === 'entity.too.large' || status === 413)
    return new AppError('PAYLOAD_TOO_LARGE', 'Request body is too large');
  if (err.type === 'entity.parse.failed') return new AppError('PARSE', 'Malformed JSON in request body');
  if (status === 404) return new AppError('NOT_FOUND', 'Not found');
  if (status >= 400 && status < 500) {
    const code = (Object.keys(ERROR_TABLE) as TAppErrorCode[]).find((c) => ERROR_TABLE[c].http === status);
    return new AppError(code ?? 'VALIDATION', err.message ?? 'Bad request');
  }
  return undefined;
}

/** A 429 that tells the client when to come back. */
export function tooManyRequestsError(message: string, retryAfterSeconds: number): AppError {
  return new AppError('TOO_MANY_REQUESTS', message, {
    details: { retryAfterSeconds },
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });
}

export const DATES_TAKEN_MESSAGE = DATES_TAKEN;

interface TConstraintAnswer {
  code: TAppErrorCode;
  message: string;
}

/**
 * PostgreSQL constraint violations (23505 unique, 23503 foreign key, 23P01 exclusion) that a request can
 * cause, keyed by constraint name: the database decides races, and this says what the loser hears.
 * Services check first for a friendly answer; these rows give the same answer when a racer slips past.
 */
export const CONSTRAINT_TABLE: Record<string, TConstraintAnswer> = {
  users_username_lower_idx: { code: 'CONFLICT', message: USERNAME_TAKEN },
  users_email_lower_idx: { code: 'CONFLICT', message: EMAIL_TAKEN },
  categories_name_lower_idx: { code: 'CONFLICT', message: CATEGORY_DUPLICATE },
  /** Template names are unique whatever their case (docs/messaging.md#automated-messages). */
  message_templates_name_lower_idx: { code: 'CONFLICT', message: TEMPLATE_NAME_TAKEN },
  /** Bookings, blocks and imported events all hold dates here (docs/decisions.md#no-double-bookings, #held-dates). */
  date_holds_no_overlap: { code: 'CONFLICT', message: DATES_TAKEN },
  /** One change request waits per booking (docs/booking-operations.md#change-requests). */
  booking_change_requests_one_pending: { code: 'CONFLICT', message: CHANGE_REQUEST_WAITING },
};

/** A violation of a constraint the table does not name, by SQLSTATE. A 23505 not named above is a bug. */
const SQLSTATE_ANSWERS: Record<string, TConstraintAnswer> = {
  '23P01': { code: 'CONFLICT', message: DATES_TAKEN },
  // A row this write points at was deleted meanwhile (e.g. booking a property as it is removed).
  '23503': { code: 'NOT_FOUND', message: 'The item this refers to no longer exists' },
};

function constraintAnswer(code: string, constraint: unknown): TConstraintAnswer | undefined {
  if (code !== '23505' && code !== '23503' && code !== '23P01') return undefined;
  return (
    (typeof constraint === 'string' ? CONSTRAINT_TABLE[constraint] : undefined) ?? SQLSTATE_ANSWERS[code]
  );
}

/**
 * SQLSTATEs of a statement that lost a race with another and changed nothing: 40P01 (deadlock
 * detected: PostgreSQL aborted this side of a lock cycle) and 40001 (serialization failure). Running
 * it again is safe where nothing outside the database happened meanwhile; onOneConnection does so.
 */
export const RACE_SQLSTATES = new Set(['40P01', '40001']);

/** Whether `err` (or an error it wraps) is a lost race (RACE_SQLSTATES). */
export function isRaceLoss(err: unknown): boolean {
  return findCause(err).some(
    (e) => !!e && typeof e === 'object' && RACE_SQLSTATES.has(String((e as { code?: unknown }).code)),
  );
}

/** What a caller hears when its change lost a race it could not retry: try again, never a 500. */
export const CONCURRENT_CHANGE = 'This was changed by someone else at the same moment. Please try again.';

/** PostgreSQL and driver failures that mean "the database is away", not "the request is wrong". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
  '08001',
  '08004',
]);

function findCause(err: unknown, depth = 0): unknown[] {
  if (!err || typeof err !== 'object' || depth > 5) return [err];
  const cause = (err as { cause?: unknown }).cause;
  return [err, ...(cause ? findCause(cause, depth + 1) : [])];
}

export function zodIssues(err: ZodError): TIssue[] {
  return err.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

/**
 * Turns anything thrown below a procedure into an AppError, or undefined when it is a bug.
 * A ZodError is the caller's fault only when it comes from input parsing (`inputError`); a failed
 * output check is ours.
 */
export function toAppError(err: unknown, opts: { inputError?: boolean } = {}): AppError | undefined {
  for (const e of findCause(err)) {
    if (e instanceof AppError) return e;
    if (e instanceof ZodError && opts.inputError) {
      const issues = zodIssues(e);
      return new AppError('VALIDATION', issues[0]?.message ?? 'Invalid input', { issues });
    }
    if (e && typeof e === 'object') {
      const {
        code: rawCode,
        message: rawMessage,
        constraint,
      } = e as { code?: unknown; message?: unknown; constraint?: unknown };
      const code = typeof rawCode === 'string' ? rawCode : '';
      const message = typeof rawMessage === 'string' ? rawMessage : '';
      const answer = constraintAnswer(code, constraint);
      if (answer) return new AppError(answer.code, answer.message);
      if (RACE_SQLSTATES.has(code))
        return new AppError('CONFLICT', CONCURRENT_CHANGE, { headers: { 'Retry-After': '1' } });
      if (
        UNAVAILABLE_CODES.has(code) ||
        /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED|Client has encountered a connection error/i.test(
          message,
        )
      ) {
        return new AppError(
          'UNAVAILABLE',
          'The service is temporarily unavailable. Please try again shortly.',
          {
            headers: { 'Retry-After': '5' },
          },
        );
      }
    }
  }
  return undefined;
}

export function toTRPCError(err: AppError): TRPCError {
  return new TRPCError({ code: ERROR_TABLE[err.code].trpc, message: err.message, cause: err });
}
