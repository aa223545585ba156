import { Button, Stack, Text } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { useAuth } from '../lib/auth.tsx';

/** What a signed-in page shows a signed-out visitor: what signing in is for, and the Log in button. */
export function SignInPrompt({ reason }: { reason: string }) {
  const { openAuthDialog } = useAuth();
  return (
    <Stack align="center" py="xl" gap="sm" ta="center">
      <Text fw={600}>{reason}</Text>
      <Button leftSection={<IconLogin size={16} aria-hidden />} onClick={() => openAuthDialog('login')}>
        Log in
      </Button>
    </Stack>
  );
}
