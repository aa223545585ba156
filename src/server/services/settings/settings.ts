import type { EntityManager } from '@mikro-orm/postgresql';
import type { TPublicConfig, TSettings } from '../../../shared/schemas/settings.ts';
import { LockMode } from '@mikro-orm/core';
import { Settings, type ISettings } from '../../entities/settings.entity.ts';
import { recordActivity, type TActor } from '../activity/activity.ts';

function toDto(s: ISettings): TSettings {
  return {
    siteName: s.siteName,
    siteDescription: s.siteDescription,
    businessAddress: s.businessAddress,
    phoneNumber: s.phoneNumber,
    businessHours: s.businessHours,
    adminEmail: s.adminEmail,
    supportEmail: s.supportEmail,
    notificationEmail: s.notificationEmail,
    maxGuestsDefault: s.maxGuestsDefault,
    minNightsDefault: s.minNightsDefault,
    maxNightsDefault: s.maxNightsDefault,
    advanceBookingDays: s.advanceBookingDays,
    currency: s.currency,
    taxRate: s.taxRate,
    enableExchangeRates: s.enableExchangeRates,
    enableEmailNotifications: s.enableEmailNotifications,
    enableGuestRegistration: s.enableGuestRegistration,
    enableReviews: s.enableReviews,
  };
}

/** The one settings record, created with the defaults the first time it is read. */
export async function getSettings(em: EntityManager): Promise<TSettings> {
  let s = await em.findOne(Settings, 1);
  if (!s) {
    await em.getConnection().execute('insert into settings (id) values (1) on conflict (id) do nothing');
    s = await em.findOneOrFail(Settings, 1);
  }
  return toDto(s);
}

/**
 * Saves the whole settings object (validated by ZSettings, the form's own schema) in the one row. Every
 * reader (booking rules, the public config) reads the row per request, so the change takes effect at once.
 */
export async function updateSettings(
  em: EntityManager,
  input: TSettings,
  actor: TActor | null,
): Promise<TSettings> {
  return em.transactional(async (tx) => {
    await tx.execute('insert into settings (id) values (1) on conflict (id) do nothing');
    const s = await tx.findOneOrFail(Settings, 1, { lockMode: LockMode.PESSIMISTIC_WRITE });
    const before = toDto(s);
    tx.assign(s, input);
    await tx.flush();
    const after = toDto(s);
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

export async function getPublicConfig(em: EntityManager, demoDirectAdmin: boolean): Promise<TPublicConfig> {
  const s = await getSettings(em);
  return {
    demoDirectAdmin,
    settings: {
      siteName: s.siteName,
      siteDescription: s.siteDescription,
      businessAddress: s.businessAddress,
      phoneNumber: s.phoneNumber,
      businessHours: s.businessHours,
      supportEmail: s.supportEmail,
      maxGuestsDefault: s.maxGuestsDefault,
      minNightsDefault: s.minNightsDefault,
      maxNightsDefault: s.maxNightsDefault,
      advanceBookingDays: s.advanceBookingDays,
      currency: s.currency,
      taxRate: s.taxRate,
      enableExchangeRates: s.enableExchangeRates,
      enableGuestRegistration: s.enableGuestRegistration,
      enableReviews: s.enableReviews,
    },
  };
}
