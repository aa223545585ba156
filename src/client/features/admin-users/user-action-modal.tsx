import { Text } from '@mantine/core';
import type { TAdminUser } from '#shared/schemas/admin-users.ts';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal.tsx';

export type TUserAction = { user: TAdminUser; kind: 'role' | 'disable' };

function title({ user, kind }: TUserAction): string {
  if (kind === 'role') return user.isAdmin ? 'Revoke admin?' : 'Make admin?';
  return user.disabled ? 'Enable account?' : 'Disable account?';
}

function consequence({ user, kind }: TUserAction): string {
  if (kind === 'role') {
    return user.isAdmin
      ? `${user.username} will lose access to the admin area and be signed out.`
      : `${user.username} will be able to manage every listing, booking and setting, after signing in again.`;
  }
  return user.disabled
    ? `${user.username} will be able to sign in again.`
    : `${user.username} will be signed out everywhere and cannot sign in until enabled again.`;
}

/** The confirm step before a role or access change; only disabling is styled as destructive. */
export function UserActionModal({
  action,
  busy,
  onClose,
  onConfirm,
}: {
  action: TUserAction | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDeleteModal
      opened={action !== null}
      title={action ? title(action) : ''}
      onClose={onClose}
      onConfirm={onConfirm}
      loading={busy}
      centered
      confirmLabel="Yes, continue"
      cancelLabel="Keep as is"
      tone={action?.kind === 'disable' && !action.user.disabled ? 'danger' : 'primary'}
    >
      {action && <Text size="sm">{consequence(action)}</Text>}
    </ConfirmDeleteModal>
  );
}
