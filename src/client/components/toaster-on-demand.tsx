import { notificationsStore } from '@mantine/notifications';
import { Suspense, useEffect, useState } from 'react';
import { lazyRetry } from '../lib/lazy-retry.tsx';

const Toaster = lazyRetry(() => import('./toaster.tsx').then((m) => ({ default: m.Toaster })));

const hasToasts = () => {
  const { notifications, queue } = notificationsStore.getState();
  return notifications.length + queue.length > 0;
};

/**
 * The toast host loads with the first toast, not with the page: its code (Mantine Notifications and its
 * transitions, ~14 KiB gzipped) was a good part of the home page's first load. Toasts raised before it
 * mounts wait in the notifications store, which it shows as soon as it is there.
 */
export function ToasterOnDemand() {
  const [wanted, setWanted] = useState(hasToasts);
  useEffect(() => {
    if (wanted) return;
    const check = () => {
      if (hasToasts()) setWanted(true);
    };
    const unsubscribe = notificationsStore.subscribe(check);
    check();
    return unsubscribe;
  }, [wanted]);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
