import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TAdminEmail } from '#shared/schemas/emails.ts';
import { errorMessage } from '../../lib/trpc.ts';
import { useRetryEmail } from './api.ts';

/** Filled badges whose text keeps 4.5:1 in both schemes (the light variant's tinted text fell short). */
const STATUS: Record<TAdminEmail['status'], { label: string; color: string; c: string }> = {
  queued: { label: 'Queued', color: 'yellow.4', c: 'black' },
  sent: { label: 'Sent', color: '#1e6b2e', c: 'white' },
  delivered_locally: { label: 'Delivered locally', color: 'blue.9', c: 'white' },
  failed: { label: 'Failed', color: 'red.9', c: 'white' },
};

/** One outbox row: its status, the last error of a failed one, Preview and (when failed) Retry. */
export function EmailRow({ email, onPreview }: { email: TAdminEmail; onPreview: () => void }) {
  const retry = useRetryEmail();
  const status = STATUS[email.status];
  return (
    <Table.Tr data-testid="email-row">
      <Table.Td>{new Date(email.createdAt).toLocaleString('en-US')}</Table.Td>
      <Table.Td style={{ wordBreak: 'break-all' }}>{email.to}</Table.Td>
      <Table.Td>{email.subject}</Table.Td>
      <Table.Td>{email.template}</Table.Td>
      <Table.Td>
        <Stack gap={4}>
          <Badge color={status.color} c={status.c} variant="filled" data-testid="email-status">
            {status.label}
          </Badge>
          {email.lastError && (
            <Text size="xs" c={email.status === 'failed' ? 'red' : 'dimmed'} data-testid="email-error">
              {email.lastError}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>{email.attempts}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="light" onClick={onPreview} aria-label={`Preview: ${email.subject}`}>
            Preview
          </Button>
          {email.status === 'failed' && (
            <Button
              size="xs"
              variant="outline"
              color="red"
              loading={retry.isPending}
              aria-label={`Retry: ${email.subject}`}
              onClick={() =>
                retry.mutate(
                  { id: email.id },
                  {
                    onSuccess: () => notifications.show({ color: 'green', message: 'Email queued again' }),
                    onError: (err) =>
                      notifications.show({ color: 'red', message: errorMessage(err, 'Retry failed') }),
                  },
                )
              }
            >
              Retry
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
