import {
  Button,
  Checkbox,
  Divider,
  Group,
  MultiSelect,
  NumberInput,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useState } from 'react';
import {
  AMENITIES,
  BATHROOM_CHOICES,
  BEDROOM_CHOICES,
  MAX_GUEST_CHOICES,
  MAX_IMAGES,
  PROPERTY_TYPES,
} from '../../../shared/constants.ts';
import { CANCELLATION_POLICIES, POLICY_LABEL, POLICY_SUMMARY } from '../../../shared/cancellation.ts';
import { propertyTypeLabel } from '../../../shared/labels.ts';
import {
  ZPropertyInput,
  type TProperty,
  type TPropertyInputParsed,
} from '../../../shared/schemas/property.ts';
import { useSiteConfig } from '../../components/layout/use-site-config.ts';
import type { TImageUploadResult } from '../../components/image-upload.tsx';
import { ImagesField } from './images-field.tsx';
import { trpc } from '../../lib/trpc.ts';
import {
  categoryChoices,
  newPropertyValues,
  priceFromInput,
  valuesFromProperty,
  type TPropertyFormValues,
} from './form-values.ts';
import { LocationPicker } from './location-picker.tsx';
import { PropertySaveError, sendProperty, type TSendProgress } from './send-property.ts';
import { VideoInput } from './video-input.tsx';
import '../../styles/more-components.css';

const choices = (list: readonly number[]) => list.map((n) => ({ value: String(n), label: String(n) }));
const CATEGORY_CACHE_MS = 5 * 60_000;

/**
 * The property form (admin-side §2.5): create mode without a property, edit mode with one. Validated by
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
  const editing = property !== undefined;
  const queryClient = useQueryClient();
  const [processingImages, setProcessingImages] = useState(false);
  const [readingVideos, setReadingVideos] = useState(false);
  const [progress, setProgress] = useState<TSendProgress | null>(null);

  const categories = useQuery({ ...trpc.categories.list.queryOptions(), staleTime: CATEGORY_CACHE_MS });
  const { settings: siteSettings } = useSiteConfig();

  const form = useForm<TPropertyFormValues>({
    initialValues: property ? valuesFromProperty(property) : newPropertyValues(siteSettings.maxGuestsDefault),
    validate: zod4Resolver(ZPropertyInput),
  });

  const save = useMutation({
    mutationFn: (body: TPropertyInputParsed) =>
      sendProperty(body, { id: property?.id, onProgress: setProgress }),
    onSuccess: async (saved) => {
      notifications.show(
        editing
          ? {
              title: 'Property updated',
              message: `${saved.title} has been updated successfully.`,
              color: 'green',
            }
          : {
              title: 'Property created',
              message: `${saved.title} has been added to your listings.`,
              color: 'green',
            },
      );
      await Promise.all([
        queryClient.invalidateQueries(trpc.properties.pathFilter()),
        queryClient.invalidateQueries(trpc.admin.pathFilter()),
      ]);
      onSaved(saved);
    },
    onError: (err) => {
      notifications.show({
        title: 'Error',
        message: err instanceof PropertySaveError ? err.message : 'Failed to save property',
        color: 'red',
      });
    },
    onSettled: () => setProgress(null),
  });

  const busy = save.isPending || processingImages || readingVideos;
  useEffect(() => {
    onPendingChange?.(save.isPending);
  }, [save.isPending, onPendingChange]);
  const dirty = form.isDirty();
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);

  const addImages = ({ images, cut }: TImageUploadResult) => {
    const combined = [...form.values.images, ...images];
    // More than 20 is cut to 20; the form says why the rest were not added.
    form.setFieldValue('images', combined.slice(0, MAX_IMAGES));
    if (cut || combined.length > MAX_IMAGES) form.setFieldError('images', 'Maximum of 20 images allowed');
  };

  const submit = form.onSubmit((values) => {
    const parsed = ZPropertyInput.safeParse(values);
    if (parsed.success) save.mutate(parsed.data);
  });

  const sentPercent =
    progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;
  const categoryOptions = categoryChoices(categories.data, form.values.categories);

  return (
    <form onSubmit={submit} noValidate data-testid="property-form">
      <Stack gap="md">
        <TextInput
          label="Title"
          withAsterisk
          placeholder="Cozy apartment in the city centre"
          {...form.getInputProps('title')}
        />
        <Textarea
          label="Description"
          withAsterisk
          autosize
          minRows={4}
          maxRows={10}
          {...form.getInputProps('description')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label="Price per night"
            withAsterisk
            min={1}
            allowDecimal={false}
            prefix="$"
            {...form.getInputProps('price')}
            onChange={(v: string | number) => form.setFieldValue('price', priceFromInput(v))}
          />
          <Select
            label="Property type"
            data={PROPERTY_TYPES.map((t) => ({ value: t, label: propertyTypeLabel(t, 1) }))}
            allowDeselect={false}
            {...form.getInputProps('propertyType')}
          />
        </SimpleGrid>
        <Select
          label="Cancellation policy"
          data={CANCELLATION_POLICIES.map((c) => ({
            value: c,
            label: `${POLICY_LABEL[c]}: ${POLICY_SUMMARY[c]}`,
          }))}
          allowDeselect={false}
          {...form.getInputProps('cancellationPolicy')}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label="Bedrooms"
            data={choices(BEDROOM_CHOICES)}
            allowDeselect={false}
            {...form.getInputProps('bedrooms')}
          />
          <Select
            label="Bathrooms"
            data={choices(BATHROOM_CHOICES)}
            allowDeselect={false}
            {...form.getInputProps('bathrooms')}
          />
          <Select
            label="Max guests"
            data={choices(MAX_GUEST_CHOICES)}
            allowDeselect={false}
            {...form.getInputProps('maxGuests')}
          />
        </SimpleGrid>
        <Checkbox.Group label="Amenities" {...form.getInputProps('amenities')}>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} mt="xs" spacing="xs">
            {AMENITIES.map((a) => (
              <Checkbox key={a} value={a} label={a} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <MultiSelect
          label="Categories"
          description="The first category chosen is the property's primary category."
          placeholder="Choose categories"
          data={categoryOptions}
          searchable
          clearable
          {...form.getInputProps('categories')}
        />
        <Switch
          label="Show logo"
          description="Show the brand logo in the property's profile icon"
          {...form.getInputProps('showLogo', { type: 'checkbox' })}
        />

        <Divider />
        <TextInput
          label="Location"
          withAsterisk
          placeholder="City, Country"
          {...form.getInputProps('location')}
        />
        <LocationPicker
          value={{
            location: form.values.location,
            latitude: form.values.latitude,
            longitude: form.values.longitude,
          }}
          onChange={(next) => form.setValues(next)}
        />
        <SimpleGrid cols={2}>
          <TextInput label="Latitude" placeholder="40.712800" {...form.getInputProps('latitude')} />
          <TextInput label="Longitude" placeholder="-74.006000" {...form.getInputProps('longitude')} />
        </SimpleGrid>

        <Divider />
        <ImagesField
          images={form.values.images}
          error={form.errors.images}
          disabled={save.isPending}
          onRemove={(i) => form.removeListItem('images', i)}
          onMove={(from, to) => form.reorderListItem('images', { from, to })}
          onAdd={addImages}
          onProcessingChange={setProcessingImages}
        />
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            Videos
          </Text>
          <VideoInput
            value={form.values.videos}
            onChange={(videos) => form.setFieldValue('videos', videos)}
            onReadingChange={setReadingVideos}
            disabled={save.isPending}
          />
          {form.errors.videos && (
            <Text size="sm" c="red" role="alert">
              {form.errors.videos}
            </Text>
          )}
        </Stack>

        {save.isPending && (
          <Stack gap={4} data-testid="upload-progress">
            <Group justify="space-between">
              <Text size="sm">{sentPercent < 100 ? 'Uploading…' : 'Processing media…'}</Text>
              <Text size="sm" c="dimmed">
                {sentPercent}%
              </Text>
            </Group>
            <Progress value={sentPercent} animated={sentPercent >= 100} aria-label="Upload progress" />
          </Stack>
        )}
        {/* Sticky: the long form's Save and Cancel stay in reach while scrolling. */}
        <Group
          justify="flex-end"
          pos="sticky"
          bottom={0}
          py="sm"
          bg="var(--mantine-color-body)"
          style={{ zIndex: 2, borderTop: '1px solid var(--mantine-color-default-border)' }}
          data-testid="property-form-footer"
        >
          <Button variant="default" onClick={onCancel} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending} disabled={busy}>
            {editing ? 'Update Property' : 'Create Property'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
