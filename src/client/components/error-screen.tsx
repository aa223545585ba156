import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Component, useEffect, useRef, type ReactNode } from 'react';
import { retryFailedLoads } from '../lib/lazy-retry.tsx';

/**
 * What the guest sees when part of the page failed to load or to draw (a dropped connection leaves a
 * code chunk unloaded): a way back instead of a blank page. "Try again" draws the page afresh, loading
 * what failed again (lazy-retry.tsx); "Reload page" starts over. A booking in progress survives both
 * (features/booking/booking-draft.ts).
 */
export function ErrorScreen({ onRetry }: { onRetry: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus moves to the message, so a screen reader says what happened to the page.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Container size="sm" py={96} data-testid="error-screen">
      <Stack align="center" gap="sm" ta="center">
        <Title order={1} fz="h2" ref={heading} tabIndex={-1}>
          Something went wrong
        </Title>
        <Text c="dimmed">Part of this page could not be loaded. Check your connection, then try again.</Text>
        <Group mt="md">
          <Button
            radius="xl"
            onClick={() => {
              retryFailedLoads();
              onRetry();
            }}
          >
            Try again
          </Button>
          <Button radius="xl" variant="default" onClick={() => window.location.reload()}>
            Reload page
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}

/**
 * The last line: an error outside the router's own boundaries (the toast host, the sign-in dialog, the
 * providers) would otherwise unmount the whole app and leave the page blank. React reports the error
 * to the console itself.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    if (this.state.failed) return <ErrorScreen onRetry={() => this.setState({ failed: false })} />;
    return this.props.children;
  }
}
