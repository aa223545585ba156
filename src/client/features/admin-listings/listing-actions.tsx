import { ActionIcon } from '@mantine/core';
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

export type TRowHandlers = Pick<TRowActions, 'onEdit' | 'onDelete' | 'onDuplicate' | 'onRestore'>;

/**
 * Plain labelled icon buttons: the accessible name says what and which home, `title` shows the short
 * verb on hover. A Mantine Tooltip on each (five a row, a hundred rows) made the page's first render
 * cost seconds of main thread (docs/features.md#admin-back-office).
 */
export function ActiveActions({
  p,
  duplicating,
  ...a
}: { p: TProperty; duplicating: boolean } & Pick<TRowHandlers, 'onEdit' | 'onDelete' | 'onDuplicate'>) {
  return (
    <>
      <ActionIcon variant="subtle" aria-label={`Edit ${p.title}`} title="Edit" onClick={() => a.onEdit(p)}>
        <IconPencil size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        aria-label={`Duplicate ${p.title}`}
        title="Duplicate"
        // Only a duplicating row passes it: a boolean `loading` mounts an enter/exit transition in every row.
        loading={duplicating || undefined}
        onClick={() => a.onDuplicate(p)}
      >
        <IconCopy size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon
        component="a"
        href={`/property/${p.id}`}
        target="_blank"
        rel="noopener"
        variant="subtle"
        aria-label={`View ${p.title} on site`}
        title="View on site"
      >
        <IconExternalLink size={18} aria-hidden />
      </ActionIcon>
      <ActionIconLink
        variant="subtle"
        to="/admin/calendar/$id"
        params={{ id: String(p.id) }}
        aria-label={`Calendar of ${p.title}`}
        title="Calendar"
      >
        <IconCalendarMonth size={18} aria-hidden />
      </ActionIconLink>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={`Delete ${p.title}`}
        title="Delete"
        onClick={() => a.onDelete(p)}
      >
        <IconTrash size={18} aria-hidden />
      </ActionIcon>
    </>
  );
}
