import { Alert, Badge, Button, Card, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { addDays, formatIsoDate, todayIso } from '#shared/dates.ts';
import { TASK_STATUS_LABELS, type TTask } from '#shared/schemas/tasks.ts';
import { useAuth } from '../../lib/auth.tsx';
import { useFocusReturn } from '../../lib/focus-return.ts';
import { staffRole } from '../../lib/staff-pages.ts';
import { errorMessage } from '../../lib/trpc.ts';
import { tasksQuery, useTaskUpdate } from './api.ts';
import { FinishModal, type TFinishKind } from './finish-modal.tsx';

const STATUS_COLOR: Record<TTask['status'], string> = {
  todo: 'gray',
  in_progress: 'blue',
  done: 'green',
  problem: 'red',
};

function dayHeading(day: string, today: string): string {
  if (day === today) return 'Today';
  if (day === addDays(today, 1)) return 'Tomorrow';
  return formatIsoDate(day);
}

function NextStay({ task }: { task: TTask }) {
  if (!task.next) return <Text size="sm">No guests booked next</Text>;
  const { guests, checkIn, arrivalTime } = task.next;
  return (
    <Text size="sm">
      Next: {guests} {guests === 1 ? 'guest' : 'guests'}, arriving {formatIsoDate(checkIn)} at {arrivalTime}
    </Text>
  );
}

function TaskCard({
  task,
  busy,
  onStart,
  onFinish,
}: {
  task: TTask;
  busy: boolean;
  onStart: () => void;
  onFinish: (kind: TFinishKind) => void;
}) {
  return (
    <Card withBorder padding="md" data-testid="task-card" data-task-id={task.id} data-status={task.status}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Text fw={600}>{task.property.title}</Text>
            <Text size="sm" c="dimmed">
              {task.property.address}
            </Text>
          </div>
          <Group gap={4} wrap="nowrap">
            {task.late && (
              <Badge color="red" variant="filled">
                Late
              </Badge>
            )}
            <Badge color={STATUS_COLOR[task.status]} variant="light" data-testid="task-status">
              {TASK_STATUS_LABELS[task.status]}
            </Badge>
          </Group>
        </Group>
        <NextStay task={task} />
        {task.assignee && (
          <Text size="sm" c="dimmed">
            Assigned to {task.assignee.name}
          </Text>
        )}
        {task.problem && task.status === 'problem' && (
          <Text size="sm" c="red.9">
            Problem: {task.problem}
          </Text>
        )}
        {task.note && task.status === 'done' && <Text size="sm">Note: {task.note}</Text>}
        {task.status !== 'done' && (
          <Group gap="xs" mt={4}>
            {task.status !== 'in_progress' && (
              <Button size="sm" variant="default" onClick={onStart} loading={busy}>
                Start
              </Button>
            )}
            <Button size="sm" onClick={() => onFinish('done')}>
              Done…
            </Button>
            <Button size="sm" variant="subtle" color="red" onClick={() => onFinish('problem')}>
              Report a problem
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/**
 * The turnovers of today and the next days, phone-first (docs/staff.md#housekeeping): each home, its
 * address and who arrives next; start, finish with a note and photos, or report a problem.
 */
export function TasksPage() {
  const { user } = useAuth();
  const backOffice = staffRole(user) !== 'housekeeper';
  const [mine, setMine] = useState(false);
  const tasks = useQuery(tasksQuery(mine));
  const update = useTaskUpdate();
  const [finishing, setFinishing] = useState<{ task: TTask; kind: TFinishKind } | null>(null);
  useFocusReturn(finishing !== null);
  const today = todayIso();

  const byDay = new Map<string, TTask[]>();
  for (const t of tasks.data?.items ?? []) byDay.set(t.dueDate, [...(byDay.get(t.dueDate) ?? []), t]);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Turnovers</Title>
          <Text c="dimmed">Homes to get ready today and the next days</Text>
        </div>
        {backOffice && (
          <Switch label="Only mine" checked={mine} onChange={(e) => setMine(e.currentTarget.checked)} />
        )}
      </Group>
      {tasks.isPending && <Loader role="status" aria-label="Loading tasks" />}
      {tasks.isError && (
        <Alert color="red" title="Failed to load the tasks">
          {errorMessage(tasks.error, 'Please try again later.')}
        </Alert>
      )}
      {tasks.data && tasks.data.items.length === 0 && <Text>No turnovers in the next days.</Text>}
      {[...byDay.entries()].map(([day, list]) => (
        <Stack key={day} gap="sm" component="section" aria-label={dayHeading(day, today)}>
          <Title order={2} size="h4">
            {dayHeading(day, today)}
          </Title>
          {list.map((task) => (
            <TaskCard
              key={task.id}
              task={task}
              busy={update.isPending && update.variables?.id === task.id}
              onStart={() => update.mutate({ id: task.id, status: 'in_progress' })}
              onFinish={(kind) => setFinishing({ task, kind })}
            />
          ))}
        </Stack>
      ))}
      {finishing && (
        <FinishModal
          task={finishing.task}
          kind={finishing.kind}
          busy={update.isPending}
          onClose={() => setFinishing(null)}
          onSubmit={({ text, photos }) =>
            update.mutate(
              finishing.kind === 'done'
                ? { id: finishing.task.id, status: 'done', note: text || null, photos }
                : { id: finishing.task.id, status: 'problem', problem: text, photos },
              { onSuccess: () => setFinishing(null) },
            )
          }
        />
      )}
    </Stack>
  );
}
