import { z } from 'zod';
import { isValidIsoDate } from '../dates.ts';
import { toMajor, toMinor } from '../money.ts';
import { ID_MAX } from '../url-search.ts';

/**
 * The building blocks of every input schema (docs/input-validation.md). Strings refuse what is not text
 * (NUL, which PostgreSQL cannot store, and lone UTF-16 surrogates); one-line fields also refuse every
 * other control character, multi-line text keeps tabs and line breaks. Numbers and booleans are never
 * coerced from other types: a query string carries them as text, so only the canonical decimal form
 * ("21", "true") is read, never `true`, `[21]`, "0x15", "21.0" or "1e3".
 */

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** C0 controls but tab, LF and CR; DEL; C1 controls. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const LINE_BREAK = /[\r\n\u2028\u2029]/;

export const notAllowedCharacter = (label: string) => `${label} contains a character that is not allowed`;
export const oneLineOnly = (label: string) => `${label} must be a single line`;

/** Why `s` is not acceptable text, or null. `multiline` keeps tabs and line breaks. */
export function textProblem(s: string, label: string, multiline: boolean): string | null {
  if (!multiline && LINE_BREAK.test(s)) return oneLineOnly(label);
  if (CONTROL_IN_TEXT.test(s) || LONE_SURROGATE.test(s) || (!multiline && s.includes('\t')))
    return notAllowedCharacter(label);
  return null;
}

function text(label: string, multiline: boolean, typeError?: string) {
  return z.string({ error: typeError ?? `${label} must be text` }).superRefine((s, ctx) => {
    const problem = textProblem(s, label, multiline);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: s });
  });
}

/** A one-line string (a name, a subject, a search): no control characters at all. Chain trim/min/max on it. */
export const zLine = (label: string, typeError?: string) => text(label, false, typeError);

/** Multi-line text (a message, a description, a note): tabs and line breaks allowed, other controls not. */
export const zText = (label: string, typeError?: string) => text(label, true, typeError);

const DECIMAL_INTEGER = /^-?(0|[1-9]\d{0,15})$/;
const DECIMAL_NUMBER = /^-?(0|[1-9]\d{0,15})(\.\d{1,15})?$/;

/**
 * A number as JSON carries it, or as a query string does (the canonical decimal form). The wrapped
 * schema is a pipe, not a ZodNumber, so the REST adapter's own coercion (trpc-to-openapi's
 * `coerceSchema`, `Number(value)` on every number field) leaves it alone.
 */
function fromDecimalText<T extends z.ZodType<number>>(pattern: RegExp, schema: T) {
  return required(z.preprocess((v) => (typeof v === 'string' && pattern.test(v) ? Number(v) : v), schema));
}

/**
 * A preprocessing pipe lets its key be absent at parse time (so its step sees `undefined`), which the
 * OpenAPI generator reads as an optional field; the wrapped schema decides, so the key is required
 * unless `.optional()` or `.default()` says otherwise.
 */
function required<T extends z.ZodType>(schema: T): T {
  (schema._zod as { optin: unknown }).optin = undefined;
  return schema;
}

/**
 * `.default(value)` for a pipe built here: the generated document drops defaults of transforming
 * schemas from request shapes, so the default is stated again for it.
 */
export function withDefault<T extends z.ZodType>(schema: T, value: z.output<T>) {
  return schema.default(value as never).meta({ override: { default: value } });
}

/** PostgreSQL's `integer`: every number a procedure takes fits it (docs/rest-contract.md#integers). */
export const INT4_MAX = 2_147_483_647;
export const INT4_MIN = -2_147_483_648;

/**
 * `schema` with PostgreSQL's integer range where its own bounds are looser (or missing), so an
 * out-of-range value is refused as the caller's error instead of failing in the database. The bounds
 * are checks, not refinements, so the OpenAPI document states them. `scale` is for amounts sent in
 * currency units and stored in minor ones.
 */
function withinInt4(schema: z.ZodNumber, label = 'Number', scale = 1): z.ZodNumber {
  const max = INT4_MAX / scale;
  const min = INT4_MIN / scale;
  let bounded = schema;
  if (bounded.maxValue === null || bounded.maxValue > max)
    bounded = bounded.max(max, { error: `${label} must be at most ${max}` });
  if (bounded.minValue === null || bounded.minValue < min)
    bounded = bounded.min(min, { error: `${label} must be at least ${min}` });
  return bounded;
}

/**
 * A whole number: give it `z.number({ error }).int({ error })…` with the field's messages and bounds;
 * PostgreSQL's integer range applies where the field states none narrower.
 */
export const zInt = (schema: z.ZodNumber) => fromDecimalText(DECIMAL_INTEGER, withinInt4(schema));

/** A number that may have decimals (a tax rate); bounded as `zInt` is. */
export const zDecimal = (schema: z.ZodNumber) => fromDecimalText(DECIMAL_NUMBER, withinInt4(schema));

/**
 * An amount the server keeps in integer minor units, as every answer carries it: currency units with
 * cents (`3315` is sent as `33.15`; docs/money.md#minor-units). Output schemas only: a procedure returns
 * minor units and its caller reads currency units, so a client never parses an answer with it again.
 */
export const ZMoney = z.codec(z.number().int(), z.number(), { decode: toMajor, encode: toMinor });

/**
 * A figure computed in minor units that may fall between two (a revenue spread over nights, an average),
 * sent as currency units rounded to the cent.
 */
export const ZMoneyFigure = z.codec(z.number(), z.number(), {
  decode: (minor) => toMajor(Math.round(minor)),
  encode: toMinor,
});

/** At most two decimals: an amount a whole number of cents stands for exactly. */
export const hasWholeCents = (v: number) => toMajor(toMinor(v)) === v;

/**
 * An amount a caller sends in currency units, with at most two decimals (`99.5`), read into integer minor
 * units (`9950`). Give it `z.number({ error })…` with the field's messages and bounds in currency units.
 */
export const zMoneyIn = (label: string, schema: z.ZodNumber) =>
  fromDecimalText(
    DECIMAL_NUMBER,
    withinInt4(schema, label, 100).refine(hasWholeCents, { error: `${label} can have at most 2 decimals` }),
  ).transform(toMinor);

/** true or false (or "true"/"false" from a query string); never `1`, `"yes"` or `[]`. */
export const zBool = (error: string) =>
  required(z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean({ error })));

/** A positive whole number that fits PostgreSQL's integer, with the field's name in its messages. */
export const zIdOf = (label: string, tooLarge = `${label} is too large`) =>
  zInt(
    z
      .number({ error: `${label} must be a number` })
      .int({ error: `${label} must be a whole number` })
      .positive({ error: `${label} must be positive` })
      .max(ID_MAX, { error: tooLarge }),
  );

export const ZId = zIdOf('Id');

export const ZIdParam = z.object({ id: ZId });

export const ZIsoDate = zLine('Date')
  .refine(isValidIsoDate, { error: 'Date must be a calendar date in yyyy-MM-dd format' })
  .meta({ example: '2026-12-01' });

export const ZOk = z.object({ ok: z.literal(true) });

/** A list's page number, from a query string or JSON: 1 and up. */
export function zPageNumber() {
  return withDefault(
    zInt(
      z
        .number({ error: 'Page must be a number' })
        .int({ error: 'Page must be a whole number' })
        .min(1, { error: 'Page must be at least 1' })
        .max(100_000, { error: 'Page is too large' }),
    ),
    1,
  );
}

/** A list's page size, from a query string or JSON: 1 to `max`, `fallback` when left out. */
export function zPageSize(max: number, fallback: number) {
  return withDefault(
    zInt(
      z
        .number({ error: 'Page size must be a number' })
        .int({ error: 'Page size must be a whole number' })
        .min(1, { error: 'Page size must be at least 1' })
        .max(max, { error: `Page size must be at most ${max}` }),
    ),
    fallback,
  );
}

/**
 * A message someone writes to someone else (a guest's question, an operator's reply, a template): plain
 * text, trimmed, not empty, at most `max` characters, with line breaks but no other control character
 * (not even a tab). Every failure names `label`.
 */
export function zMessageText(label: string, max: number) {
  return zText(label)
    .refine((s) => !s.includes('\t'), { error: notAllowedCharacter(label) })
    .trim()
    .min(1, { error: `${label} cannot be empty` })
    .max(max, { error: `${label} must be at most ${max} characters` });
}
