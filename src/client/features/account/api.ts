import { useMutation } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc.ts';

/*
 * Account changes touch no cached list: the one thing they change on screen is the session, which the
 * caller hands to `useAuth().signedIn` (it refetches everything that depends on who is signed in).
 */
export const useUpdateProfile = () => useMutation(trpc.auth.updateMe.mutationOptions());
export const useChangePassword = () => useMutation(trpc.auth.changePassword.mutationOptions());
export const useDeleteAccount = () => useMutation(trpc.auth.deleteMe.mutationOptions());
export const useRequestPasswordReset = () => useMutation(trpc.auth.requestPasswordReset.mutationOptions());
export const useConfirmPasswordReset = () => useMutation(trpc.auth.confirmPasswordReset.mutationOptions());
export const useUndoEmailChange = () => useMutation(trpc.auth.undoEmailChange.mutationOptions());

/** A team invitation behind its link; a link that does not answer is not asked again. */
export const invitationQuery = (token: string) => ({
  ...trpc.staff.invitation.queryOptions({ token }),
  retry: false,
});
/** The caller hands the member's session to `useAuth().signedIn`, as for the account changes above. */
export const useAcceptInvitation = () => useMutation(trpc.staff.acceptInvitation.mutationOptions());
