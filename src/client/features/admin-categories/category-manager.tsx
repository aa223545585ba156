import {
  ActionIcon,
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCategory, IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TCategory } from '../../../shared/schemas/category.ts';
import { errorMessage, errorStatus, trpc } from '../../lib/trpc.ts';
import '../../styles/more-components.css';

interface TCategoryDraft {
  name: string;
  icon: string;
  active: boolean;
}
const EMPTY: TCategoryDraft = { name: '', icon: '', active: true };

/** The page reloads this long after a delete (admin-side §9). */
export const CATEGORY_DELETE_RELOAD_MS = 500;

/** A failure that means "already gone": a 404 status or a message that says 404 (admin-side §4). */
function isNotFound(err: unknown): boolean {
  return errorStatus(err) === 404 || /404/.test(errorMessage(err, ''));
}

/** Category management inside Settings (admin-side §2.10). */
export function CategoryManager() {
  const queryClient = useQueryClient();
  // Always fresh here: refetched on mount and on focus (admin-side §4).
  const listOptions = trpc.categories.list.queryOptions(undefined, {
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: true,
  });
  const categories = useQuery(listOptions);

  const [dialog, setDialog] = useState<{ editing: TCategory | null } | null>(null);
  const [draft, setDraft] = useState<TCategoryDraft>(EMPTY);
  const [deleting, setDeleting] = useState<TCategory | null>(null);

  const refetchList = () => queryClient.invalidateQueries(trpc.categories.list.queryFilter());

  const closeDialog = () => {
    setDialog(null);
    setDraft(EMPTY);
  };

  const saveOptions = {
    onError: (err: unknown) =>
      notifications.show({
        title: 'Error',
        message: errorMessage(err, 'Failed to save category'),
        color: 'red',
      }),
  };
  const create = useMutation(
    trpc.categories.create.mutationOptions({
      ...saveOptions,
      onSuccess: async (c) => {
        notifications.show({
          title: 'Category created',
          message: `${c.name} has been added successfully.`,
          color: 'green',
        });
        closeDialog();
        await refetchList();
      },
    }),
  );
  const update = useMutation(
    trpc.categories.update.mutationOptions({
      ...saveOptions,
      onSuccess: async (c) => {
        notifications.show({
          title: 'Category updated',
          message: `${c.name} has been updated successfully.`,
          color: 'green',
        });
        closeDialog();
        // A rename also renamed the category on its properties.
        await Promise.all([refetchList(), queryClient.invalidateQueries(trpc.properties.pathFilter())]);
      },
    }),
  );
  const remove = useMutation(trpc.categories.delete.mutationOptions());

  const openCreate = () => {
    setDraft(EMPTY);
    setDialog({ editing: null });
  };
  const openEdit = (c: TCategory) => {
    setDraft({ name: c.name, icon: c.icon, active: c.active });
    setDialog({ editing: c });
  };

  const submit = () => {
    const name = draft.name.trim();
    if (!name) {
      notifications.show({ title: 'Validation Error', message: 'Category name is required.', color: 'red' });
      return;
    }
    const body = { name, icon: draft.icon.trim(), active: draft.active };
    if (dialog?.editing) update.mutate({ id: dialog.editing.id, ...body });
    else create.mutate(body);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const target = deleting;
    const fresh = await categories.refetch();
    if (fresh.data && !fresh.data.some((c) => c.id === target.id)) {
      setDeleting(null);
      notifications.show({
        title: 'Category not found',
        message: 'This category has already been deleted.',
        color: 'yellow',
      });
      return;
    }
    remove.mutate(
      { id: target.id },
      {
        onSuccess: () => {
          setDeleting(null);
          notifications.show({
            title: 'Category deleted',
            message: 'Category removed successfully. Refreshing...',
            color: 'green',
          });
          queryClient.clear();
          window.setTimeout(() => window.location.reload(), CATEGORY_DELETE_RELOAD_MS);
        },
        onError: (err) => {
          setDeleting(null);
          if (isNotFound(err)) {
            queryClient.setQueryData(listOptions.queryKey, (old: TCategory[] | undefined) =>
              old?.filter((c) => c.id !== target.id),
            );
            void refetchList();
            notifications.show({
              title: 'Category not found',
              message: 'This category was already deleted. Updated the list.',
              color: 'yellow',
            });
            return;
          }
          notifications.show({
            title: 'Error',
            message: errorMessage(err, 'Failed to delete category'),
            color: 'red',
          });
        },
      },
    );
  };

  const saving = create.isPending || update.isPending;

  return (
    <Card withBorder padding="lg" data-testid="category-manager">
      <Group justify="space-between" mb="md">
        <div>
          <Title order={3}>Categories</Title>
          <Text size="sm" c="dimmed">
            Categories guests can browse by on the home page
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={openCreate}>
          Add Category
        </Button>
      </Group>

      {categories.isError ? (
        <Alert color="red" icon={<IconAlertTriangle />} title="Failed to load categories">
          There was an error loading the categories. Please try again.
        </Alert>
      ) : categories.data && categories.data.length === 0 ? (
        <Stack align="center" gap={4} py="xl">
          <IconCategory size={36} stroke={1.4} color="var(--mantine-color-dimmed)" />
          <Text fw={600}>No categories found</Text>
          <Text size="sm" c="dimmed">
            Get started by creating your first category.
          </Text>
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing="sm" data-testid="categories-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={72}>Icon</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th w={110}>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {!categories.data
                ? Array.from({ length: 4 }, (_, i) => (
                    <Table.Tr key={i}>
                      {Array.from({ length: 4 }, (_, j) => (
                        <Table.Td key={j}>
                          <Skeleton h={20} />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))
                : categories.data.map((c) => (
                    <Table.Tr key={c.id} data-testid="category-row">
                      <Table.Td>
                        <Avatar
                          src={c.icon || null}
                          size={32}
                          radius="sm"
                          alt=""
                          // The icons are dark line drawings: a light tile keeps them legible in the dark theme.
                          styles={{
                            root: {
                              background: '#fff',
                              border: '1px solid var(--mantine-color-default-border)',
                            },
                            image: { padding: 3 },
                          }}
                        >
                          <IconCategory size={18} />
                        </Avatar>
                      </Table.Td>
                      <Table.Td fw={500}>{c.name}</Table.Td>
                      <Table.Td>
                        <Badge color={c.active ? 'green' : 'gray'} variant={c.active ? 'light' : 'outline'}>
                          {c.active ? 'Active' : 'Inactive'}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={`Edit ${c.name}`}
                            onClick={() => openEdit(c)}
                          >
                            <IconEdit size={18} />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Delete ${c.name}`}
                            onClick={() => setDeleting(c)}
                          >
                            <IconTrash size={18} />
                          </ActionIcon>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={dialog !== null}
        onClose={closeDialog}
        title={dialog?.editing ? 'Edit Category' : 'Create Category'}
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
          noValidate
        >
          <Stack gap="sm">
            <TextInput
              label="Category Name"
              placeholder="e.g. Beach, Mountain, City"
              value={draft.name}
              onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
              maxLength={60}
              data-autofocus
            />
            <TextInput
              label="Icon URL"
              description="Enter a URL for the category icon image"
              placeholder="https://..."
              value={draft.icon}
              onChange={(e) => setDraft({ ...draft, icon: e.currentTarget.value })}
            />
            <Checkbox
              label="Active"
              checked={draft.active}
              onChange={(e) => setDraft({ ...draft, active: e.currentTarget.checked })}
            />
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={closeDialog}>
                Cancel
              </Button>
              <Button type="submit" loading={saving}>
                {dialog?.editing ? 'Update' : 'Create'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>

      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete Category"
      >
        <Text>
          Are you sure you want to delete <b>{deleting?.name}</b>? This action cannot be undone. The category
          is also removed from every property that carries it.
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setDeleting(null)}>
            Cancel
          </Button>
          <Button color="red" onClick={() => void confirmDelete()} loading={remove.isPending}>
            Delete
          </Button>
        </Group>
      </Modal>
    </Card>
  );
}
