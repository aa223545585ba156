import type { EntityManager } from '@mikro-orm/postgresql';
import type { TSettingsInput, TSettingsView } from '#shared/schemas/settings.ts';
import { Settings, type ISettings } from '../entities/settings.entity.ts';

/** The one settings record (id 1). */

function toSettingsDto(s: ISettings): TSettingsView {
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
    requestResponseHours: s.requestResponseHours,
    currency: s.currency,
    taxRate: s.taxRate,
    enableExchangeRates: s.enableExchangeRates,
    enableEmailNotifications: s.enableEmailNotifications,
    enableGuestRegistration: s.enableGuestRegistration,
    enableReviews: s.enableReviews,
    icalSyncMinutes: s.icalSyncMinutes,
  };
}

/** Creates the record with the column defaults unless it exists (any number of racers, one row). */
export async function ensureSettingsRow(em: EntityManager): Promise<void> {
  await em.createQueryBuilder(Settings).insert({ id: 1 }).onConflict('id').ignore().execute();
}

/** The settings, the record created with its defaults the first time it is read. */
export async function readSettings(em: EntityManager): Promise<TSettingsView> {
  let s = await em.findOne(Settings, 1);
  if (!s) {
    await ensureSettingsRow(em);
    s = await em.findOneOrFail(Settings, 1);
  }
  return toSettingsDto(s);
}

export async function writeSettings(em: EntityManager, input: TSettingsInput): Promise<TSettingsView> {
  await ensureSettingsRow(em);
  const s = await em.findOneOrFail(Settings, 1);
  // A field the caller left out (an optional one) keeps its stored value.
  em.assign(s, Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)));
  await em.flush();
  return toSettingsDto(s);
}
