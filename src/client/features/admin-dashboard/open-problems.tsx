import { Anchor, Badge, Button, Card, Group, Modal, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatIsoDate } from '#shared/dates.ts';
import type { TProblem } from '#shared/schemas/housekeeping.ts';
import { PROBLEM_SEVERITY_LABELS } from '#shared/schemas/task-labels.ts';
import { useFocusReturn } from '../../lib/focus-return.ts';
import { errorMessage } from '../../lib/trpc.ts';
import { openProblemsQuery, useResolveProblem } from './api/open-problems.ts';
import { GrowingTextarea } from '../../components/growing-textarea.tsx';

const SEVERITY_COLOR = { low: 'gray', medium: 'yellow', high: 'red' } as const;

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function ResolveModal({
  problem,
  busy,
  onClose,
  onResolve,
}: {
  problem: TProblem;
  busy: boolean;
  onClose: () => void;
  onResolve: (note: string) => void;
}) {
  const [note, setNote] = useState('');
  return (
    <Modal opened onClose={onClose} title={`Resolve the problem at ${problem.property.title}`} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onResolve(note.trim());
        }}
      >
        <Stack gap="sm">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {problem.description}
          </Text>
          <GrowingTextarea
            label="Note (optional)"
            description="What was done about it"
            minRows={2}
            maxLength={1000}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Resolve
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The problems housekeepers reported that are not resolved yet (docs/staff.md#problem-reports): the home,
 * the turnover, who reported it and when, until the back office resolves it.
 */
export function OpenProblems({ link }: { link: (path: string, query?: string) => string }) {
  const problems = useQuery(openProblemsQuery());
  const [resolving, setResolving] = useState<TProblem | null>(null);
  useFocusReturn(resolving !== null);
  const resolve = useResolveProblem({
    onDone: () => {
      setResolving(null);
      notifications.show({ message: 'The problem is resolved', color: 'green' });
    },
    onError: (err) =>
      notifications.show({
        title: 'Error',
        message: errorMessage(err, 'The problem could not be resolved'),
        color: 'red',
      }),
  });
  const data = problems.data;
  return (
    <Card
      withBorder
      padding="lg"
      data-testid="open-problems"
      component="section"
      aria-labelledby="open-problems-title"
    >
      <Group justify="space-between" mb="md">
        <Title order={2} fz="lg" id="open-problems-title">
          Open problems
        </Title>
        {data && data.total > 0 && (
          <Badge color="red" variant="light">
            {data.total}
          </Badge>
        )}
      </Group>
      {problems.isError ? (
        <Text c="red.9">{errorMessage(problems.error, 'Failed to load the problems')}</Text>
      ) : !data ? (
        <Skeleton h={44} />
      ) : data.items.length === 0 ? (
        <Text c="dimmed">No open problems</Text>
      ) : (
        <Stack gap="sm">
          {data.items.map((p) => (
            <Card key={p.id} withBorder padding="sm" data-testid="open-problem">
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {p.property.title}
                  </Text>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {p.description}
                  </Text>
                  <Text size="xs" c="dimmed">
                    <Anchor href={link('/admin/tasks', `task=${p.taskId}`)} size="xs">
                      Turnover of {formatIsoDate(p.dueDate)}
                    </Anchor>
                    {' · '}
                    {p.reporter?.name ?? 'A former team member'} · {when(p.createdAt)}
                  </Text>
                  {p.photo && (
                    <Anchor href={p.photo} size="xs" target="_blank" rel="noreferrer">
                      Photo
                    </Anchor>
                  )}
                </Stack>
                <Stack gap={6} align="flex-end">
                  <Badge color={SEVERITY_COLOR[p.severity]} variant="light">
                    {PROBLEM_SEVERITY_LABELS[p.severity]}
                  </Badge>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => setResolving(p)}
                    aria-label={`Resolve the problem at ${p.property.title}`}
                  >
                    Resolve
                  </Button>
                </Stack>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      {resolving && (
        <ResolveModal
          problem={resolving}
          busy={resolve.isPending}
          onClose={() => setResolving(null)}
          onResolve={(note) => resolve.mutate({ id: resolving.id, ...(note ? { note } : {}) })}
        />
      )}
    </Card>
  );
}
