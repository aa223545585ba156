import { notifications } from '@mantine/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { TLoginInput, TRegisterInput, TUser } from '../../shared/schemas/auth.ts';
import { errorMessage, errorStatus, trpc } from './trpc.ts';

export type TAuthView = 'login' | 'register';

export interface TAuthDialogState {
  opened: boolean;
  view: TAuthView;
  /** Where to go after signing in (the admin page the guard refused), when the dialog was opened for one. */
  returnTo?: string | undefined;
}

/**
 * The auth dialog's open state lives outside React, so a route guard (`beforeLoad`) can open it too.
 * The dialog itself is rendered once, next to the router (features/auth/auth-dialog.tsx).
 */
let dialogState: TAuthDialogState = { opened: false, view: 'login' };
const dialogListeners = new Set<() => void>();

function setDialogState(next: TAuthDialogState): void {
  dialogState = next;
  for (const listener of dialogListeners) listener();
}

/** Switching between login and sign-up while open keeps the page to return to. */
export function openAuthDialog(view: TAuthView = 'login', returnTo?: string): void {
  setDialogState({
    opened: true,
    view,
    returnTo: returnTo ?? (dialogState.opened ? dialogState.returnTo : undefined),
  });
}

export function closeAuthDialog(): void {
  setDialogState({ ...dialogState, opened: false });
}

function subscribeDialog(listener: () => void): () => void {
  dialogListeners.add(listener);
  return () => dialogListeners.delete(listener);
}

export const SESSION_QUERY_KEY = ['auth', 'session'] as const;

/**
 * The session restore (guest-side §4): `GET /api/auth/me` once on load. A non-OK answer leaves the
 * visitor signed out. It goes over REST on purpose: the tRPC link adds the demo-mode flag on admin
 * pages, and the menu must show who is really signed in, not the demo admin.
 */
/** A structural check rather than the zod schema: this runs on every page's first load, zod does not. */
function isUser(v: unknown): v is TUser {
  if (!v || typeof v !== 'object') return false;
  const u = v as Record<string, unknown>;
  return (
    typeof u.id === 'number' &&
    typeof u.username === 'string' &&
    typeof u.email === 'string' &&
    (u.name === null || typeof u.name === 'string') &&
    typeof u.isAdmin === 'boolean'
  );
}

export async function fetchSessionUser(fetchImpl: typeof fetch = fetch): Promise<TUser | null> {
  try {
    const res = await fetchImpl('/api/auth/me', {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    if (!res.ok) {
      if (res.status !== 401) console.warn(`Session check failed: ${res.status}`);
      return null;
    }
    const body: unknown = await res.json();
    if (!isUser(body)) {
      console.warn('Session check answered an unexpected body');
      return null;
    }
    return body;
  } catch (err) {
    console.warn('Session check failed', err);
    return null;
  }
}

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: SESSION_QUERY_KEY,
    queryFn: () => fetchSessionUser(),
    // Login, registration and logout write the answer themselves; nothing else changes it.
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}

/** Who is signed in, for code outside React (route guards); asks the server only the first time. */
export function ensureSessionUser(queryClient: QueryClient): Promise<TUser | null> {
  return queryClient.ensureQueryData(sessionQueryOptions());
}

export interface TAuthContext {
  user: TUser | null;
  isAuthenticated: boolean;
  isAdmin: boolean;
  /** On while the session check, a login, a registration or a logout runs. */
  isLoading: boolean;
  /** Shows the spec's toasts; on failure the error is rethrown (guest-side §8). */
  login: (input: TLoginInput) => Promise<TUser>;
  register: (input: TRegisterInput) => Promise<TUser>;
  logout: () => Promise<void>;
  /** Another flow changed who is signed in (password reset) or their details (account settings). */
  signedIn: (user: TUser | null) => void;
  openAuthDialog: (view?: TAuthView) => void;
  closeAuthDialog: () => void;
  authDialog: TAuthDialogState;
}

const AuthContext = createContext<TAuthContext | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useQuery(sessionQueryOptions());
  const authDialog = useSyncExternalStore(subscribeDialog, () => dialogState);

  const loginMutation = useMutation(trpc.auth.login.mutationOptions());
  const registerMutation = useMutation(trpc.auth.register.mutationOptions());
  const logoutMutation = useMutation(trpc.auth.logout.mutationOptions());

  /** Data that depends on who is signed in (e.g. My bookings) is fetched again for the new identity. */
  const identityChanged = useCallback(
    (user: TUser | null) => {
      queryClient.setQueryData(SESSION_QUERY_KEY, user);
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
    },
    [queryClient],
  );

  const { mutateAsync: loginAsync } = loginMutation;
  const login = useCallback(
    async (input: TLoginInput) => {
      try {
        const user = await loginAsync(input);
        identityChanged(user);
        closeAuthDialog();
        notifications.show({ title: 'Login successful', message: `Welcome back, ${user.username}!` });
        return user;
      } catch (err) {
        notifications.show({
          title: 'Login failed',
          message: errorMessage(err, 'Invalid credentials'),
          color: 'red',
        });
        throw err;
      }
    },
    [loginAsync, identityChanged],
  );

  const { mutateAsync: registerAsync } = registerMutation;
  const register = useCallback(
    async (input: TRegisterInput) => {
      try {
        const user = await registerAsync(input);
        identityChanged(user);
        closeAuthDialog();
        notifications.show({
          title: 'Registration successful',
          message: `Welcome, ${user.username}! Your account has been created.`,
        });
        return user;
      } catch (err) {
        notifications.show({
          title: 'Registration failed',
          message: errorMessage(err, 'Could not create account'),
          color: 'red',
        });
        throw err;
      }
    },
    [registerAsync, identityChanged],
  );

  const { mutateAsync: logoutAsync } = logoutMutation;
  const logout = useCallback(async () => {
    try {
      await logoutAsync({});
      identityChanged(null);
      notifications.show({ title: 'Logged out', message: 'You have been successfully logged out.' });
    } catch {
      notifications.show({
        title: 'Logout failed',
        message: 'There was an error logging you out.',
        color: 'red',
      });
    }
  }, [logoutAsync, identityChanged]);

  const user = session.data ?? null;

  // A session can end on the server (expiry, logout elsewhere): the first 401 any call meets signs the
  // visitor out here too, so the menu and the admin guard stop trusting a stale answer.
  useEffect(() => {
    if (!user) return;
    const onError = (error: unknown) => {
      if (errorStatus(error) === 401) queryClient.setQueryData(SESSION_QUERY_KEY, null);
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((e) => {
      if (e.type === 'updated' && e.action.type === 'error') onError(e.action.error);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((e) => {
      if (e.type === 'updated' && e.action.type === 'error') onError(e.action.error);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [user, queryClient]);

  const isLoading =
    session.isPending || loginMutation.isPending || registerMutation.isPending || logoutMutation.isPending;

  const value = useMemo<TAuthContext>(
    () => ({
      user,
      isAuthenticated: user !== null,
      isAdmin: user?.isAdmin === true,
      isLoading,
      login,
      register,
      logout,
      signedIn: identityChanged,
      openAuthDialog,
      closeAuthDialog,
      authDialog,
    }),
    [user, isLoading, login, register, logout, identityChanged, authDialog],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): TAuthContext {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used within an AuthProvider');
  return ctx;
}
