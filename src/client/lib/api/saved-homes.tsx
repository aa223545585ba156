import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { TProperty } from '#shared/schemas/property.ts';
import { useAuth } from '../auth.tsx';
import { errorMessage, trpc } from '../trpc.ts';

/**
 * Saved homes (docs/decisions.md#saved-homes). A visitor's hearts stay in this browser (localStorage, as the spec keeps
 * them local); a signed-in user's live on the server, and at sign-in the browser's list is merged in.
 */
const STORAGE_KEY = 'stayhub.savedHomes';
const EMPTY: readonly number[] = [];

function readLocal(): readonly number[] {
  try {
    const raw: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(raw) ? raw.filter((v): v is number => Number.isInteger(v) && v > 0) : EMPTY;
  } catch {
    return EMPTY;
  }
}

let localIds: readonly number[] | null = null;
const listeners = new Set<() => void>();

function getLocal(): readonly number[] {
  if (typeof window === 'undefined') return EMPTY;
  localIds ??= readLocal();
  return localIds;
}

function setLocal(next: readonly number[]): void {
  localIds = next;
  try {
    if (next.length === 0) window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Private mode or a full quota: the hearts still work for this page's life.
  }
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key !== STORAGE_KEY) return;
    localIds = readLocal();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

type TSavedHomes = {
  ids: ReadonlySet<number>;
  isSaved: (id: number) => boolean;
  toggle: (propertyId: number) => Promise<void>;
  saved: TProperty[] | undefined;
  isLoading: boolean;
};

const SavedHomesContext = createContext<TSavedHomes | null>(null);

/**
 * Holds the saved homes once for the guest site: every card's heart reads this one list, so a grid of
 * cards adds no query or mutation observers of its own (each would re-render on every change).
 */
export function SavedHomesProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const local = useSyncExternalStore(subscribe, getLocal, () => EMPTY);
  const server = useQuery({ ...trpc.wishlist.list.queryOptions(), enabled: user !== null });
  const { mutateAsync: save } = useMutation(trpc.wishlist.save.mutationOptions());
  const { mutateAsync: remove } = useMutation(trpc.wishlist.remove.mutationOptions());

  const ids = useMemo(
    () => new Set(user ? (server.data ?? []).map((p) => p.id) : local),
    [user, server.data, local],
  );

  const toggle = useCallback(
    async (propertyId: number) => {
      const saved = ids.has(propertyId);
      if (!user) {
        setLocal(saved ? local.filter((id) => id !== propertyId) : [...local, propertyId]);
        return;
      }
      try {
        if (saved) await remove({ propertyId });
        else await save({ propertyId });
      } catch (err) {
        notifications.show({ message: errorMessage(err, 'Could not update your saved homes'), color: 'red' });
      } finally {
        await queryClient.invalidateQueries({ queryKey: trpc.wishlist.list.queryKey() });
      }
    },
    [ids, user, local, remove, save, queryClient],
  );

  const value = useMemo<TSavedHomes>(
    () => ({
      ids,
      isSaved: (id: number) => ids.has(id),
      toggle,
      saved: server.data,
      isLoading: server.isPending,
    }),
    [ids, toggle, server.data, server.isPending],
  );
  return <SavedHomesContext.Provider value={value}>{children}</SavedHomesContext.Provider>;
}

export function useSavedHomes(): TSavedHomes {
  const value = useContext(SavedHomesContext);
  if (!value) throw new Error('useSavedHomes needs a SavedHomesProvider above it');
  return value;
}

/** Mounted once: when someone signs in, the hearts kept in this browser join their account. */
export function SavedHomesSync() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const merge = useMutation(trpc.wishlist.merge.mutationOptions());
  const mergedFor = useRef<number | null>(null);
  const { mutateAsync } = merge;
  useEffect(() => {
    if (!user || mergedFor.current === user.id) return;
    mergedFor.current = user.id;
    const pending = getLocal();
    if (pending.length === 0) return;
    void mutateAsync({ propertyIds: [...pending] }).then(
      (list) => {
        setLocal(EMPTY);
        queryClient.setQueryData(trpc.wishlist.list.queryKey(), list);
      },
      () => {
        // Kept locally: the next sign-in tries again.
        mergedFor.current = null;
      },
    );
  }, [user, mutateAsync, queryClient]);
  return null;
}
