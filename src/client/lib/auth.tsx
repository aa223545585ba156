import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { TLoginInput, TRegisterInput, TUser } from '#shared/schemas/auth.ts';
import { useLogin, useLogout, useRegister } from './api/auth.ts';
import {
  closeAuthDialog,
  getDialogState,
  openAuthDialog,
  subscribeDialog,
  type TAuthDialogState,
  type TAuthView,
} from './auth-dialog-state.ts';
import { SESSION_QUERY_KEY, sessionQueryOptions, useSignOutOn401 } from './session.ts';
import { errorMessage } from './trpc.ts';

export interface TAuthContext {
  user: TUser | null;
  isAuthenticated: boolean;
  isAdmin: boolean;
  /** On while the session check, a login, a registration or a logout runs. */
  isLoading: boolean;
  /** Shows the spec's toasts; on failure the error is rethrown (docs/product.md#guest-messages). */
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
  const authDialog = useSyncExternalStore(subscribeDialog, getDialogState, getDialogState);

  const loginMutation = useLogin();
  const registerMutation = useRegister();
  const logoutMutation = useLogout();

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

  useSignOutOn401(user);

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
