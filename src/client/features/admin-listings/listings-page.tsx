import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCalendarMonth, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { ActionIconLink } from '../../components/anchor-link.tsx';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TProperty } from '../../../shared/schemas/property.ts';
import { errorMessage, errorStatus, trpc } from '../../lib/trpc.ts';
import { PropertyForm } from './property-form.tsx';
import '../../styles/more-components.css';

const COLUMNS = [
  'ID',
  'Title',
  'Location',
  'Price',
  'Bedrooms',
  'Bathrooms',
  'Max Guests',
  'Actions',
] as const;
const SKELETON_ROWS = 5;

type TDialog = { mode: 'create' } | { mode: 'edit'; property: TProperty } | null;

function SkeletonRows() {
  return Array.from({ length: SKELETON_ROWS }, (_, r) => (
    <Table.Tr key={r} data-testid="listing-skeleton-row">
      {COLUMNS.map((c) => (
        <Table.Td key={c}>
          <Skeleton h={16} />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}

/** 'Authentication Required' when the failure is a 401 (admin-side §8). */
function isUnauthorized(err: unknown): boolean {
  return errorStatus(err) === 401 || errorMessage(err, '').includes('401');
}

/**
 * Manage Listings (admin-side §2.4): every property in a table, add and edit in a large dialog, delete
 * after a confirmation. `onDone` brings the page back to /admin/listings after a save or a cancel.
 */
export function ListingsPage({ directAdmin, onDone }: { directAdmin: boolean; onDone: () => void }) {
  const queryClient = useQueryClient();
  const list = useQuery(trpc.properties.list.queryOptions());
  const [dialog, setDialog] = useState<TDialog>(null);
  const [toDelete, setToDelete] = useState<TProperty | null>(null);
  // While a save is on its way the dialog stays open: closing it would hide the progress, not stop the upload.
  const [saving, setSaving] = useState(false);
  const narrow = useMediaQuery('(max-width: 48em)');

  const remove = useMutation(trpc.properties.delete.mutationOptions());

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.properties.pathFilter()),
      queryClient.invalidateQueries(trpc.admin.pathFilter()),
    ]);

  const confirmDelete = async () => {
    if (!toDelete) return;
    const { id } = toDelete;
    const attempt = () => remove.mutateAsync({ id });
    try {
      try {
        await attempt();
      } catch (err) {
        // In direct-admin mode a 401 is retried once (admin-side §8); any other failure goes on.
        if (!(directAdmin && isUnauthorized(err))) throw err;
        await attempt();
      }
      notifications.show({
        title: 'Property deleted',
        message: 'The property has been successfully removed.',
        color: 'green',
      });
      setToDelete(null);
      await refresh();
    } catch (err) {
      setToDelete(null);
      if (isUnauthorized(err)) {
        notifications.show({
          title: 'Authentication Required',
          message: 'Please login as an admin to perform this action',
          color: 'red',
        });
      } else {
        notifications.show({
          title: 'Error',
          message: errorMessage(err, 'Failed to delete property'),
          color: 'red',
        });
      }
    }
  };

  const closeDialog = () => {
    setSaving(false);
    setDialog(null);
    onDone();
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>Manage Listings</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ mode: 'create' })}>
          Add New Property
        </Button>
      </Group>

      {list.isError ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          title="Failed to load properties"
          data-testid="listings-error"
        >
          {errorMessage(list.error, 'Please try again later.')}
        </Alert>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover verticalSpacing="sm" data-testid="listings-table">
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((c) => (
                  <Table.Th key={c} style={c === 'Actions' ? { textAlign: 'right' } : undefined}>
                    {c}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.isPending ? (
                <SkeletonRows />
              ) : list.data.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={COLUMNS.length}>
                    <Text ta="center" c="dimmed" py="md">
                      No properties found
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                list.data.map((p) => (
                  <Table.Tr key={p.id} data-testid="listing-row">
                    <Table.Td>{p.id}</Table.Td>
                    <Table.Td fw={500}>{p.title}</Table.Td>
                    <Table.Td>{p.location}</Table.Td>
                    <Table.Td>${p.price}</Table.Td>
                    <Table.Td>{p.bedrooms}</Table.Td>
                    <Table.Td>{p.bathrooms}</Table.Td>
                    <Table.Td>{p.maxGuests}</Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Tooltip label="Edit">
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Edit ${p.title}`}
                            onClick={() => setDialog({ mode: 'edit', property: p })}
                          >
                            <IconPencil size={18} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="Calendar">
                          <ActionIconLink
                            variant="subtle"
                            to="/admin/calendar/$id"
                            params={{ id: String(p.id) }}
                            aria-label={`Calendar of ${p.title}`}
                          >
                            <IconCalendarMonth size={18} />
                          </ActionIconLink>
                        </Tooltip>
                        <Tooltip label="Delete">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Delete ${p.title}`}
                            onClick={() => setToDelete(p)}
                          >
                            <IconTrash size={18} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <Modal
        opened={dialog !== null}
        onClose={() => {
          if (!saving) closeDialog();
        }}
        withCloseButton={!saving}
        title={dialog?.mode === 'edit' ? 'Edit Property' : 'Add New Property'}
        size={1000}
        fullScreen={narrow}
        closeOnClickOutside={false}
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
      >
        {dialog && (
          <PropertyForm
            key={dialog.mode === 'edit' ? dialog.property.id : 'new'}
            property={dialog.mode === 'edit' ? dialog.property : undefined}
            onSaved={closeDialog}
            onCancel={closeDialog}
            onPendingChange={setSaving}
          />
        )}
      </Modal>

      <Modal opened={toDelete !== null} onClose={() => setToDelete(null)} title="Delete property" centered>
        <Stack>
          <Text>Are you sure you want to delete this property? This action cannot be undone.</Text>
          {toDelete && (
            <Text size="sm" c="dimmed">
              {toDelete.title}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setToDelete(null)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button color="red" onClick={() => void confirmDelete()} loading={remove.isPending}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
