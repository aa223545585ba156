import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCategory, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TCategory } from '#shared/schemas/category.ts';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal.tsx';
import { categoryListOptions, useDeleteCategory } from './api.ts';
import { CategoryDialog } from './category-dialog.tsx';
import { CategoryTable } from './category-table.tsx';
import '../../styles/more-components.css';

/** Category management inside Settings (docs/product.md#categories). */
export function CategoryManager() {
  const categories = useQuery(categoryListOptions());
  const [dialog, setDialog] = useState<{ editing: TCategory | null } | null>(null);
  const [deleting, setDeleting] = useState<TCategory | null>(null);
  const remove = useDeleteCategory(() => setDeleting(null));

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
    remove.mutate({ id: target.id });
  };

  return (
    <Card withBorder padding="lg" data-testid="category-manager">
      <Group justify="space-between" mb="md">
        <div>
          <Title order={2} fz="h3">
            Categories
          </Title>
          <Text size="sm" c="dimmed">
            Categories guests can browse by on the home page
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ editing: null })}>
          Add Category
        </Button>
      </Group>

      {categories.isError ? (
        <Alert color="red" icon={<IconAlertTriangle />} title="Failed to load categories">
          There was an error loading the categories. Please try again.
        </Alert>
      ) : categories.data?.length === 0 ? (
        <Stack align="center" gap={4} py="xl">
          <IconCategory size={36} stroke={1.4} color="var(--mantine-color-dimmed)" />
          <Text fw={600}>No categories found</Text>
          <Text size="sm" c="dimmed">
            Get started by creating your first category.
          </Text>
        </Stack>
      ) : (
        <CategoryTable
          categories={categories.data}
          onEdit={(c) => setDialog({ editing: c })}
          onDelete={setDeleting}
        />
      )}

      <CategoryDialog
        opened={dialog !== null}
        editing={dialog?.editing ?? null}
        onClose={() => setDialog(null)}
      />
      <ConfirmDeleteModal
        opened={deleting !== null}
        title="Delete Category"
        onClose={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
        loading={remove.isPending}
      >
        <Text>
          Are you sure you want to delete <b>{deleting?.name}</b>? This action cannot be undone. The category
          is also removed from every property that carries it.
        </Text>
      </ConfirmDeleteModal>
    </Card>
  );
}
