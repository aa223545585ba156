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
}

/** The one confirm step before a destructive admin action (listings, reviews, categories). */
export function ConfirmDeleteModal({
  opened,
  title,
  children,
  onClose,
  onConfirm,
  loading = false,
  confirmLabel = 'Delete',
}: TProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      {typeof children === 'string' ? <Text>{children}</Text> : children}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} loading={loading} data-testid="confirm-delete">
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
