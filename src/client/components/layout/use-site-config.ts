import { useQuery } from '@tanstack/react-query';
import { SETTINGS_DEFAULTS } from '#shared/constants.ts';
import type { TPublicConfig } from '#shared/schemas/settings.ts';
import { siteConfigQuery } from '../../lib/api/config.ts';

const FALLBACK: TPublicConfig['settings'] = {
  siteName: SETTINGS_DEFAULTS.siteName,
  siteDescription: SETTINGS_DEFAULTS.siteDescription,
  businessAddress: SETTINGS_DEFAULTS.businessAddress,
  phoneNumber: SETTINGS_DEFAULTS.phoneNumber,
  businessHours: SETTINGS_DEFAULTS.businessHours,
  supportEmail: SETTINGS_DEFAULTS.supportEmail,
  maxGuestsDefault: SETTINGS_DEFAULTS.maxGuestsDefault,
  minNightsDefault: SETTINGS_DEFAULTS.minNightsDefault,
  maxNightsDefault: SETTINGS_DEFAULTS.maxNightsDefault,
  advanceBookingDays: SETTINGS_DEFAULTS.advanceBookingDays,
  currency: SETTINGS_DEFAULTS.currency,
  taxRate: SETTINGS_DEFAULTS.taxRate,
  enableExchangeRates: SETTINGS_DEFAULTS.enableExchangeRates,
  enableGuestRegistration: SETTINGS_DEFAULTS.enableGuestRegistration,
  enableReviews: SETTINGS_DEFAULTS.enableReviews,
};

/**
 * The public settings (site name, contact details, feature switches). Until they arrive, and if they
 * cannot be loaded, the defaults stand in so the shell always renders.
 */
export function useSiteConfig(): {
  settings: TPublicConfig['settings'];
  loaded: boolean;
  /** Answered, even with a failure (the defaults then stand): what depends on a switch can go on. */
  settled: boolean;
} {
  const { data, isPending } = useQuery(siteConfigQuery());
  return { settings: data?.settings ?? FALLBACK, loaded: data !== undefined, settled: !isPending };
}
