import { Button, Card, Group, NumberInput, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { OwnerSelect } from '../../components/owner-select.tsx';
import { errorMessage } from '../../lib/trpc.ts';
import { homeOwnerQuery, useSaveHomeOwner } from './api.ts';

/**
 * A home's owner and the commission on its stays (docs/owner-statements.md), saved on its own: the
 * owner-operator's alone, apart from the listing's fields.
 */
export function HomeOwnerSection({ propertyId }: { propertyId: number }) {
  const current = useQuery(homeOwnerQuery(propertyId));
  if (!current.data) return null;
  return (
    <HomeOwnerForm
      propertyId={propertyId}
      ownerId={current.data.ownerId}
      commissionPercent={current.data.commissionPercent}
    />
  );
}

function HomeOwnerForm({
  propertyId,
  ownerId,
  commissionPercent,
}: {
  propertyId: number;
  ownerId: number | null;
  commissionPercent: number | null;
}) {
  const [owner, setOwner] = useState<number | null>(ownerId);
  const [percent, setPercent] = useState<number | string>(commissionPercent ?? 0);
  const save = useSaveHomeOwner(propertyId, {
    onDone: () => notifications.show({ message: "The home's owner is saved", color: 'green' }),
    onError: (err) =>
      notifications.show({
        title: 'Error',
        message: errorMessage(err, "The home's owner could not be saved."),
        color: 'red',
      }),
  });
  const percentValue = typeof percent === 'number' ? percent : Number(percent);
  return (
    <Card withBorder padding="md" mb="md" component="section" aria-labelledby="home-owner-title">
      <Title order={2} size="h4" id="home-owner-title">
        Owner
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        Who owns this home, and the commission kept from its stays in their statements
      </Text>
      <Group align="end">
        <OwnerSelect value={owner} onChange={setOwner} clearable placeholder="No owner" />
        <NumberInput
          label="Commission %"
          min={0}
          max={100}
          decimalScale={2}
          value={percent}
          onChange={setPercent}
          disabled={owner === null}
          w={140}
        />
        <Button
          variant="default"
          loading={save.isPending}
          disabled={owner !== null && !Number.isFinite(percentValue)}
          onClick={() =>
            save.mutate({
              id: propertyId,
              ownerId: owner,
              ...(owner === null ? {} : { commissionPercent: percentValue }),
            })
          }
        >
          Save owner
        </Button>
      </Group>
    </Card>
  );
}
