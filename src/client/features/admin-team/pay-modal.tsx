import { Alert, Button, Group, Loader, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PAY_RATE_MAX, ZPayRatesInput, type TPayRates } from '#shared/schemas/housekeeping.ts';
import type { TStaffMember } from '#shared/schemas/staff.ts';
import { errorMessage } from '../../lib/trpc.ts';
import { payRatesQuery, useSetPayRates } from './api/pay.ts';

type TAmount = number | string;
const amountOrNull = (v: TAmount): number | null => (v === '' ? null : Number(v));

/**
 * A housekeeper's pay (docs/staff.md#housekeeping-pay): a rate per completed task, and a rate for any of
 * their homes where it differs. A task keeps the pay it recorded when it was done.
 */
export function PayModal({ member, onClose }: { member: TStaffMember; onClose: () => void }) {
  const rates = useQuery(payRatesQuery(member.id));
  const name = member.name ?? member.username;
  return (
    <Modal opened onClose={onClose} title={`Pay of ${name}`} centered>
      {rates.isPending && <Loader role="status" aria-label="Loading the pay" />}
      {rates.isError && (
        <Alert color="red" title="Failed to load the pay">
          {errorMessage(rates.error, 'Please try again later.')}
        </Alert>
      )}
      {rates.data && <PayForm member={member} rates={rates.data} onClose={onClose} />}
    </Modal>
  );
}

function PayForm({
  member,
  rates,
  onClose,
}: {
  member: TStaffMember;
  rates: TPayRates;
  onClose: () => void;
}) {
  const [base, setBase] = useState<TAmount>(rates.defaultRate ?? '');
  const [homes, setHomes] = useState<Record<number, TAmount>>(() =>
    Object.fromEntries(
      member.homes.map((h) => [h.id, rates.overrides.find((o) => o.propertyId === h.id)?.rate ?? '']),
    ),
  );
  const [error, setError] = useState<string | null>(null);
  const save = useSetPayRates(member.id, {
    onDone: onClose,
    onError: (err) => setError(errorMessage(err, 'The pay could not be saved.')),
  });
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const body = {
          id: member.id,
          defaultRate: amountOrNull(base),
          overrides: member.homes.flatMap((h) => {
            const rate = amountOrNull(homes[h.id] ?? '');
            return rate === null ? [] : [{ propertyId: h.id, rate }];
          }),
        };
        const parsed = ZPayRatesInput.safeParse(body);
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message ?? 'Check the rates');
          return;
        }
        setError(null);
        save.mutate(body);
      }}
    >
      <Stack gap="sm">
        <NumberInput
          label="Pay per task (USD)"
          description="Empty: no pay is recorded"
          min={0}
          max={PAY_RATE_MAX}
          decimalScale={2}
          value={base}
          onChange={setBase}
          data-autofocus
        />
        {member.homes.length > 0 && (
          <Text size="sm" fw={500}>
            A different rate for a home (empty: the rate above)
          </Text>
        )}
        {member.homes.map((h) => (
          <NumberInput
            key={h.id}
            label={`At ${h.title}`}
            min={0}
            max={PAY_RATE_MAX}
            decimalScale={2}
            value={homes[h.id] ?? ''}
            onChange={(v) => setHomes((prev) => ({ ...prev, [h.id]: v }))}
          />
        ))}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save pay
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
