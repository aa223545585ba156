import { createFileRoute } from '@tanstack/react-router';
import { PropertyCalendarPage } from '../../features/admin-calendar/property-calendar-page.tsx';

export const Route = createFileRoute('/admin/calendar/$id')({
  component: function AdminPropertyCalendar() {
    const { id } = Route.useParams();
    return <PropertyCalendarPage propertyId={Number(id)} />;
  },
});
