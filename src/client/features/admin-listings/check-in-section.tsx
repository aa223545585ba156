import { Button, Card, Checkbox, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  AGREEMENT_MAX,
  DOOR_CODE_LENGTH_MAX,
  DOOR_CODE_LENGTH_MIN,
  DOOR_CODE_REVEAL_HOURS_MAX,
  REMINDER_DAYS_MAX,
  ZCheckInSettingsForm,
  type TCheckInSettings,
} from '#shared/schemas/check-in.ts';
import { errorMessage } from '../../lib/trpc.ts';
import { checkInSettingsQuery, useSaveCheckInSettings } from './api.ts';
import { GrowingTextarea } from '../../components/growing-textarea.tsx';

/**
 * A home's online check-in (docs/check-in.md), saved on its own: whether the lead guest's ID is asked
 * for, the rental agreement with its variables, the door codes and when they show, the reminder.
 */
export function CheckInSection({ propertyId }: { propertyId: number }) {
  const current = useQuery(checkInSettingsQuery(propertyId));
  if (!current.data) return null;
  return <CheckInForm propertyId={propertyId} settings={current.data} />;
}

const numberOf = (v: number | string) => (typeof v === 'number' ? v : Number(v));

function CheckInForm({ propertyId, settings }: { propertyId: number; settings: TCheckInSettings }) {
  const [requireId, setRequireId] = useState(settings.requireId);
  const [agreement, setAgreement] = useState(settings.agreement ?? '');
  const [revealHours, setRevealHours] = useState<number | string>(settings.revealHoursBefore);
  const [codes, setCodes] = useState(settings.doorCodes.join('\n'));
  const [codeLength, setCodeLength] = useState<number | string>(settings.doorCodeLength);
  const [reminderDays, setReminderDays] = useState<number | string>(settings.reminderDaysBefore);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveCheckInSettings(propertyId, {
    onDone: () => notifications.show({ message: 'Check-in settings saved', color: 'green' }),
    onError: (err) =>
      notifications.show({
        title: 'Error',
        message: errorMessage(err, 'The check-in settings could not be saved.'),
        color: 'red',
      }),
  });

  const submit = () => {
    const values = {
      requireId,
      agreement: agreement.trim() === '' ? null : agreement,
      revealHoursBefore: numberOf(revealHours),
      doorCodes: codes
        .split(/[\n,]/)
        .map((c) => c.trim())
        .filter((c) => c !== ''),
      doorCodeLength: numberOf(codeLength),
      reminderDaysBefore: numberOf(reminderDays),
    };
    // The server's schema, so the section says what it would refuse, by field.
    const parsed = ZCheckInSettingsForm.safeParse(values);
    const found: Record<string, string> = {};
    if (!parsed.success) for (const i of parsed.error.issues) found[String(i.path[0])] ??= i.message;
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate({ id: propertyId, ...values });
  };

  return (
    <Card withBorder padding="md" mb="md" component="section" aria-labelledby="check-in-settings-title">
      <Title order={2} size="h4" id="check-in-settings-title">
        Check-in
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        Online check-in, the rental agreement and the door code each stay gets
      </Text>
      <Stack gap="sm">
        <Checkbox
          label="Ask the lead guest for a photo of their ID (kept privately, deleted after the stay)"
          checked={requireId}
          onChange={(e) => setRequireId(e.currentTarget.checked)}
          data-testid="check-in-require-id"
        />
        <GrowingTextarea
          label="Rental agreement"
          description={`Guests sign it by typing their name. Variables such as {{guest_name}}, {{home}}, {{check_in_date}} are filled in. At most ${AGREEMENT_MAX} characters; empty: no agreement.`}
          minRows={3}
          maxRows={12}
          value={agreement}
          onChange={(e) => setAgreement(e.currentTarget.value)}
          error={errors.agreement}
          data-testid="check-in-agreement"
        />
        <GrowingTextarea
          label="Door codes"
          description="One per line, given to stays in turn. Empty: each stay gets a generated code."
          minRows={2}
          maxRows={8}
          value={codes}
          onChange={(e) => setCodes(e.currentTarget.value)}
          error={errors.doorCodes}
          data-testid="check-in-door-codes"
        />
        <Group align="start" grow>
          <NumberInput
            label="Generated code length"
            min={DOOR_CODE_LENGTH_MIN}
            max={DOOR_CODE_LENGTH_MAX}
            allowDecimal={false}
            value={codeLength}
            onChange={setCodeLength}
            error={errors.doorCodeLength}
          />
          <NumberInput
            label="Show the door code from (hours before check-in)"
            min={0}
            max={DOOR_CODE_REVEAL_HOURS_MAX}
            allowDecimal={false}
            value={revealHours}
            onChange={setRevealHours}
            error={errors.revealHoursBefore}
            data-testid="check-in-reveal-hours"
          />
          <NumberInput
            label="Send the check-in reminder (days before arrival)"
            min={0}
            max={REMINDER_DAYS_MAX}
            allowDecimal={false}
            value={reminderDays}
            onChange={setReminderDays}
            error={errors.reminderDaysBefore}
          />
        </Group>
        <Group justify="flex-end">
          <Button variant="default" loading={save.isPending} onClick={submit} data-testid="check-in-save">
            Save check-in settings
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
