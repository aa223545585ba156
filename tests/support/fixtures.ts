import type { EntityManager } from '@mikro-orm/postgresql';
import { Property, type IProperty } from '../../src/server/entities/property.entity.ts';

let counter = 0;

/** A valid property row with sensible defaults; URLs only, no media files behind them. */
export async function createProperty(em: EntityManager, overrides: Partial<IProperty> = {}): Promise<IProperty> {
  counter += 1;
  const categories = overrides.categories ?? ['Beach'];
  const p = em.create(Property, {
    title: `Test home ${counter}`,
    description: 'A test property.',
    location: 'Miami, Florida',
    price: 100,
    images: Array.from({ length: 5 }, (_, i) => `/media/${String(counter).padStart(2, '0')}${i}${'a'.repeat(29)}.jpg`),
    videos: [],
    bedrooms: 2,
    bathrooms: 1,
    maxGuests: 4,
    amenities: ['Wifi'],
    latitude: '25.7617',
    longitude: '-80.1918',
    ...overrides,
    categories,
    categoryKeys: categories.map((c) => c.toLowerCase()),
  });
  await em.persist(p).flush();
  return p;
}
