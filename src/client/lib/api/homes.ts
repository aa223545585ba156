import { trpc } from '../trpc.ts';

/**
 * Every listed home, public. Apart from the saved homes' module, which the home page loads: only the
 * saved page needs this (a visitor's hearts are ids in this browser, their cards come from this list).
 */
export const publicHomesQuery = () => trpc.properties.list.queryOptions();
