import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import type { TProperty } from '#shared/schemas/property.ts';
import { DiscardChangesDialog, UnsavedChangesPrompt } from '../../components/unsaved-changes.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { useDirectAdmin } from '../../lib/direct-admin.ts';
import { staffRole } from '../../lib/staff-pages.ts';
import { CheckInSection } from './check-in-section.tsx';
import { HomeChecklistSection } from './home-checklist-section.tsx';
import { HomeOwnerSection } from './home-owner-section.tsx';
import { PropertyForm } from './property-form.tsx';

export type TPropertyDialog = { mode: 'create' } | { mode: 'edit'; property: TProperty } | null;

/**
 * 'Add New Property' / 'Edit Property' (docs/product.md#admin-listings). Escape, the close button and Cancel ask before
 * throwing away typed edits, and so does leaving the page; while a save is on its way the dialog stays
 * open (closing it would hide the progress, not stop the upload).
 */
export function PropertyDialog({ dialog, onClose }: { dialog: TPropertyDialog; onClose: () => void }) {
  const [saving, setSaving] = useState(false);
  const [formDirty, setDirty] = useState(false);
  const [checklistDirty, setChecklistDirty] = useState(false);
  const dirty = formDirty || checklistDirty;
  const [asking, setAsking] = useState(false);
  const narrow = useMediaQuery('(max-width: 48em)');
  const { user } = useAuth();
  // A home's owner is the owner-operator's to set (docs/owner-statements.md); the demo mode acts as one.
  const operator = useDirectAdmin() || staffRole(user) === 'owner-operator';

  const close = () => {
    setSaving(false);
    setDirty(false);
    setChecklistDirty(false);
    setAsking(false);
    onClose();
  };
  const requestClose = () => {
    if (saving) return;
    if (!dirty) close();
    // After this event: opened during the Escape keydown, the question's own window Escape listener
    // would still receive that same keydown and close it at once.
    else window.setTimeout(() => setAsking(true), 0);
  };

  return (
    <>
      <Modal
        opened={dialog !== null}
        onClose={requestClose}
        withCloseButton={!saving}
        title={dialog?.mode === 'edit' ? 'Edit Property' : 'Add New Property'}
        size={1000}
        fullScreen={narrow}
        closeOnClickOutside={!saving}
      >
        {dialog?.mode === 'edit' && operator && <HomeOwnerSection propertyId={dialog.property.id} />}
        {dialog?.mode === 'edit' && <CheckInSection propertyId={dialog.property.id} />}
        {dialog?.mode === 'edit' && (
          <HomeChecklistSection propertyId={dialog.property.id} onDirtyChange={setChecklistDirty} />
        )}
        {dialog && (
          <PropertyForm
            key={dialog.mode === 'edit' ? dialog.property.id : 'new'}
            property={dialog.mode === 'edit' ? dialog.property : undefined}
            onSaved={close}
            onCancel={requestClose}
            onPendingChange={setSaving}
            onDirtyChange={setDirty}
          />
        )}
      </Modal>
      <UnsavedChangesPrompt dirty={dialog !== null && dirty && !saving} />
      <DiscardChangesDialog opened={asking} onStay={() => setAsking(false)} onDiscard={close} />
    </>
  );
}
