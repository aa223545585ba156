import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** 'any other path' (docs/product.md#guest-pages). */
export function NotFoundContent() {
  return (
    <Container size="sm" py={96}>
      <Stack align="center" gap="sm" ta="center">
        <Text fz={72} fw={900} c="brand.6" lh={1} aria-hidden>
          404
        </Text>
        <Title order={1} fz="h2">
          404 Page Not Found
        </Title>
        <Text c="dimmed">Did you forget to add the page to the router?</Text>
        <Button component={Link} to="/" mt="md" radius="xl">
          Back to home
        </Button>
      </Stack>
    </Container>
  );
}
