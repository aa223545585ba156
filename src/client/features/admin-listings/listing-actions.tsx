import { ActionIcon, Tooltip } from '@mantine/core';
import { IconCalendarMonth, IconCopy, IconExternalLink, IconPencil, IconTrash } from '@tabler/icons-react';
import type { TProperty } from '#shared/schemas/property.ts';
import { ActionIconLink } from '../../components/anchor-link.tsx';

/** A listed home's row actions: edit, duplicate, view on site (a new tab), calendar, delete. */
export interface TRowActions {
  onEdit: (p: TProperty) => void;
  onDelete: (p: TProperty) => void;
  onDuplicate: (p: TProperty) => void;
  onRestore: (p: TProperty) => void;
  restoring: number | null;
  duplicating: number | null;
}

export function ActiveActions({ p, ...a }: { p: TProperty } & TRowActions) {
  return (
    <>
      <Tooltip label="Edit">
        <ActionIcon variant="subtle" aria-label={`Edit ${p.title}`} onClick={() => a.onEdit(p)}>
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Duplicate">
        <ActionIcon
          variant="subtle"
          aria-label={`Duplicate ${p.title}`}
          loading={a.duplicating === p.id}
          onClick={() => a.onDuplicate(p)}
        >
          <IconCopy size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="View on site">
        <ActionIcon
          component="a"
          href={`/property/${p.id}`}
          target="_blank"
          rel="noopener"
          variant="subtle"
          aria-label={`View ${p.title} on site`}
        >
          <IconExternalLink size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Calendar">
        <ActionIconLink
          variant="subtle"
          to="/admin/calendar/$id"
          params={{ id: String(p.id) }}
          aria-label={`Calendar of ${p.title}`}
        >
          <IconCalendarMonth size={18} />
        </ActionIconLink>
      </Tooltip>
      <Tooltip label="Delete">
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Delete ${p.title}`}
          onClick={() => a.onDelete(p)}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </>
  );
}
