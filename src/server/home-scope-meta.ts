import type { z } from 'zod';
import { roleHasHomes, type TStaffRole } from '#shared/schemas/staff-role.ts';

/**
 * How a procedure open to a role limited to some homes (docs/staff.md#per-home-access) maps its input to
 * homes, declared in its meta. The staff guard reads only this; `scopeGaps` (tests) holds every procedure
 * to declaring it.
 */

/** Rows that belong to one home: the guard looks up that home before the procedure runs. */
export const HOME_KINDS = [
  'property',
  'booking',
  'conversation',
  'review',
  'email',
  'task',
  'expense',
  'block',
  'rate',
  'feed',
  'change-request',
  'owner',
  'problem',
] as const;
export type THomeKind = (typeof HOME_KINDS)[number];

/**
 * Ids that name no home's row: `user` a person (the service holds them to the home of a row the guard
 * checked: an assignee to the task's home), `shared` a row every home shares (a message template, a category).
 */
export type TUnscopedKind = 'user' | 'shared';
export type TIdKind = THomeKind | TUnscopedKind;

export const isHomeKind = (kind: TIdKind): kind is THomeKind =>
  (HOME_KINDS as readonly string[]).includes(kind);

/**
 * `list`: no id in the input; what it answers is narrowed to the caller's homes by `scopedHomes`.
 * `none`: no id, and nothing about a home in the answer. `{ ids }`: what each id-like input key names.
 */
export type TScopeMeta = 'list' | 'none' | { readonly ids: Readonly<Record<string, TIdKind>> };

/** Input keys named like ids (`id`, `ids`, `…Id`, `…Ids`) whose value is a number or numbers. */
type TIdKeyName = 'id' | 'ids' | `${string}Id` | `${string}Ids`;
type TIdKeysOf<I> = I extends object
  ? {
      [K in keyof I & string]: K extends TIdKeyName
        ? NonNullable<I[K]> extends number | readonly number[]
          ? K
          : never
        : never;
    }[keyof I & string]
  : never;

/**
 * The declaration for an input of type I: every id-like key says what it names (a missing or unknown key
 * is a type error); an input with no id takes `list` or `none`.
 */
export type TScopeOf<I> = [TIdKeysOf<I>] extends [never]
  ? 'list' | 'none'
  : { readonly [K in TIdKeysOf<I>]: TIdKind };

export function scopeMetaOf(decl: 'list' | 'none' | Readonly<Record<string, TIdKind>>): TScopeMeta {
  return typeof decl === 'string' ? decl : { ids: decl };
}

/** Unwraps optional, default, prefault, nullable and pipes down to the schema that holds the value. */
function core(schema: z.ZodType): z.ZodType {
  let s = schema;
  for (let i = 0; i < 16; i++) {
    const def = s._zod.def as { type: string; innerType?: z.ZodType; in?: z.ZodType; out?: z.ZodType };
    if (def.innerType) s = def.innerType;
    else if (def.type === 'pipe' && def.in) s = def.in.type === 'transform' ? (def.out ?? def.in) : def.in;
    else return s;
  }
  return s;
}

/** Takes `sample` (a number, or numbers) and refuses words in its place, as a number-typed field does. */
function holdsNumbers(field: z.ZodType, sample: 1 | [1]): boolean {
  const words = typeof sample === 'number' ? 'x' : ['x'];
  return field.safeParse(sample).success && !field.safeParse(words).success;
}

const ID_KEY = /^(id|ids|.+Id|.+Ids)$/;

/** The id-like keys of an input schema, as TScopeOf sees them: named like ids, holding a number or numbers. */
export function idKeysOf(schema: z.ZodType): string[] {
  const obj = core(schema);
  const shape = (obj._zod.def as { shape?: Record<string, z.ZodType> }).shape;
  if (!shape) return [];
  return Object.entries(shape)
    .filter(([key, field]) => ID_KEY.test(key) && (holdsNumbers(field, 1) || holdsNumbers(field, [1])))
    .map(([key]) => key);
}

interface TProcedureDef {
  _def: { meta?: unknown; inputs?: unknown[] };
}

/** True when a procedure with these roles may be called by someone limited to some homes. */
export const admitsScopedRole = (roles: readonly TStaffRole[] | undefined) =>
  (roles ?? []).some(roleHasHomes);

/**
 * What is wrong with each procedure's scope declaration: one open to a role limited to some homes that
 * declares none, or whose declaration does not name exactly the id-like keys of its input.
 */
export function scopeGaps(procedures: Record<string, TProcedureDef>): string[] {
  const gaps: string[] = [];
  for (const [path, procedure] of Object.entries(procedures)) {
    const meta = (procedure._def.meta ?? {}) as { access?: string; roles?: TStaffRole[]; scope?: TScopeMeta };
    if (meta.access !== 'admin' || !admitsScopedRole(meta.roles)) continue;
    const keys = (procedure._def.inputs ?? []).flatMap((input) => idKeysOf(input as z.ZodType)).sort();
    const scope = meta.scope;
    if (!scope) {
      gaps.push(`${path}: admits ${meta.roles?.filter(roleHasHomes).join(', ')} but declares no scope`);
      continue;
    }
    const declared = typeof scope === 'string' ? [] : Object.keys(scope.ids).sort();
    const missing = keys.filter((k) => !declared.includes(k));
    const extra = declared.filter((k) => !keys.includes(k));
    if (missing.length > 0) gaps.push(`${path}: input ids ${missing.join(', ')} not in its scope`);
    if (extra.length > 0) gaps.push(`${path}: scope names ${extra.join(', ')}, which its input lacks`);
  }
  return gaps;
}
