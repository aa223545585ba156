import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import {
  DEFAULT_BOOKING_MODE,
  FALLBACK_CATEGORIES,
  MAX_GUEST_CHOICES,
  type TBookingMode,
  type TPropertyType,
} from '#shared/constants.ts';
import { DEFAULT_CANCELLATION_POLICY, type TCancellationPolicy } from '#shared/cancellation.ts';
import { isPropertyType } from '#shared/labels.ts';
import type { TCategory } from '#shared/schemas/category.ts';
import { ZPropertyInput, type TProperty } from '#shared/schemas/property.ts';

/**
 * What the property form edits. The choice lists are Select values (strings); the shared schema
 * (ZPropertyInput) coerces them, so the form, the tRPC input and the REST body use one set of rules.
 */
export interface TPropertyFormValues {
  title: string;
  description: string;
  location: string;
  price: number;
  bedrooms: string;
  bathrooms: string;
  maxGuests: string;
  propertyType: TPropertyType;
  amenities: string[];
  categories: string[];
  latitude: string;
  longitude: string;
  /** Stored `/media/` URLs and newly chosen data URLs, the first being the cover. */
  images: string[];
  videos: string[];
  showLogo: boolean;
  /** Not on the form; carried so that an edit does not clear it. */
  guestFavorite: boolean;
  cancellationPolicy: TCancellationPolicy;
  bookingMode: TBookingMode;
  /** The home's IANA time zone; '' on a new home until the operator picks one: the server guesses it. */
  timeZone: string;
}

/** A new property's defaults (docs/product.md#property-form). */
export const NEW_PROPERTY_VALUES: TPropertyFormValues = {
  title: '',
  description: '',
  location: '',
  price: 100,
  bedrooms: '1',
  bathrooms: '1',
  maxGuests: '2',
  propertyType: 'apartment',
  amenities: [],
  categories: [],
  latitude: '',
  longitude: '',
  images: [],
  videos: [],
  showLogo: false,
  guestFavorite: false,
  cancellationPolicy: DEFAULT_CANCELLATION_POLICY,
  bookingMode: DEFAULT_BOOKING_MODE,
  timeZone: '',
};

/**
 * A new property's values with Max Guests prefilled from Settings → Default Max Guests: the largest
 * choice the list offers that does not exceed it (the list skips some numbers above 10).
 */
export function newPropertyValues(maxGuestsDefault: number): TPropertyFormValues {
  const fit = [...MAX_GUEST_CHOICES].reverse().find((n) => n <= maxGuestsDefault) ?? MAX_GUEST_CHOICES[0];
  return { ...NEW_PROPERTY_VALUES, maxGuests: String(fit) };
}

export function valuesFromProperty(p: TProperty): TPropertyFormValues {
  return {
    title: p.title,
    description: p.description,
    location: p.location,
    price: p.price,
    bedrooms: String(p.bedrooms),
    bathrooms: String(p.bathrooms),
    maxGuests: String(p.maxGuests),
    propertyType: isPropertyType(p.propertyType) ? p.propertyType : 'apartment',
    amenities: [...p.amenities],
    categories: [...p.categories],
    latitude: p.latitude ?? '',
    longitude: p.longitude ?? '',
    images: [...p.images],
    videos: [...p.videos],
    showLogo: p.showLogo,
    guestFavorite: p.guestFavorite,
    cancellationPolicy: p.cancellationPolicy,
    bookingMode: p.bookingMode,
    timeZone: p.timeZone,
  };
}

/** Price input: a non-numeric entry becomes 0 (docs/product.md#admin-validation), which the minimum of 1 then refuses. */
export function priceFromInput(value: string | number): number {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : 0;
}

/**
 * The category choices: the category list (active ones, plus any the property already has), or the
 * fallback list when none are loaded (docs/product.md#property-form).
 */
export function categoryChoices(
  loaded: readonly TCategory[] | undefined,
  selected: readonly string[],
): string[] {
  const names =
    loaded && loaded.length > 0
      ? loaded.filter((c) => c.active).map((c) => c.name)
      : [...FALLBACK_CATEGORIES];
  for (const s of selected) if (!names.some((n) => n.toLowerCase() === s.toLowerCase())) names.push(s);
  return names;
}

/** The property form, validated by the shared ZPropertyInput (the tRPC input and the REST body). */
export function usePropertyForm(initialValues: TPropertyFormValues) {
  return useForm<TPropertyFormValues>({ initialValues, validate: zod4Resolver(ZPropertyInput) });
}
export type TPropertyForm = ReturnType<typeof usePropertyForm>;
