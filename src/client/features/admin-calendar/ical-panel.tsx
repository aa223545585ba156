import { Alert, Button, Card, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal.tsx';
import { errorMessage } from '../../lib/trpc.ts';
import { icalQuery, useRegenerateIcal } from './api.ts';
import { FeedsCard } from './feeds-card.tsx';
import '../../styles/more-components.css';

/** The home's iCal export: the secret URL other channels import, a copy button and 'Regenerate'. */
export function IcalPanel({ propertyId }: { propertyId: number }) {
  // A new feed's first sync runs on the queue: its row fills in as soon as it is done.
  const info = useQuery({
    ...icalQuery(propertyId),
    refetchInterval: (q) => (q.state.data?.feeds.some((f) => f.lastSyncAt === null) ? 2000 : false),
  });
  const regenerate = useRegenerateIcal(propertyId);
  const [confirming, setConfirming] = useState(false);
  return (
    <Stack gap="md">
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Title order={3} size="h4">
            Calendar sync (iCal)
          </Title>
          <Text size="sm" c="dimmed">
            Paste this secret address into other booking sites so they see this home&apos;s bookings and
            blocks. Anyone with it can read the dates (never guests&apos; details); regenerate it if it leaks.
          </Text>
          {info.isError && (
            <Alert color="red">{errorMessage(info.error, 'Could not load the feed URL')}</Alert>
          )}
          <Group align="flex-end" wrap="nowrap">
            <TextInput
              label="Export URL"
              readOnly
              value={info.data?.exportUrl ?? ''}
              style={{ flex: 1 }}
              data-testid="ical-export-url"
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyButton value={info.data?.exportUrl ?? ''}>
              {({ copied, copy }) => (
                <Button variant="light" onClick={copy} disabled={!info.data}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
            <Button variant="default" loading={regenerate.isPending} onClick={() => setConfirming(true)}>
              Regenerate
            </Button>
          </Group>
        </Stack>
      </Card>
      <FeedsCard propertyId={propertyId} feeds={info.data?.feeds ?? []} />
      {/* The app's own confirm step; closing it hands focus back to 'Regenerate'. */}
      <ConfirmDeleteModal
        opened={confirming}
        title="Make a new feed URL?"
        onClose={() => setConfirming(false)}
        onConfirm={() => regenerate.mutate({ id: propertyId }, { onSettled: () => setConfirming(false) })}
        loading={regenerate.isPending}
        confirmLabel="Regenerate"
        centered
      >
        Sites using the old one will stop receiving updates.
      </ConfirmDeleteModal>
    </Stack>
  );
}
