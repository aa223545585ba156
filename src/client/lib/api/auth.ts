import { useMutation } from '@tanstack/react-query';
import { trpc } from '../trpc.ts';

/* The session's own cache entry is set by the caller (lib/auth.tsx), which also refetches what depends on who is signed in. */
export const useLogin = () => useMutation(trpc.auth.login.mutationOptions());
export const useRegister = () => useMutation(trpc.auth.register.mutationOptions());
export const useLogout = () => useMutation(trpc.auth.logout.mutationOptions());
