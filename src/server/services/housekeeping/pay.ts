import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import {
  PAY_RATE_HOME_INVALID,
  PAY_RATE_NOT_HOUSEKEEPER,
  type ZPayRates,
  type ZPayRatesInput,
} from '#shared/schemas/housekeeping.ts';
import type { ZPayReport, ZPayReportInput } from '#shared/schemas/reports.ts';
import { AppError } from '../../errors.ts';
import {
  homesOfUser,
  isHousekeeper,
  payByMonth,
  payRatesOf,
  savePayRates,
} from '../../repositories/housekeeping-extras.ts';
import type { THomeScope } from '../../repositories/home-scope.ts';
import { recordActivity, type TActor } from '../activity/activity.ts';

/**
 * Housekeepers' pay (docs/staff.md#housekeeping-pay): a rate per task, optionally per home, in minor
 * units; each task keeps what it paid when it was marked done. Pay is a cost: no revenue figure reads it.
 */

type TPayRatesMinor = z.input<typeof ZPayRates>;
type TPayReportMinor = z.input<typeof ZPayReport>;

export async function getPayRates(em: EntityManager, userId: number): Promise<TPayRatesMinor> {
  if (!(await isHousekeeper(em, userId))) throw new AppError('NOT_FOUND', PAY_RATE_NOT_HOUSEKEEPER);
  const { defaultRate, overrides } = await payRatesOf(em, userId);
  return {
    userId,
    defaultRate,
    overrides: overrides.map((o) => ({ propertyId: o.property_id, title: o.title, rate: o.rate_minor })),
  };
}

/** Replaces a housekeeper's rates: the default, and the overrides for homes given to them. */
export async function setPayRates(
  em: EntityManager,
  input: z.output<typeof ZPayRatesInput>,
  actor: TActor,
): Promise<TPayRatesMinor> {
  if (!(await isHousekeeper(em, input.id))) throw new AppError('NOT_FOUND', PAY_RATE_NOT_HOUSEKEEPER);
  const homes = new Set(await homesOfUser(em, input.id));
  if (input.overrides.some((o) => !homes.has(o.propertyId)))
    throw new AppError('VALIDATION', PAY_RATE_HOME_INVALID);
  await em.transactional(async (tx) => {
    const before = await payRatesOf(tx, input.id);
    await savePayRates(tx, input.id, input.defaultRate, input.overrides);
    await recordActivity(tx, actor, {
      action: 'staff.pay',
      entityType: 'user',
      entityId: input.id,
      before: {
        defaultRate: before.defaultRate,
        overrides: [...before.overrides]
          .sort((a, b) => a.property_id - b.property_id)
          .map((o) => `${o.property_id}: ${o.rate_minor}`),
      },
      after: {
        defaultRate: input.defaultRate,
        overrides: [...input.overrides]
          .sort((a, b) => a.propertyId - b.propertyId)
          .map((o) => `${o.propertyId}: ${o.rate}`),
      },
    });
  });
  return getPayRates(em, input.id);
}

/** Each housekeeper's tasks and pay by month, and over the months, within the caller's homes. */
export async function payReport(
  em: EntityManager,
  input: z.output<typeof ZPayReportInput>,
  homes: THomeScope,
): Promise<TPayReportMinor> {
  const list = await payByMonth(em, { ...input, homes });
  const totals = new Map<number, { housekeeperId: number; name: string; tasks: number; amount: number }>();
  for (const r of list) {
    const t = totals.get(r.user_id) ?? { housekeeperId: r.user_id, name: r.name, tasks: 0, amount: 0 };
    t.tasks += r.tasks;
    t.amount += r.amount;
    totals.set(r.user_id, t);
  }
  return {
    rows: list.map((r) => ({
      month: r.month,
      housekeeperId: r.user_id,
      name: r.name,
      tasks: r.tasks,
      amount: r.amount,
    })),
    totals: [...totals.values()].sort(
      (a, b) => a.name.localeCompare(b.name) || a.housekeeperId - b.housekeeperId,
    ),
  };
}
