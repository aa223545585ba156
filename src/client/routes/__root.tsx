import { Container, Stack, Text, Title } from '@mantine/core';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { TRouterContext } from '../router.tsx';

function NotFound() {
  return (
    <Container py="xl">
      <Stack align="center" gap="xs">
        <Title order={1}>404 Page Not Found</Title>
        <Text c="dimmed">Did you forget to add the page to the router?</Text>
      </Stack>
    </Container>
  );
}

export const Route = createRootRouteWithContext<TRouterContext>()({
  component: () => <Outlet />,
  notFoundComponent: NotFound,
});
