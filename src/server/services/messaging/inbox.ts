import type { THomeScope } from '../../repositories/home-scope.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TInboxFilter } from '#shared/constants.ts';
import type { TInboxThread } from '#shared/schemas/messaging.ts';
import { inboxPage, unreadTotal } from '../../repositories/messaging.ts';

/**
 * The operator's inbox (docs/messaging.md#inbox): one page of threads, newest message first. 'Arriving'
 * and 'staying' count in the server's calendar day (UTC), as the admin's bookings filters do.
 */
export async function inbox(
  em: EntityManager,
  input: { filter: TInboxFilter; page: number; pageSize: number },
  now = new Date(),
  homes: THomeScope = null,
): Promise<{ items: TInboxThread[]; total: number; unreadTotal: number }> {
  const today = now.toISOString().slice(0, 10);
  const [page, unread] = await Promise.all([
    inboxPage(em, {
      filter: input.filter,
      today,
      offset: (input.page - 1) * input.pageSize,
      limit: input.pageSize,
      homes,
    }),
    unreadTotal(em, homes),
  ]);
  return { ...page, unreadTotal: unread };
}

export async function unreadCount(em: EntityManager, homes: THomeScope = null): Promise<{ unread: number }> {
  return { unread: await unreadTotal(em, homes) };
}
