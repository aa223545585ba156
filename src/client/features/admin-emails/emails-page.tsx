import { Alert, Group, Modal, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TAdminEmail } from '#shared/schemas/emails.ts';
import { TablePager } from '../../components/table-pager.tsx';
import { emailsQuery } from './api.ts';
import { EmailRow } from './email-row.tsx';
import '../../styles/more-components.css';

const PAGE_SIZE = 20;

/** The email outbox (docs/decisions.md#emails): what was sent to whom, and each message as it was rendered. */
export function EmailsPage() {
  const [page, setPage] = useState(1);
  const [preview, setPreview] = useState<TAdminEmail | null>(null);
  const emails = useQuery({
    ...emailsQuery(page, PAGE_SIZE),
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
                  <EmailRow key={e.id} email={e} onPreview={() => setPreview(e)} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="center">
            <TablePager
              pages={Math.max(1, Math.ceil(emails.data.total / PAGE_SIZE))}
              page={page}
              onPage={setPage}
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
              // No scripts, no same-origin access: the email's HTML can do nothing but show itself.
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
