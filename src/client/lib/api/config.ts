import { trpc } from '../trpc.ts';

const buildSiteConfigQuery = () => trpc.config.get.queryOptions(undefined, { staleTime: 10 * 60_000 });
let siteConfigOptions: ReturnType<typeof buildSiteConfigQuery> | undefined;

/**
 * The public settings (site name, contact details, feature switches, demo mode), kept 10 minutes. Built
 * once: a dozen components read it on every render, and each build walks tRPC's proxy.
 */
export const siteConfigQuery = () => (siteConfigOptions ??= buildSiteConfigQuery());
