import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Fieldset,
  Group,
  Loader,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { formatIsoDate } from '#shared/dates.ts';
import type { TTaskDetail } from '#shared/schemas/housekeeping.ts';
import { PROBLEM_SEVERITY_LABELS, TASK_STATUS_LABELS } from '#shared/schemas/task-labels.ts';
import { adminLinkSearch, useDirectAdmin } from '../../lib/direct-admin.ts';
import { useFocusReturn } from '../../lib/focus-return.ts';
import { errorMessage } from '../../lib/trpc.ts';
import { taskQuery, useReportProblem, useTaskUpdate, useTick } from './api.ts';
import { FinishModal } from './finish-modal.tsx';
import { ProblemModal } from './problem-modal.tsx';

const STATUS_COLOR: Record<TTaskDetail['status'], string> = {
  todo: 'gray',
  in_progress: 'blue',
  done: 'green',
  problem: 'red',
};

function Checklist({ task }: { task: TTaskDetail }) {
  const tick = useTick(task.id);
  const { rooms } = task.checklist;
  const items = rooms.flatMap((r) => r.items);
  const done = items.filter((i) => i.done).length;
  if (items.length === 0)
    return (
      <Text c="dimmed">
        This home has no checklist yet. The back office sets it in the home&apos;s editor.
      </Text>
    );
  return (
    <Stack gap="md">
      <div>
        <Text fw={600} id="checklist-progress" data-testid="checklist-progress" aria-live="polite">
          {done} of {items.length} done
        </Text>
        <Progress value={(done / items.length) * 100} aria-label="Checklist progress" mt={4} />
      </div>
      {rooms.map((room) => (
        <Fieldset key={room.key} legend={room.name} data-testid="checklist-room">
          <Stack gap="sm">
            {room.items.map((item) => (
              <Checkbox
                key={item.key}
                label={item.label}
                size="md"
                checked={item.done}
                onChange={(e) => tick.mutate({ id: task.id, key: item.key, done: e.currentTarget.checked })}
              />
            ))}
          </Stack>
        </Fieldset>
      ))}
    </Stack>
  );
}

function Problems({ task }: { task: TTaskDetail }) {
  if (task.problems.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="task-problems-title">
      <Title order={2} size="h4" id="task-problems-title">
        Problems reported
      </Title>
      {task.problems.map((p) => (
        <Card key={p.id} withBorder padding="sm" data-testid="task-problem">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {p.description}
            </Text>
            <Badge color={p.resolvedAt ? 'green' : p.severity === 'high' ? 'red' : 'yellow'} variant="light">
              {p.resolvedAt ? 'Resolved' : PROBLEM_SEVERITY_LABELS[p.severity]}
            </Badge>
          </Group>
          {p.resolutionNote && (
            <Text size="sm" c="dimmed">
              Note: {p.resolutionNote}
            </Text>
          )}
        </Card>
      ))}
    </Stack>
  );
}

/**
 * One turnover on the phone (docs/staff.md#checklists): the home, who arrives next, the checklist to tick
 * room by room (each tick saved at once), and a way to report a problem or finish.
 */
export function TaskPage({ taskId }: { taskId: number }) {
  const directAdmin = useDirectAdmin();
  const task = useQuery(taskQuery(taskId));
  const update = useTaskUpdate();
  const report = useReportProblem(taskId);
  const [dialog, setDialog] = useState<'done' | 'problem' | null>(null);
  useFocusReturn(dialog !== null);

  const back = (
    <Anchor
      renderRoot={(props) => <Link {...props} to="/admin/tasks" search={adminLinkSearch(directAdmin)} />}
      size="sm"
    >
      ← All turnovers
    </Anchor>
  );
  if (task.isPending) return <Loader role="status" aria-label="Loading the task" />;
  if (task.isError)
    return (
      <Stack>
        {back}
        <Alert color="red" title="Failed to load the task">
          {errorMessage(task.error, 'Please try again later.')}
        </Alert>
      </Stack>
    );
  const t = task.data;
  return (
    <Stack gap="lg" maw={720}>
      {back}
      <div>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {t.property.title}
          </Title>
          <Badge color={STATUS_COLOR[t.status]} variant="light" data-testid="task-status">
            {TASK_STATUS_LABELS[t.status]}
          </Badge>
        </Group>
        <Text c="dimmed" size="sm">
          {t.property.address}
        </Text>
        <Text size="sm" mt={4}>
          Turnover on {formatIsoDate(t.dueDate)}
          {t.next
            ? `; next: ${t.next.guests} ${t.next.guests === 1 ? 'guest' : 'guests'}, arriving ${formatIsoDate(t.next.checkIn)} at ${t.next.arrivalTime}`
            : '; no guests booked next'}
        </Text>
      </div>
      <section aria-labelledby="checklist-title">
        <Title order={2} size="h4" id="checklist-title" mb="xs">
          Checklist
        </Title>
        <Checklist task={t} />
      </section>
      <Group gap="xs">
        {t.status === 'todo' && (
          <Button
            variant="default"
            loading={update.isPending}
            onClick={() => update.mutate({ id: t.id, status: 'in_progress' })}
          >
            Start
          </Button>
        )}
        {t.status !== 'done' && <Button onClick={() => setDialog('done')}>Done…</Button>}
        <Button variant="light" color="red" onClick={() => setDialog('problem')}>
          Report a problem
        </Button>
      </Group>
      <Problems task={t} />
      {dialog === 'done' && (
        <FinishModal
          task={t}
          busy={update.isPending}
          onClose={() => setDialog(null)}
          onSubmit={({ text, photos }) =>
            update.mutate(
              { id: t.id, status: 'done', note: text || null, photos },
              { onSuccess: () => setDialog(null) },
            )
          }
        />
      )}
      {dialog === 'problem' && (
        <ProblemModal
          taskId={t.id}
          title={t.property.title}
          busy={report.isPending}
          onClose={() => setDialog(null)}
          onSubmit={(values) => report.mutate(values, { onSuccess: () => setDialog(null) })}
        />
      )}
    </Stack>
  );
}
