import { Button, Group, Modal, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { roleHasHomes, STAFF_ROLE_LABELS, STAFF_ROLES, type TStaffRole } from '#shared/schemas/staff-role.ts';
import type { TStaffMember } from '#shared/schemas/staff.ts';
import { useHomeOptions } from './api/team.ts';

const ROLE_OPTIONS = STAFF_ROLES.map((r) => ({ value: r, label: STAFF_ROLE_LABELS[r] }));

export interface TAccessValues {
  email: string;
  name: string;
  role: TStaffRole;
  propertyIds: number[];
}

/**
 * Invite someone (`member` unset) or change a member's role and homes. The chosen homes stay listed
 * while the search shows others, so a choice never disappears from the field.
 */
export function AccessModal({
  opened,
  member,
  busy,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  member: TStaffMember | null;
  busy: boolean;
  onClose: () => void;
  onSubmit: (values: TAccessValues) => void;
}) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<TStaffRole>(member?.role ?? 'housekeeper');
  const [homes, setHomes] = useState<string[]>(member?.homes.map((h) => String(h.id)) ?? []);
  // Titles of the chosen homes, kept while the search shows other homes.
  const [labels, setLabels] = useState<Record<string, string>>(() =>
    Object.fromEntries((member?.homes ?? []).map((h) => [String(h.id), h.title])),
  );
  const [q, setQ] = useState('');
  const options = useHomeOptions(q).data ?? [];
  const data = [
    ...homes.map((value) => ({
      value,
      label: labels[value] ?? options.find((o) => o.value === value)?.label ?? `Home ${value}`,
    })),
    ...options.filter((o) => !homes.includes(o.value)),
  ];
  const title = member ? `Access of ${member.name ?? member.username}` : 'Invite to the team';
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit({ email: email.trim(), name: name.trim(), role, propertyIds: homes.map(Number) });
        }}
      >
        <Stack gap="sm">
          {!member && (
            <>
              <TextInput
                label="E-mail"
                type="email"
                required
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                data-autofocus
              />
              <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
            </>
          )}
          <Select
            label="Role"
            data={ROLE_OPTIONS}
            value={role}
            onChange={(v) => v && setRole(v)}
            allowDeselect={false}
          />
          {roleHasHomes(role) && (
            <MultiSelect
              label="Homes"
              description="They see and change only these homes"
              placeholder="Search homes"
              data={data}
              value={homes}
              onChange={(next) => {
                const chosen = options.filter((o) => next.includes(o.value));
                setLabels((prev) => ({
                  ...prev,
                  ...Object.fromEntries(chosen.map((o) => [o.value, o.label])),
                }));
                setHomes(next);
              }}
              searchable
              searchValue={q}
              onSearchChange={setQ}
              filter={({ options: all }) => all}
              nothingFoundMessage="No home matches"
              data-testid="staff-homes"
            />
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {member ? 'Save' : 'Send invitation'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
