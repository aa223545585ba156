import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface TProps {
  opened: boolean;
  title: string;
  /** The question, in the spec's words ('Are you sure you want to delete …? This action cannot be undone.'). */
  children: ReactNode;
  onClose: () => void;
  onConfirm: () => void;
  loading?: boolean;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red for what cannot be undone; a reversible change (a role, enabling an account) is 'primary'. */
  tone?: 'danger' | 'primary';
  centered?: boolean;
  /** After the dialog has closed: where focus goes when the control that opened it is gone. */
  onExitTransitionEnd?: () => void;
}

/** The one confirm step before a destructive or access-changing action (listings, reviews, categories, guests). */
export function ConfirmDeleteModal({
  opened,
  title,
  children,
  onClose,
  onConfirm,
  loading = false,
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
  tone = 'danger',
  centered = false,
  onExitTransitionEnd,
}: TProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered={centered}
      onExitTransitionEnd={onExitTransitionEnd}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {typeof children === 'string' ? <Text>{children}</Text> : children}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {cancelLabel}
        </Button>
        <Button
          color={tone === 'danger' ? 'red' : undefined}
          onClick={onConfirm}
          loading={loading}
          data-testid="confirm-delete"
        >
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
