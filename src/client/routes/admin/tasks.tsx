import { createFileRoute } from '@tanstack/react-router';
import { TasksRoute } from '../../features/admin-tasks/tasks-route.tsx';

export const Route = createFileRoute('/admin/tasks')({
  component: TasksRoute,
});
