import type { TProperty } from '../../../shared/schemas/property.ts';
import type { IProperty } from '../../entities/property.entity.ts';

export function toPropertyDto(p: IProperty): TProperty {
  return {
    id: p.id,
    title: p.title,
    description: p.description,
    location: p.location,
    price: p.price,
    images: p.images,
    videos: p.videos ?? [],
    bedrooms: p.bedrooms,
    bathrooms: p.bathrooms,
    maxGuests: p.maxGuests,
    amenities: p.amenities ?? [],
    categories: p.categories ?? [],
    latitude: p.latitude ?? null,
    longitude: p.longitude ?? null,
    rating: p.rating ?? null,
    reviewCount: p.reviewCount,
    showLogo: p.showLogo,
    guestFavorite: p.guestFavorite,
    propertyType: p.propertyType,
    createdAt: new Date(p.createdAt).toISOString(),
  };
}
