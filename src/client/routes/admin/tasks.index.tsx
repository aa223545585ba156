import { createFileRoute } from '@tanstack/react-router';
import { TasksPage } from '../../features/admin-tasks/tasks-page.tsx';

export const Route = createFileRoute('/admin/tasks/')({
  component: TasksPage,
});
