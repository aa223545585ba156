import { lazy, Suspense, useState } from 'react';
import { useAuth } from '../../lib/auth.tsx';

const AuthDialog = lazy(() => import('./auth-dialog.tsx').then((m) => ({ default: m.AuthDialog })));

/**
 * Mounts the auth dialog the first time it is opened, so its forms and validation code stay out of
 * every page's first load; once loaded it stays mounted for its open/close transitions.
 */
export function AuthDialogOnDemand() {
  const { authDialog } = useAuth();
  const [needed, setNeeded] = useState(false);
  if (authDialog.opened && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialog />
    </Suspense>
  );
}
