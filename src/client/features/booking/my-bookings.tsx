import { Anchor, Button, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { AnchorLink } from '../../components/anchor-link.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { BookingsList } from './my-bookings-list.tsx';
import '../../styles/more-components.css';

/** 'My bookings' (docs/decisions.md#my-bookings): upcoming, past and cancelled stays of the signed-in user. */
export function MyBookingsPage() {
  const { isAuthenticated, isLoading, user, openAuthDialog } = useAuth();
  return (
    <Container size="xl" py="lg">
      <Title order={1} fz={28} mb="xs">
        My bookings
      </Title>
      <Text c="dimmed" size="sm" mb="lg">
        Booked without signing in? Open the link in your booking e-mail (or{' '}
        <AnchorLink to="/find-booking">find your booking</AnchorLink>) and choose &lsquo;Add to my
        bookings&rsquo;.
      </Text>
      {isLoading && !user ? (
        <Skeleton h={200} radius="md" />
      ) : isAuthenticated ? (
        <BookingsList />
      ) : (
        <Stack align="center" py="xl" gap="sm" ta="center">
          <Text fw={600}>Sign in to see your bookings</Text>
          <Text c="dimmed" size="sm">
            Bookings made while signed in are listed here.{' '}
            <Anchor component={Link} to="/find-booking">
              Find a booking made without an account
            </Anchor>
          </Text>
          <Button leftSection={<IconLogin size={16} aria-hidden />} onClick={() => openAuthDialog('login')}>
            Log in
          </Button>
        </Stack>
      )}
    </Container>
  );
}
