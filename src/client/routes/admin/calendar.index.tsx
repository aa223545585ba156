import { createFileRoute } from '@tanstack/react-router';
import { TimelinePage } from '../../features/admin-calendar/timeline-page.tsx';

export const Route = createFileRoute('/admin/calendar/')({
  component: TimelinePage,
});
