import { ActionIcon, Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  CHECKLIST_ITEM_LABEL_MAX,
  CHECKLIST_ITEMS_MAX,
  CHECKLIST_ITEMS_PER_ROOM_MAX,
  CHECKLIST_ROOM_NAME_MAX,
  CHECKLIST_ROOMS_MAX,
  ZChecklistRooms,
  type TChecklistRoom,
} from '#shared/schemas/housekeeping.ts';
import { errorMessage } from '../../lib/trpc.ts';
import { checklistQuery, useSaveChecklist } from './api.ts';

/** A row being edited: `key` once the server has given one, `uid` for React's list keys. */
interface TItemDraft {
  uid: number;
  key?: string;
  label: string;
}
interface TRoomDraft {
  uid: number;
  key?: string;
  name: string;
  items: TItemDraft[];
}

let nextUid = 1;
const uid = () => nextUid++;
const draftsOf = (rooms: TChecklistRoom[]): TRoomDraft[] =>
  rooms.map((r) => ({
    uid: uid(),
    key: r.key,
    name: r.name,
    items: r.items.map((i) => ({ uid: uid(), key: i.key, label: i.label })),
  }));

function move<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return list;
  const out = [...list];
  const [x] = out.splice(from, 1);
  if (x !== undefined) out.splice(to, 0, x);
  return out;
}

/**
 * A home's turnover checklist (docs/staff.md#checklists): rooms and their items, added, renamed,
 * reordered and removed here and saved on their own, apart from the listing's fields. Checked with the
 * schema the server uses.
 */
export function HomeChecklistSection({
  propertyId,
  onDirtyChange,
}: {
  propertyId: number;
  /** Whether the list holds edits not saved yet, so closing the home's editor asks first. */
  onDirtyChange: (dirty: boolean) => void;
}) {
  const current = useQuery(checklistQuery(propertyId));
  if (!current.data) return null;
  return <ChecklistEditor propertyId={propertyId} rooms={current.data.rooms} onDirtyChange={onDirtyChange} />;
}

/** What a save would send, to tell an edited list from the saved one. */
const bodyOf = (rooms: TRoomDraft[]) =>
  rooms.map((r) => ({
    ...(r.key ? { key: r.key } : {}),
    name: r.name,
    items: r.items.map((i) => ({ ...(i.key ? { key: i.key } : {}), label: i.label })),
  }));

function MoveButtons({
  what,
  index,
  count,
  onMove,
  onRemove,
}: {
  what: string;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  return (
    <Group gap={2} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={`Move ${what} up`}
        disabled={index === 0}
        onClick={() => onMove(index - 1)}
      >
        <IconArrowUp size={16} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={`Move ${what} down`}
        disabled={index === count - 1}
        onClick={() => onMove(index + 1)}
      >
        <IconArrowDown size={16} aria-hidden />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" aria-label={`Remove ${what}`} onClick={onRemove}>
        <IconTrash size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

function ChecklistEditor({
  propertyId,
  rooms: saved,
  onDirtyChange,
}: {
  propertyId: number;
  rooms: TChecklistRoom[];
  onDirtyChange: (dirty: boolean) => void;
}) {
  const [rooms, setRooms] = useState<TRoomDraft[]>(() => draftsOf(saved));
  const [baseline, setBaseline] = useState(() => JSON.stringify(bodyOf(draftsOf(saved))));
  const dirty = JSON.stringify(bodyOf(rooms)) !== baseline;
  useEffect(() => {
    onDirtyChange(dirty);
  }, [dirty, onDirtyChange]);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveChecklist(propertyId, {
    onDone: (result) => {
      const next = draftsOf(result.rooms);
      setRooms(next);
      setBaseline(JSON.stringify(bodyOf(next)));
      notifications.show({ message: 'The checklist is saved', color: 'green' });
    },
    onError: (err) => setError(errorMessage(err, 'The checklist could not be saved.')),
  });
  const itemCount = rooms.reduce((n, r) => n + r.items.length, 0);
  const setRoom = (i: number, patch: (r: TRoomDraft) => TRoomDraft) =>
    setRooms((list) => list.map((r, j) => (j === i ? patch(r) : r)));

  const submit = () => {
    const body = bodyOf(rooms);
    const parsed = ZChecklistRooms.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const [, roomAt, , itemAt] = issue?.path ?? [];
      const where =
        typeof roomAt === 'number'
          ? ` (room ${roomAt + 1}${typeof itemAt === 'number' ? `, item ${itemAt + 1}` : ''})`
          : '';
      setError(`${issue?.message ?? 'Check the checklist'}${where}`);
      return;
    }
    setError(null);
    save.mutate({ id: propertyId, rooms: body });
  };

  return (
    <Card withBorder padding="md" mb="md" component="section" aria-labelledby="home-checklist-title">
      <Title order={2} size="h4" id="home-checklist-title">
        Housekeeping checklist
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        What the housekeeper ticks at each turnover, room by room. A turnover keeps the list it started with.
      </Text>
      <Stack gap="md" data-testid="checklist-editor">
        {rooms.map((room, i) => {
          const roomName = room.name.trim() || `room ${i + 1}`;
          return (
            <Card key={room.uid} withBorder padding="sm" data-testid="checklist-editor-room">
              <Stack gap="xs">
                <Group gap="xs" wrap="nowrap" align="flex-end">
                  <TextInput
                    label={`Room ${i + 1}`}
                    value={room.name}
                    maxLength={CHECKLIST_ROOM_NAME_MAX}
                    onChange={(e) => {
                      const name = e.currentTarget.value;
                      setRoom(i, (r) => ({ ...r, name }));
                    }}
                    style={{ flex: 1, minWidth: 0 }}
                  />
                  <MoveButtons
                    what={`the room ${roomName}`}
                    index={i}
                    count={rooms.length}
                    onMove={(to) => setRooms((list) => move(list, i, to))}
                    onRemove={() => setRooms((list) => list.filter((_, j) => j !== i))}
                  />
                </Group>
                {room.items.map((item, k) => (
                  <Group key={item.uid} gap="xs" wrap="nowrap" pl="sm">
                    <TextInput
                      aria-label={`Item ${k + 1} of ${roomName}`}
                      value={item.label}
                      maxLength={CHECKLIST_ITEM_LABEL_MAX}
                      onChange={(e) => {
                        const label = e.currentTarget.value;
                        setRoom(i, (r) => ({
                          ...r,
                          items: r.items.map((x, j) => (j === k ? { ...x, label } : x)),
                        }));
                      }}
                      style={{ flex: 1, minWidth: 0 }}
                    />
                    <MoveButtons
                      what={`item ${k + 1} of ${roomName}`}
                      index={k}
                      count={room.items.length}
                      onMove={(to) => setRoom(i, (r) => ({ ...r, items: move(r.items, k, to) }))}
                      onRemove={() => setRoom(i, (r) => ({ ...r, items: r.items.filter((_, j) => j !== k) }))}
                    />
                  </Group>
                ))}
                <Button
                  variant="subtle"
                  size="xs"
                  leftSection={<IconPlus size={14} aria-hidden />}
                  disabled={
                    room.items.length >= CHECKLIST_ITEMS_PER_ROOM_MAX || itemCount >= CHECKLIST_ITEMS_MAX
                  }
                  onClick={() =>
                    setRoom(i, (r) => ({ ...r, items: [...r.items, { uid: uid(), label: '' }] }))
                  }
                  aria-label={`Add item to ${roomName}`}
                  style={{ alignSelf: 'flex-start' }}
                >
                  Add item
                </Button>
              </Stack>
            </Card>
          );
        })}
        <Text size="sm" c="dimmed" data-testid="checklist-editor-count">
          {rooms.length} of {CHECKLIST_ROOMS_MAX} rooms, {itemCount} of {CHECKLIST_ITEMS_MAX} items
        </Text>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={rooms.length >= CHECKLIST_ROOMS_MAX}
            onClick={() => setRooms((list) => [...list, { uid: uid(), name: '', items: [] }])}
          >
            Add room
          </Button>
          <Button loading={save.isPending} onClick={submit}>
            Save checklist
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
