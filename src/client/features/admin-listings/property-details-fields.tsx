import { Checkbox, MultiSelect, NumberInput, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  AMENITIES,
  BATHROOM_CHOICES,
  BEDROOM_CHOICES,
  MAX_GUEST_CHOICES,
  PROPERTY_TYPES,
} from '#shared/constants.ts';
import { CANCELLATION_POLICIES, POLICY_LABEL, POLICY_SUMMARY } from '#shared/cancellation.ts';
import { propertyTypeLabel } from '#shared/labels.ts';
import { categoryChoicesQueryOptions } from './api.ts';
import { categoryChoices, priceFromInput, type TPropertyForm } from './form-values.ts';
import { GrowingTextarea } from '../../components/growing-textarea.tsx';

const choices = (list: readonly number[]) => list.map((n) => ({ value: String(n), label: String(n) }));
const CATEGORY_CACHE_MS = 5 * 60_000;

/** The property's description fields (docs/product.md#property-form): everything but its place and its media. */
export function PropertyDetailsFields({ form }: { form: TPropertyForm }) {
  // The category list is cached 5 minutes in the listing form (docs/product.md#admin-requests).
  const categories = useQuery({ ...categoryChoicesQueryOptions(), staleTime: CATEGORY_CACHE_MS });
  const categoryOptions = categoryChoices(categories.data, form.values.categories);
  return (
    <>
      <TextInput
        label="Title"
        withAsterisk
        placeholder="Cozy apartment in the city centre"
        {...form.getInputProps('title')}
      />
      <GrowingTextarea
        label="Description"
        withAsterisk
        minRows={4}
        maxRows={10}
        {...form.getInputProps('description')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label="Price per night"
          withAsterisk
          min={1}
          decimalScale={2}
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
      <Select
        label="Booking mode"
        description="Request to book: you accept or decline each booking within the response time in Settings"
        data={[
          { value: 'instant', label: 'Instant book: confirmed at once' },
          { value: 'request', label: 'Request to book: you accept or decline' },
        ]}
        allowDeselect={false}
        data-testid="booking-mode"
        {...form.getInputProps('bookingMode')}
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
    </>
  );
}
