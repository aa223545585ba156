import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TAdminEmail } from '../../../shared/schemas/emails.ts';
import { trpc } from '../../lib/trpc.ts';
import '../../styles/more-components.css';

const STATUS: Record<TAdminEmail['status'], { label: string; color: string }> = {
  queued: { label: 'Queued', color: 'yellow' },
  sent: { label: 'Sent', color: 'green' },
  delivered_locally: { label: 'Delivered locally', color: 'blue' },
  failed: { label: 'Failed', color: 'red' },
};

const PAGE_SIZE = 20;

/** The email outbox (DECISIONS 17): what was sent to whom, and each message as it was rendered. */
export function EmailsPage() {
  const [page, setPage] = useState(1);
  const [preview, setPreview] = useState<TAdminEmail | null>(null);
  const emails = useQuery({
    ...trpc.admin.emails.queryOptions({ page, pageSize: PAGE_SIZE }),
    refetchInterval: 5_000,
  });
  return (
    <Stack gap="md">
      <Title order={1} fz={26}>
        Emails
      </Title>
      {emails.isPending ? (
        <Skeleton h={300} radius="md" />
      ) : emails.isError ? (
        <Alert color="red" variant="light" title="Failed to load emails" />
      ) : emails.data.items.length === 0 ? (
        <Text c="dimmed">No emails yet.</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={720}>
            <Table striped highlightOnHover data-testid="emails-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Time</Table.Th>
                  <Table.Th>Recipient</Table.Th>
                  <Table.Th>Subject</Table.Th>
                  <Table.Th>Template</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Attempts</Table.Th>
                  <Table.Th>
                    <span className="mantine-visually-hidden">Preview</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {emails.data.items.map((e) => (
                  <Table.Tr key={e.id} data-testid="email-row">
                    <Table.Td>{new Date(e.createdAt).toLocaleString('en-US')}</Table.Td>
                    <Table.Td>{e.to}</Table.Td>
                    <Table.Td>{e.subject}</Table.Td>
                    <Table.Td>{e.template}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS[e.status].color} variant="light" title={e.lastError ?? undefined}>
                        {STATUS[e.status].label}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{e.attempts}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => setPreview(e)}
                        aria-label={`Preview: ${e.subject}`}
                      >
                        Preview
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="center">
            <Pagination
              total={Math.max(1, Math.ceil(emails.data.total / PAGE_SIZE))}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            />
          </Group>
        </>
      )}
      <Modal
        opened={preview !== null}
        onClose={() => setPreview(null)}
        title={preview?.subject}
        size="xl"
        centered
      >
        {preview && (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              To {preview.to}
            </Text>
            <iframe
              title={`Email: ${preview.subject}`}
              sandbox=""
              srcDoc={preview.html}
              style={{ width: '100%', height: 480, border: '1px solid var(--mantine-color-default-border)' }}
              data-testid="email-preview"
            />
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
