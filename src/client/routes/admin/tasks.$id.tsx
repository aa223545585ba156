import { Alert } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { readId } from '#shared/url-search.ts';
import { TaskPage } from '../../features/admin-tasks/task-page.tsx';

export const Route = createFileRoute('/admin/tasks/$id')({
  component: function AdminTask() {
    const id = readId(Route.useParams().id);
    if (id === undefined) return <Alert color="red">Invalid task ID</Alert>;
    return <TaskPage taskId={id} />;
  },
});
