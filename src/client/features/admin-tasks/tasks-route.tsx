import { Loader } from '@mantine/core';
import { useSearch } from '@tanstack/react-router';
import { Suspense } from 'react';
import { readId } from '#shared/url-search.ts';
import { lazyRetry } from '../../lib/lazy-retry.tsx';

/*
 * Both pages load on demand, so the route's own chunk shares no module with them: a module shared by a
 * route's chunk and a chunk it loads later becomes a chunk of its own, listed in the home page's first
 * script, which is at its size budget.
 */
const TasksPage = lazyRetry(() => import('./tasks-page.tsx').then((m) => ({ default: m.TasksPage })));
const TaskPage = lazyRetry(() => import('./task-page.tsx').then((m) => ({ default: m.TaskPage })));

/** The turnovers, or one of them when the address names it (`?task=ID`, see task-link.ts). */
export function TasksRoute() {
  const search: Record<string, unknown> = useSearch({ strict: false });
  const taskId = readId(search.task);
  return (
    <Suspense fallback={<Loader role="status" aria-label="Loading the turnovers" />}>
      {taskId === undefined ? <TasksPage /> : <TaskPage key={taskId} taskId={taskId} />}
    </Suspense>
  );
}
