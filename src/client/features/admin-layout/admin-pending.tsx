import { Box, Group, Skeleton, Stack, Text } from '@mantine/core';

/**
 * What /admin shows while the admin guard checks the session (a slow network must not leave a blank
 * page): the frame's outline in skeletons and the spec's 'Loading...'.
 */
export function AdminPending() {
  return (
    <Group align="flex-start" gap={0} wrap="nowrap" mih="100vh" data-testid="admin-pending">
      <Stack
        w={240}
        p="sm"
        gap="xs"
        visibleFrom="sm"
        style={{ borderRight: '1px solid var(--mantine-color-default-border)' }}
      >
        {Array.from({ length: 7 }, (_, i) => (
          <Skeleton key={i} h={32} />
        ))}
      </Stack>
      <Box p="md" style={{ flex: 1 }}>
        <Text role="status" c="dimmed" mb="md">
          Loading...
        </Text>
        <Skeleton h={32} w={240} mb="lg" />
        <Stack gap="sm">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} h={20} />
          ))}
        </Stack>
      </Box>
    </Group>
  );
}
