import { Divider, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { toMajor } from '#shared/money.ts';
import { ZPropertyInput, type TProperty } from '#shared/schemas/property.ts';
import { useSiteConfig } from '../../components/layout/use-site-config.ts';
import { useSaveProperty } from './api.ts';
import { newPropertyValues, usePropertyForm, valuesFromProperty } from './form-values.ts';
import { PropertyDetailsFields } from './property-details-fields.tsx';
import { PropertyFormFooter } from './property-form-footer.tsx';
import { PropertyLocationFields } from './property-location-fields.tsx';
import { PropertyMediaFields } from './property-media-fields.tsx';
import type { TSendProgress } from './send-property.ts';
import '../../styles/more-components.css';

/**
 * The property form (docs/product.md#property-form): create mode without a property, edit mode with one. Validated by
 * the shared ZPropertyInput, sent with upload progress, then `onSaved` runs (the page closes the dialog
 * and goes back to the listings).
 */
export function PropertyForm({
  property,
  onSaved,
  onCancel,
  onPendingChange,
  onDirtyChange,
}: {
  property?: TProperty;
  onSaved: (saved: TProperty) => void;
  onCancel: () => void;
  onPendingChange?: (pending: boolean) => void;
  /** Reports whether the form holds edits not saved yet, so closing can ask first. */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const [processingImages, setProcessingImages] = useState(false);
  const [readingVideos, setReadingVideos] = useState(false);
  const [progress, setProgress] = useState<TSendProgress | null>(null);
  const { settings: siteSettings } = useSiteConfig();
  const form = usePropertyForm(
    property ? valuesFromProperty(property) : newPropertyValues(siteSettings.maxGuestsDefault),
  );
  const save = useSaveProperty(property?.id, setProgress, onSaved);

  const busy = save.isPending || processingImages || readingVideos;
  useEffect(() => {
    onPendingChange?.(save.isPending);
  }, [save.isPending, onPendingChange]);
  const dirty = form.isDirty();
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);

  const submit = form.onSubmit((values) => {
    const parsed = ZPropertyInput.safeParse(values);
    // The schema reads the price into cents; the body carries it in dollars, as the server reads it again.
    if (parsed.success)
      save.mutate(
        { ...parsed.data, price: toMajor(parsed.data.price) },
        { onSettled: () => setProgress(null) },
      );
  });

  return (
    <form onSubmit={submit} noValidate data-testid="property-form">
      <Stack gap="md">
        <PropertyDetailsFields form={form} />
        <Divider />
        <PropertyLocationFields form={form} />
        <Divider />
        <PropertyMediaFields
          form={form}
          disabled={save.isPending}
          onProcessingImages={setProcessingImages}
          onReadingVideos={setReadingVideos}
        />
        <PropertyFormFooter
          editing={property !== undefined}
          saving={save.isPending}
          busy={busy}
          progress={progress}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
