import { Alert, Badge, Button, Card, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type MouseEvent } from 'react';
import { addDays, formatIsoDate, todayIso } from '#shared/dates.ts';
import { TASK_STATUS_LABELS } from '#shared/schemas/task-labels.ts';
import type { TTask } from '#shared/schemas/tasks.ts';
import { useAuth } from '../../lib/auth.tsx';
import { useDirectAdmin } from '../../lib/direct-admin.ts';
import { useFocusReturn } from '../../lib/focus-return.ts';
import { staffRole } from '../../lib/staff-pages.ts';
import { errorMessage } from '../../lib/trpc.ts';
import { tasksQuery, useReportProblem, useTaskUpdate } from './api.ts';
import { FinishModal } from './finish-modal.tsx';
import { ProblemModal } from './problem-modal.tsx';
import { taskHref, useTaskLinkClick } from './task-link.ts';

type TFinishKind = 'done' | 'problem';

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
  directAdmin,
  onOpen,
  onStart,
  onFinish,
}: {
  task: TTask;
  directAdmin: boolean;
  onOpen: (event: MouseEvent<HTMLAnchorElement>) => void;
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
        <Group gap="xs" mt={4}>
          <Button
            size="sm"
            variant="light"
            component="a"
            href={taskHref(task.id, directAdmin)}
            onClick={onOpen}
            aria-label={`Checklist of ${task.property.title}`}
          >
            Checklist
          </Button>
          {task.status !== 'done' && (
            <>
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
            </>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

function ReportProblem({ task, onClose }: { task: TTask; onClose: () => void }) {
  const report = useReportProblem(task.id);
  return (
    <ProblemModal
      taskId={task.id}
      title={task.property.title}
      busy={report.isPending}
      onClose={onClose}
      onSubmit={(values) => report.mutate(values, { onSuccess: onClose })}
    />
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
  const directAdmin = useDirectAdmin();
  const openTask = useTaskLinkClick();
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
              directAdmin={directAdmin}
              onOpen={openTask}
              onStart={() => update.mutate({ id: task.id, status: 'in_progress' })}
              onFinish={(kind) => setFinishing({ task, kind })}
            />
          ))}
        </Stack>
      ))}
      {finishing?.kind === 'done' && (
        <FinishModal
          task={finishing.task}
          busy={update.isPending}
          onClose={() => setFinishing(null)}
          onSubmit={({ text, photos }) =>
            update.mutate(
              { id: finishing.task.id, status: 'done', note: text || null, photos },
              { onSuccess: () => setFinishing(null) },
            )
          }
        />
      )}
      {finishing?.kind === 'problem' && (
        <ReportProblem task={finishing.task} onClose={() => setFinishing(null)} />
      )}
    </Stack>
  );
}
