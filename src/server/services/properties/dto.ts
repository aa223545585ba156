import type { TCancellationPolicy } from '../../../shared/cancellation.ts';
import type { TProperty } from '../../../shared/schemas/property.ts';

/** A `properties` row as PostgreSQL answers it (snake_case columns). */
export interface TPropertyRow {
  id: number;
  title: string;
  description: string;
  location: string;
  price: number;
  images: string[];
  videos: string[] | null;
  bedrooms: number;
  bathrooms: number;
  max_guests: number;
  amenities: string[] | null;
  categories: string[] | null;
  latitude: string | null;
  longitude: string | null;
  rating: number | null;
  review_count: number;
  show_logo: boolean;
  guest_favorite: boolean;
  property_type: string;
  cancellation_policy: TCancellationPolicy;
  created_at: Date | string;
}

/** The columns a property DTO needs, for the hot read paths that skip entity hydration. */
export const PROPERTY_COLUMNS = `id, title, description, location, price, images, videos, bedrooms, bathrooms, max_guests, amenities,
  categories, latitude, longitude, rating, review_count, show_logo, guest_favorite, property_type, cancellation_policy, created_at`;

export function rowToPropertyDto(r: TPropertyRow): TProperty {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    location: r.location,
    price: r.price,
    images: r.images,
    videos: r.videos ?? [],
    bedrooms: r.bedrooms,
    bathrooms: r.bathrooms,
    maxGuests: r.max_guests,
    amenities: r.amenities ?? [],
    categories: r.categories ?? [],
    latitude: r.latitude,
    longitude: r.longitude,
    rating: r.rating,
    reviewCount: r.review_count,
    showLogo: r.show_logo,
    guestFavorite: r.guest_favorite,
    propertyType: r.property_type,
    cancellationPolicy: r.cancellation_policy,
    createdAt: new Date(r.created_at).toISOString(),
  };
}
