import { trpc } from '../trpc.ts';

/** The public settings as the admin guard and the direct-admin check read them (the shell's copy is in use-site-config). */
export const publicConfigQuery = () => trpc.config.get.queryOptions();

const buildSiteConfigQuery = () => trpc.config.get.queryOptions(undefined, { staleTime: 10 * 60_000 });
let siteConfigOptions: ReturnType<typeof buildSiteConfigQuery> | undefined;

/** Built once: a dozen components read it on every render, and each build walks tRPC's proxy. */
export const siteConfigQuery = () => (siteConfigOptions ??= buildSiteConfigQuery());
