import type { EntityManager } from '@mikro-orm/postgresql';
import {
  ZPublicConfig,
  type TPublicConfig,
  type TSettingsInput,
  type TSettingsView,
} from '#shared/schemas/settings.ts';
import { readSettings, writeSettings } from '../../repositories/settings.ts';
import { recordActivity, type TActor } from '../activity/activity.ts';

/** The one settings record, created with the defaults the first time it is read. */
export async function getSettings(em: EntityManager): Promise<TSettingsView> {
  return readSettings(em);
}

/**
 * Saves the whole settings object (validated by ZSettings, the form's own schema) in the one row. Every
 * reader (booking rules, the public config) reads the row per request, so the change takes effect at once.
 */
export async function updateSettings(
  em: EntityManager,
  input: TSettingsInput,
  actor: TActor | null,
): Promise<TSettingsView> {
  return em.transactional(async (tx) => {
    const before = await readSettings(tx);
    const after = await writeSettings(tx, input);
    await recordActivity(tx, actor, {
      action: 'settings.update',
      entityType: 'settings',
      entityId: 1,
      before,
      after,
    });
    return after;
  });
}

/** The settings any visitor may read: the public schema's fields, the rest stays with admins. */
export function publicConfigOf(settings: TSettingsView, demoDirectAdmin: boolean): TPublicConfig {
  return { demoDirectAdmin, settings: ZPublicConfig.shape.settings.parse(settings) };
}

export async function getPublicConfig(em: EntityManager, demoDirectAdmin: boolean): Promise<TPublicConfig> {
  return publicConfigOf(await getSettings(em), demoDirectAdmin);
}
