import { Center, Group, Loader, Text } from '@mantine/core';

/** The spec's 'Loading...' while authentication loads (admin-side §2.2). */
export function LoadingLine() {
  return (
    <Center py="xl">
      <Group gap="sm">
        <Loader size="sm" />
        <Text>Loading...</Text>
      </Group>
    </Center>
  );
}
