import { MountOnFirstOpen } from '../../components/mount-on-first-open.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { lazyRetry } from '../../lib/lazy-retry.tsx';

const AuthDialog = lazyRetry(() => import('./auth-dialog.tsx').then((m) => ({ default: m.AuthDialog })));

/** The auth dialog, whose forms and validation code load the first time it is opened. */
export function AuthDialogOnDemand() {
  const { authDialog } = useAuth();
  return (
    <MountOnFirstOpen opened={authDialog.opened}>
      <AuthDialog />
    </MountOnFirstOpen>
  );
}
