import { Button, Group, Modal, Text } from '@mantine/core';
import { useBlocker } from '@tanstack/react-router';

interface TDiscardProps {
  opened: boolean;
  onStay: () => void;
  onDiscard: () => void;
}

/** 'Discard unsaved changes?': the one question before edits are thrown away. */
export function DiscardChangesDialog({ opened, onStay, onDiscard }: TDiscardProps) {
  return (
    <Modal opened={opened} onClose={onStay} title="Discard unsaved changes?" zIndex={400} centered>
      <Text>You have changes that are not saved yet. If you leave now, they are lost.</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onStay} data-autofocus>
          Keep editing
        </Button>
        <Button color="red" onClick={onDiscard}>
          Discard changes
        </Button>
      </Group>
    </Modal>
  );
}

/**
 * Asks before leaving the page (a link, Back, or closing the tab) while `dirty` is true. In-app
 * navigation gets the dialog above; a reload or tab close gets the browser's own prompt.
 */
export function UnsavedChangesPrompt({ dirty }: { dirty: boolean }) {
  const blocker = useBlocker({
    shouldBlockFn: ({ current, next }) => dirty && current.pathname !== next.pathname,
    enableBeforeUnload: () => dirty,
    withResolver: true,
  });
  return (
    <DiscardChangesDialog
      opened={blocker.status === 'blocked'}
      onStay={() => blocker.reset?.()}
      onDiscard={() => blocker.proceed?.()}
    />
  );
}
