import { Center, Group, Loader, Text } from '@mantine/core';

/** The spec's 'Loading...' while authentication loads (docs/product.md#admin-guard). */
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
