import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { guessHomeTimeZone, timeZoneChoices } from '#shared/home-time.ts';
import type { TPropertyForm } from './form-values.ts';
import { LocationPicker } from './location-picker.tsx';

/**
 * The home's time zone (docs/cancellation.md#the-homes-local-time), searchable. A new home shows the zone
 * its place suggests, which is what the server stores when none is sent; and whenever the operator types
 * or geocodes an address that suggests another zone, the zone follows it, until the operator picks one by
 * hand in this editor.
 */
function TimeZoneSelect({ form }: { form: TPropertyForm }) {
  const { location, latitude, longitude, timeZone } = form.values;
  const guess = guessHomeTimeZone({ location, latitude: latitude || null, longitude: longitude || null });
  const [picked, setPicked] = useState(false);
  const lastGuess = useRef(guess);
  useEffect(() => {
    if (guess === lastGuess.current) return;
    lastGuess.current = guess;
    if (!picked) form.setFieldValue('timeZone', guess);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the form object is stable; only a new guess matters
  }, [guess, picked]);
  const value = timeZone || guess;
  const data = useMemo(() => {
    const zones = timeZoneChoices();
    return zones.includes(value) ? zones : [value, ...zones];
  }, [value]);
  return (
    <Select
      label="Time zone"
      description="Cancellation deadlines and message times follow the home's clock"
      searchable
      allowDeselect={false}
      data={data}
      limit={50}
      nothingFoundMessage="No such time zone"
      data-testid="time-zone"
      {...form.getInputProps('timeZone')}
      value={value}
      onChange={(zone: string | null) => {
        setPicked(true);
        form.setFieldValue('timeZone', zone ?? '');
      }}
    />
  );
}

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
      <TimeZoneSelect form={form} />
    </>
  );
}
