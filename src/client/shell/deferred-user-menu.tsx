import { ActionIcon, Avatar, Group } from '@mantine/core';
import { IconMenu2 } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useAuth } from '../lib/auth.tsx';

const loadUserMenu = () => import('../features/auth/user-menu.tsx');
const UserMenu = lazy(() => loadUserMenu().then((m) => ({ default: m.UserMenu })));

/** Calls `onMounted` once the real menu is on the page. */
function Loaded({ onMounted }: { onMounted: () => void }) {
  useEffect(onMounted, [onMounted]);
  return <UserMenu />;
}

/**
 * The header's user menu, with its code (Mantine Menu and Floating UI, ~25 KiB gzipped) kept out of
 * the first page load. A look-alike button stands in: pointer or focus fetches the code, and the first
 * click swaps in the real menu and opens it.
 */
export function DeferredUserMenu() {
  const { user } = useAuth();
  const [wanted, setWanted] = useState(false);
  const openWhenLoaded = useRef(false);
  const slot = useRef<HTMLDivElement>(null);
  const preload = () => void loadUserMenu();

  const onMounted = useCallback(() => {
    if (!openWhenLoaded.current) return;
    openWhenLoaded.current = false;
    const trigger = slot.current?.querySelector<HTMLButtonElement>('[data-testid="user-menu"]');
    trigger?.focus();
    trigger?.click();
  }, []);

  const displayName = user ? user.name || user.username : null;
  const standIn = (
    <ActionIcon
      variant="default"
      size={40}
      radius="xl"
      aria-label="User menu"
      aria-haspopup="menu"
      data-testid="user-menu"
      onPointerEnter={preload}
      onFocus={preload}
      onClick={() => {
        openWhenLoaded.current = true;
        setWanted(true);
      }}
    >
      <Group gap={4} wrap="nowrap">
        <IconMenu2 size={16} aria-hidden />
        <Avatar size={24} radius="xl" color="brand" name={displayName ?? undefined} alt="" />
      </Group>
    </ActionIcon>
  );

  return (
    <div ref={slot} style={{ display: 'contents' }}>
      {wanted ? (
        <Suspense fallback={standIn}>
          <Loaded onMounted={onMounted} />
        </Suspense>
      ) : (
        standIn
      )}
    </div>
  );
}
