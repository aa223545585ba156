import { useLocation } from '@tanstack/react-router';
import { readId } from '#shared/url-search.ts';
import { TaskPage } from './task-page.tsx';
import { TasksPage } from './tasks-page.tsx';

/** The turnovers, or one of them when the address names it. */
export function TasksRoute() {
  const { searchStr } = useLocation();
  const taskId = readId(new URLSearchParams(searchStr).get('task') ?? undefined);
  return taskId === undefined ? <TasksPage /> : <TaskPage key={taskId} taskId={taskId} />;
}
