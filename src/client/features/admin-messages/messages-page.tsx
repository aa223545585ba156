import { Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DAY_COUNT_TRIGGERS, TRIGGER_LABEL, type TTemplate } from '#shared/schemas/messaging.ts';
import { AdminPageHeader } from '../../components/admin-page-header.tsx';
import { templatesQuery, useDeleteTemplate } from './api.ts';
import { HomeGuideForm } from './home-guide-form.tsx';
import { TemplateEditor } from './template-editor.tsx';

function when(t: TTemplate): string {
  const days = DAY_COUNT_TRIGGERS.includes(t.trigger)
    ? ` · ${t.offsetDays} day${t.offsetDays === 1 ? '' : 's'}`
    : '';
  return `${TRIGGER_LABEL[t.trigger]}${days}${t.sendTime ? ` · ${t.sendTime}` : ''}`;
}

/** `/admin/messages`: automated messages and saved replies, and each home's arrival details. */
export function MessagesPage() {
  const list = useQuery(templatesQuery());
  const remove = useDeleteTemplate();
  const [editing, setEditing] = useState<TTemplate | 'new' | null>(null);
  return (
    <Stack gap="lg">
      <AdminPageHeader
        title="Automated messages"
        description="Sent to guests at the right moment, in each home's local time, and shown in the conversation."
        actions={<Button onClick={() => setEditing('new')}>New template</Button>}
      />
      {editing && (
        <TemplateEditor
          key={editing === 'new' ? 'new' : editing.id}
          template={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      <section aria-labelledby="templates-title">
        <Title order={2} fz={18} mb="sm" id="templates-title">
          Templates and saved replies
        </Title>
        {list.isPending ? (
          <Skeleton h={160} radius="md" />
        ) : list.data?.items.length === 0 ? (
          <Text c="dimmed">No templates yet.</Text>
        ) : (
          <Stack gap="xs">
            {list.data?.items.map((t) => (
              <Card key={t.id} withBorder radius="md" padding="sm" data-testid="template-row">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <div style={{ minWidth: 0 }}>
                    <Group gap="xs">
                      <Text fw={600}>{t.name}</Text>
                      {!t.enabled && (
                        <Badge size="sm" color="gray" variant="light">
                          Off
                        </Badge>
                      )}
                    </Group>
                    <Text size="sm" c="dimmed">
                      {when(t)}
                    </Text>
                  </div>
                  <Group gap="xs">
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => setEditing(t)}
                      aria-label={`Edit ${t.name}`}
                    >
                      Edit
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      aria-label={`Delete ${t.name}`}
                      loading={remove.isPending && remove.variables?.id === t.id}
                      onClick={() => remove.mutate({ id: t.id })}
                    >
                      Delete
                    </Button>
                  </Group>
                </Group>
              </Card>
            ))}
          </Stack>
        )}
      </section>
      <HomeGuideForm />
    </Stack>
  );
}
