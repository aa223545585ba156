import { DeferredMenu } from '../components/deferred-menu.tsx';
import { useAuth } from '../lib/auth.tsx';
import { lazyRetry } from '../lib/lazy-retry.tsx';
import { UserMenuFace, userMenuLabel } from '../components/user-menu-face.tsx';

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
      size={40}
      label={userMenuLabel(displayName)}
    >
      <UserMenuFace displayName={displayName} />
    </DeferredMenu>
  );
}
