import {
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { formatHomeTime, homeZoneLabel } from '#shared/home-time.ts';
import {
  DAY_COUNT_TRIGGERS,
  MESSAGE_MAX,
  MESSAGE_TRIGGERS,
  TEMPLATE_VARIABLES,
  TIMED_TRIGGERS,
  TRIGGER_LABEL,
  type TMessageTrigger,
  type TTemplate,
} from '#shared/schemas/messaging.ts';
import { errorMessage } from '../../lib/trpc.ts';
import { useCreateTemplate, usePreviewTemplate, useUpdateTemplate } from './api.ts';
import { GrowingTextarea } from '../../components/growing-textarea.tsx';

interface TDraft {
  name: string;
  trigger: TMessageTrigger;
  offsetDays: number;
  sendTime: string;
  body: string;
  enabled: boolean;
}

const toDraft = (t: TTemplate | null): TDraft => ({
  name: t?.name ?? '',
  trigger: t?.trigger ?? 'days_before_check_in',
  offsetDays: t?.offsetDays || 1,
  sendTime: t?.sendTime ?? '',
  body: t?.body ?? '',
  enabled: t?.enabled ?? true,
});

/** One template's form with its preview against a real booking (docs/messaging.md#automated-messages). */
export function TemplateEditor({ template, onDone }: { template: TTemplate | null; onDone: () => void }) {
  const [d, setD] = useState<TDraft>(() => toDraft(template));
  const [error, setError] = useState<string | null>(null);
  const [bookingId, setBookingId] = useState<number | string>('');
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const preview = usePreviewTemplate();
  const timed = TIMED_TRIGGERS.includes(d.trigger);
  const counted = DAY_COUNT_TRIGGERS.includes(d.trigger);
  const set = (patch: Partial<TDraft>) => setD((prev) => ({ ...prev, ...patch }));
  const fields = () => ({
    name: d.name,
    trigger: d.trigger,
    offsetDays: counted ? d.offsetDays : 0,
    sendTime: timed && d.sendTime ? d.sendTime : null,
    body: d.body,
    enabled: d.enabled,
  });

  const save = async () => {
    setError(null);
    try {
      if (template) await update.mutateAsync({ id: template.id, ...fields() });
      else await create.mutateAsync(fields());
      onDone();
    } catch (err) {
      setError(errorMessage(err, 'The template could not be saved.'));
    }
  };
  const runPreview = () => {
    setError(null);
    preview.mutate(
      {
        bookingId: Number(bookingId),
        body: d.body,
        trigger: d.trigger,
        offsetDays: fields().offsetDays,
        sendTime: fields().sendTime,
      },
      { onError: (err) => setError(errorMessage(err, 'The preview could not be made.')) },
    );
  };

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-label={template ? `Edit ${template.name}` : 'New template'}
      data-testid="template-editor"
    >
      <Stack gap="sm">
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <TextInput
          label="Name"
          required
          value={d.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
        />
        <Select
          label="When"
          data={MESSAGE_TRIGGERS.map((t) => ({ value: t, label: TRIGGER_LABEL[t] }))}
          value={d.trigger}
          onChange={(v) => v && set({ trigger: v })}
          allowDeselect={false}
        />
        <Group grow align="flex-start" wrap="wrap">
          {counted && (
            <NumberInput
              label="Days"
              min={0}
              max={60}
              value={d.offsetDays}
              onChange={(v) => set({ offsetDays: Number(v) || 0 })}
              miw={120}
            />
          )}
          {timed && (
            <TextInput
              label="Time at the home"
              type="time"
              description="Leave empty for the usual time"
              value={d.sendTime}
              onChange={(e) => set({ sendTime: e.currentTarget.value })}
              miw={140}
            />
          )}
        </Group>
        <GrowingTextarea
          label="Message"
          required
          minRows={5}
          maxRows={14}
          maxLength={MESSAGE_MAX}
          value={d.body}
          onChange={(e) => set({ body: e.currentTarget.value })}
          description={`Variables: ${TEMPLATE_VARIABLES.map((v) => `{{${v}}}`).join(' ')}`}
          data-testid="template-body"
        />
        <Switch
          label="Enabled"
          checked={d.enabled}
          onChange={(e) => set({ enabled: e.currentTarget.checked })}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button onClick={() => void save()} loading={create.isPending || update.isPending}>
            Save template
          </Button>
        </Group>
        <Group align="flex-end" wrap="wrap" gap="sm">
          <NumberInput
            label="Preview with booking #"
            min={1}
            value={bookingId}
            onChange={setBookingId}
            miw={160}
          />
          <Button
            variant="light"
            onClick={runPreview}
            loading={preview.isPending}
            disabled={bookingId === '' || d.body.trim() === ''}
          >
            Preview
          </Button>
        </Group>
        {preview.data && (
          <Card withBorder radius="sm" padding="sm" data-testid="template-preview" aria-live="polite">
            <Text size="xs" c="dimmed" mb={4}>
              {preview.data.sendAt
                ? // On the home's clock, the one the schedule counts in (docs/messaging.md#automated-messages).
                  `Would be sent ${formatHomeTime(new Date(preview.data.sendAt), preview.data.timeZone)}, ${homeZoneLabel(preview.data.timeZone)}`
                : 'Sent when the event happens'}
              {preview.data.privateDetailsIncluded ? '' : ' · door code and Wi-Fi withheld at that time'}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {preview.data.text}
            </Text>
          </Card>
        )}
      </Stack>
    </Card>
  );
}
