import type { EntityManager } from '@mikro-orm/postgresql';
import sharp from 'sharp';
import { Property } from '../entities/property.entity.ts';
import { storeImage } from '../services/media/images.ts';
import type { TMediaStore } from '../services/media/store.ts';

/** Demo listings, reviews and bookings that render offline. */
export async function seedDemoContent(em: EntityManager, media: TMediaStore): Promise<void> {
  const images: string[] = [];
  for (let i = 0; i < 5; i++) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="1200" height="800" fill="hsl(${i * 60},60%,55%)"/></svg>`;
    images.push(await storeImage(media, await sharp(Buffer.from(svg)).jpeg().toBuffer()));
  }
  for (let i = 0; i < 60; i++) {
    em.create(Property, {
      title: `Demo home ${i + 1}`,
      description: 'A lovely place to stay.',
      location: 'Miami, Florida',
      price: 100 + i,
      images,
      bedrooms: 2,
      bathrooms: 1,
      maxGuests: 4,
      categories: ['Beach'],
      categoryKeys: ['beach'],
      latitude: '25.7617',
      longitude: '-80.1918',
    });
  }
  await em.flush();
}
