import type { EntityManager } from '@mikro-orm/postgresql';
import type { TPaymentSettings, TPaymentSettingsView } from '#shared/schemas/payments.ts';
import type { TEnv } from '../../env.ts';
import { readPaymentSettings, writePaymentSettings } from '../../repositories/payments.ts';
import { recordActivity, type TActor } from '../activity/activity.ts';

/** The payment schedule (docs/payments.md#schedule); bookings made after a change take the new one. */
export async function getPaymentSettings(em: EntityManager, env: TEnv): Promise<TPaymentSettingsView> {
  return { ...(await readPaymentSettings(em)), cardAvailable: env.stripe !== undefined };
}

export async function updatePaymentSettings(
  em: EntityManager,
  input: TPaymentSettings,
  actor: TActor,
  env: TEnv,
): Promise<TPaymentSettingsView> {
  await em.transactional(async (tx) => {
    const before = await readPaymentSettings(tx);
    await writePaymentSettings(tx, input);
    await recordActivity(tx, actor, {
      action: 'settings.payments',
      entityType: 'settings',
      entityId: 'payments',
      before,
      after: input,
    });
  });
  return getPaymentSettings(em, env);
}
