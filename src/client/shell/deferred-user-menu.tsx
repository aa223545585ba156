import { ActionIcon, Avatar, Group } from '@mantine/core';
import { IconMenu2 } from '@tabler/icons-react';
import { DeferredMenu } from '../components/deferred-menu.tsx';
import { useAuth } from '../lib/auth.tsx';
import { lazyRetry } from '../lib/lazy-retry.tsx';

const loadUserMenu = () => import('../features/auth/user-menu.tsx');
const UserMenu = lazyRetry(() => loadUserMenu().then((m) => ({ default: m.UserMenu })));

/** The header's user menu, its code kept out of the first page load (DeferredMenu). */
export function DeferredUserMenu() {
  const { user } = useAuth();
  const displayName = user ? user.name || user.username : null;
  return (
    <DeferredMenu
      menu={UserMenu}
      preload={loadUserMenu}
      testId="user-menu"
      renderStandIn={(handlers) => (
        <ActionIcon
          variant="default"
          size={40}
          radius="xl"
          aria-label="User menu"
          aria-haspopup="menu"
          data-testid="user-menu"
          {...handlers}
        >
          <Group gap={4} wrap="nowrap">
            <IconMenu2 size={16} aria-hidden />
            <Avatar size={24} radius="xl" color="brand" name={displayName ?? undefined} alt="" />
          </Group>
        </ActionIcon>
      )}
    />
  );
}
