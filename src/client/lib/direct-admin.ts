import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { siteConfigQuery } from './api/config.ts';

/** The admin pages' search: `directAdmin=true` is carried from page to page (docs/product.md#admin-area). */
export interface TAdminSearch {
  directAdmin?: true;
}

export function readDirectAdminFlag(search: Record<string, unknown>): TAdminSearch {
  return search.directAdmin === true || search.directAdmin === 'true' ? { directAdmin: true } : {};
}

/**
 * True when the page address carries directAdmin=true. What the flag grants is decided on the server
 * (docs/decisions.md#demo-admin); the client only keeps it on its links and shows the spec's texts for the mode.
 */
export function useDirectAdmin(): boolean {
  const search: Record<string, unknown> = useSearch({ strict: false });
  return readDirectAdminFlag(search).directAdmin === true;
}

/** Search params for an admin link: the flag when present, nothing otherwise. */
export function adminLinkSearch(directAdmin: boolean): TAdminSearch {
  return directAdmin ? { directAdmin: true } : {};
}

/**
 * True only when the flag is in the address AND the server runs in demo mode, i.e. when the flag is what
 * grants access. With demo mode off the admin is signed in for real, and the page must not claim otherwise.
 */
export function useDirectAdminAccess(): boolean {
  const flag = useDirectAdmin();
  const { data } = useQuery({ ...siteConfigQuery(), enabled: flag });
  return flag && data?.demoDirectAdmin === true;
}
