import { SimpleGrid, TextInput } from '@mantine/core';
import type { TPropertyForm } from './form-values.ts';
import { LocationPicker } from './location-picker.tsx';

/** Location text, the picker (docs/product.md#location-picker), and the coordinates it fills in, editable by hand. */
export function PropertyLocationFields({ form }: { form: TPropertyForm }) {
  return (
    <>
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
    </>
  );
}
