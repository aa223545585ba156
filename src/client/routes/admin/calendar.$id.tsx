import { Alert } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { PropertyCalendarPage } from '../../features/admin-calendar/property-calendar-page.tsx';
import { readId } from '#shared/url-search.ts';

export const Route = createFileRoute('/admin/calendar/$id')({
  component: function AdminPropertyCalendar() {
    const id = readId(Route.useParams().id);
    if (id === undefined) return <Alert color="red">Invalid Property ID</Alert>;
    return <PropertyCalendarPage propertyId={id} />;
  },
});
