import { trpc } from '../../lib/trpc.ts';

/** Unread guest messages, beside Inbox in the sidebar (docs/messaging.md#inbox). */
export const unreadMessagesQuery = () => trpc.messaging.unread.queryOptions();
