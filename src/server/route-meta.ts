import { z } from 'zod';
import type { OpenApiMeta, OpenApiMethod } from 'trpc-to-openapi';
import { ZIdempotencyHeaders } from '#shared/schemas/idempotency.ts';
import { staffRoleOf, type TStaffRole } from '#shared/schemas/staff-role.ts';
import type { TScopeMeta } from './home-scope-meta.ts';

/**
 * What each procedure states about itself, beside its OpenAPI route. The HTTP pipeline (http/app.ts)
 * derives cache headers, body limits and the refusal of a body the caller may not send from these, for
 * /trpc and /api alike, so no list of routes is kept anywhere else (docs/request-pipeline.md).
 */
export type TRouteMeta = OpenApiMeta & {
  /**
   * The REST route. Its tag (the router's key) and `protect` (from `access`) are derived when the
   * document is generated (openapi.ts), so they are never written here; summary and description are
   * required by tests/api/rest-contract.test.ts.
   */
  openapi?: { tags?: never; protect?: never };
  /** Who may call it; set by the base procedure it is built on (trpc.ts), never by hand. */
  access?: TAccess;
  /** With `access: 'admin'`: the staff roles that may call it; set by the base procedure too (docs/staff.md). */
  roles?: readonly TStaffRole[];
  /**
   * `public`: the same answer for every caller, which a shared cache may keep briefly. `public-undated`:
   * the same, unless the input names dates, when the answer tells availability and must never be cached.
   * Unset: private, no-store.
   */
  cache?: 'public' | 'public-undated';
  /** The largest request body in bytes; unset: DEFAULT_BODY_LIMIT_BYTES. */
  bodyLimit?: number;
  /**
   * REST only: the pipeline reads the body itself and hands the exact bytes to the procedure as
   * `ctx.rawBody` (its input is then empty), for a caller that signs those bytes (Stripe's webhook).
   */
  rawBody?: boolean;
  /**
   * The call accepts an `Idempotency-Key`: a repeat with the same key and input answers as the first call
   * did and does nothing again (trpc.ts, docs/resilience.md#idempotency). Set with `idempotentRoute`.
   */
  idempotent?: boolean;
  /**
   * The answer is a file (TFile), written as its own media type with a download name, never cached or
   * indexed; REST only (the tRPC transport refuses it). Set with `fileRoute` (docs/request-pipeline.md#files).
   */
  file?: boolean;
  /** What the input's ids name, for a role limited to some homes (home-scope-meta.ts, docs/staff.md). */
  scope?: TScopeMeta;
  /**
   * Whoever may not call it is answered 404, as for a thing that does not exist, rather than 401 or 403:
   * for a private file whose very existence is private (a guest's ID photo, docs/privacy.md).
   */
  unlisted?: boolean;
};

/** A file a procedure answers: its bytes (or text), media type and name. */
export interface TFile {
  body: string | Buffer;
  /** `text/csv; charset=utf-8`, `application/pdf`. */
  type: string;
  filename: string;
  /** Shown in the browser (a PDF) rather than saved (a CSV). */
  inline?: boolean;
}

const isFile = (v: unknown): v is TFile =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as TFile).filename === 'string' &&
  typeof (v as TFile).type === 'string' &&
  (typeof (v as TFile).body === 'string' || (v as TFile).body instanceof Uint8Array);

/** A file procedure's output: checked as a TFile; the OpenAPI document shows its body as binary. */
export const ZFile = z.custom<TFile>(isFile, { error: 'Not a file' }).meta({
  override: { type: 'string', format: 'binary' },
});

type TOpenApiRoute = NonNullable<TRouteMeta['openapi']>;

/**
 * A procedure's REST route as its meta; summary and description are both required (docs/rest-contract.md#words).
 * A type, not an interface, so that it is assignable to tRPC's meta (an index-signature type).
 */
export type TRestRoute<M extends OpenApiMethod = OpenApiMethod> = { openapi: TOpenApiRoute & { method: M } };

const restRoute =
  <M extends OpenApiMethod>(method: M) =>
  (path: TOpenApiRoute['path'], summary: string, description: string): TRestRoute<M> => ({
    openapi: { method, path, summary, description },
  });

/**
 * A procedure's REST route as its meta, one call per method:
 * `rest.get('/properties/{id}/blocks', summary, description)` is
 * `{ openapi: { method: 'GET', path: '/properties/{id}/blocks', summary, description } }`.
 */
export const rest = {
  get: restRoute('GET'),
  post: restRoute('POST'),
  put: restRoute('PUT'),
  patch: restRoute('PATCH'),
  delete: restRoute('DELETE'),
};

/** The meta of a file procedure: the flag the pipeline reads, and the file's media type in the document. */
export type TFileRoute = { file: true; openapi: TOpenApiRoute };

export function fileRoute(
  { openapi: { path, summary, description } }: TRestRoute<'GET'>,
  type: 'application/pdf' | 'text/csv' | 'image/jpeg',
): TFileRoute {
  return { file: true, openapi: { path, summary, description, method: 'GET', responseContentType: type } };
}

/** The meta of an idempotent write: the flag the pipeline reads, and its header in the OpenAPI document. */
export function idempotentRoute(route: TRestRoute): { idempotent: true; openapi: TOpenApiRoute } {
  return { idempotent: true, openapi: { ...route.openapi, requestHeaders: ZIdempotencyHeaders } };
}

export type TAccess = 'public' | 'authed' | 'admin';

/**
 * Whether `user` may call a procedure with this meta: the one rule behind the tRPC guard (trpc.ts) and
 * the pipeline's refusal of a body before it is read (http/procedures.ts), so both transports agree.
 */
export function accessRefusal(
  meta: TRouteMeta,
  user: { isAdmin: boolean; role?: TStaffRole | null | undefined } | null,
): 'UNAUTHORIZED' | 'FORBIDDEN' | null {
  const access = meta.access ?? 'public';
  if (access === 'public') return null;
  if (!user) return 'UNAUTHORIZED';
  if (access === 'authed') return null;
  const role = staffRoleOf(user);
  return role && (meta.roles ?? ['owner-operator']).includes(role) ? null : 'FORBIDDEN';
}

/** Every JSON body is small, except where media arrive inside it as data URLs (bodyLimit). */
export const DEFAULT_BODY_LIMIT_BYTES = 100 * 1024;

/** A property's images and videos as data URLs: room for the largest allowed media as base64. */
export const MEDIA_BODY = 110 * 1024 * 1024;
/** One avatar or icon image as a data URL. */
export const IMAGE_BODY = 6 * 1024 * 1024;

export const PUBLIC_CACHE = 'public, max-age=30, stale-while-revalidate=300';
export const PRIVATE_CACHE = 'private, no-store';

/** Input keys whose presence makes a `public-undated` answer tell availability. */
const DATED_INPUT_KEYS = ['checkIn', 'checkOut'] as const;

/** Any procedure, as tRPC's router or trpc-to-openapi's route cache hands it over. */
export interface TProcedureLike {
  _def: { meta?: unknown };
}

export function metaOf(procedure: TProcedureLike | undefined | null): TRouteMeta {
  return (procedure?._def.meta as TRouteMeta | undefined) ?? {};
}

export function bodyLimitOf(meta: TRouteMeta): number {
  return meta.bodyLimit ?? DEFAULT_BODY_LIMIT_BYTES;
}

/** True when a shared cache may keep this call's successful answer. */
export function isPubliclyCacheable(meta: TRouteMeta, rawInput: unknown): boolean {
  if (meta.cache === 'public') return true;
  if (meta.cache !== 'public-undated') return false;
  if (rawInput === undefined || rawInput === null) return true;
  if (typeof rawInput !== 'object') return false;
  return DATED_INPUT_KEYS.every((key) => (rawInput as Record<string, unknown>)[key] === undefined);
}
