import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZIdParam } from '../../src/shared/schemas/common.ts';
import { admitsScopedRole, idKeysOf, scopeGaps } from '../../src/server/home-scope-meta.ts';
import { metaOf, type TProcedureLike } from '../../src/server/route-meta.ts';
import { appRouter } from '../../src/server/router.ts';
import {
  adminProcedure,
  housekeepingProcedure,
  operatorProcedure,
  router,
  scopedInput,
} from '../../src/server/trpc.ts';

/** Per-home scope by construction (docs/staff.md#per-home-access): the router is walked, not listed. */

const procedures = appRouter._def.procedures as unknown as Record<string, TProcedureLike>;
const ZTaskRef = z.object({ taskId: z.number().int() });

describe('the app router', () => {
  it('declares a scope on every procedure a role limited to some homes may call', () => {
    expect(scopeGaps(procedures)).toEqual([]);
  });

  it('has procedures open to those roles, so the walk checks something', () => {
    const scoped = Object.values(procedures).filter((p) => {
      const meta = metaOf(p);
      return meta.access === 'admin' && admitsScopedRole(meta.roles);
    });
    expect(scoped.length).toBeGreaterThan(70);
  });
});

describe('scopeGaps', () => {
  it('reports a procedure that takes a taskId and forgets its scope', () => {
    const forgetful = router({
      peek: housekeepingProcedure.input(ZTaskRef).query(() => 'ok'),
    });
    expect(scopeGaps(forgetful._def.procedures as unknown as Record<string, TProcedureLike>)).toEqual([
      'peek: admits manager, housekeeper but declares no scope',
    ]);
  });

  it('reports a scope that leaves out one of the input ids, or names one the input lacks', () => {
    const wrong = router({
      // `list` cannot be written for an input with an id (a type error), so the meta is set by hand here.
      listed: adminProcedure
        .input(ZTaskRef)
        .meta({ scope: 'list' })
        .query(() => 'ok'),
      stale: adminProcedure
        .input(ZIdParam)
        .meta({ scope: { ids: { id: 'task', taskId: 'task' } } })
        .query(() => 'ok'),
    });
    expect(scopeGaps(wrong._def.procedures as unknown as Record<string, TProcedureLike>)).toEqual([
      'listed: input ids taskId not in its scope',
      'stale: scope names taskId, which its input lacks',
    ]);
  });

  it('accepts a declared scope, and asks nothing of what only the owner-operator may call', () => {
    const fine = router({
      task: housekeepingProcedure.concat(scopedInput(ZTaskRef, { taskId: 'task' })).query(() => 'ok'),
      team: operatorProcedure.input(ZTaskRef).query(() => 'ok'),
    });
    expect(scopeGaps(fine._def.procedures as unknown as Record<string, TProcedureLike>)).toEqual([]);
    expect(metaOf(fine._def.procedures.task as unknown as TProcedureLike).scope).toEqual({
      ids: { taskId: 'task' },
    });
  });
});

describe('idKeysOf', () => {
  it('reads the id-like keys that hold numbers, through defaults and optional fields', () => {
    const schema = z
      .object({
        id: z.number(),
        ids: z.array(z.number()),
        bookingId: z.number().optional(),
        requestId: z.string(),
        guests: z.number(),
      })
      .prefault({ id: 1, ids: [], requestId: 'x', guests: 1 });
    expect(idKeysOf(schema).sort()).toEqual(['bookingId', 'id', 'ids']);
    expect(idKeysOf(z.void())).toEqual([]);
  });
});
