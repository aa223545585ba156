import fs from 'node:fs';
import { z } from 'zod';
import {
  AMENITIES,
  FALLBACK_CATEGORIES,
  LOCATIONS,
  MAP_CITIES,
  MAX_GUEST_CHOICES,
  PROPERTY_TYPES,
  type TPropertyType,
} from '../src/shared/constants.ts';
import { toMinor } from '../src/shared/money.ts';
import type { TRandom } from './random.ts';
import {
  BUILDINGS,
  SCENE_SETTINGS,
  type TBuilding,
  type TInteriorStyle,
  type TRoom,
  type TScene,
  type TSetting,
  type TTimeOfDay,
} from './scenes.ts';

type TCategory = (typeof FALLBACK_CATEGORIES)[number];
type TAmenity = (typeof AMENITIES)[number];

const ZListingRow = z.strictObject({
  city: z.string(),
  title: z.string(),
  type: z.enum(PROPERTY_TYPES),
  setting: z.enum(SCENE_SETTINGS),
  /** What the cover photo shows, when the property type alone would draw the wrong thing. */
  building: z.enum(BUILDINGS).optional(),
  categories: z.array(z.enum(FALLBACK_CATEGORIES)).nonempty(),
  bedrooms: z.int().positive(),
  hook: z.string(),
  /** A precise spot, for homes that sit well outside the city centre. */
  near: z.tuple([z.number(), z.number()]).optional(),
  price: z.int().positive().optional(),
  /** Listed recently: no reviews yet. */
  fresh: z.boolean().optional(),
  /** Extra photos beyond the usual five (exercises the gallery's '+N more'). */
  extraPhotos: z.int().positive().optional(),
});
type TListingRow = z.infer<typeof ZListingRow>;

/**
 * listings.json: the demo catalogue and the words its descriptions are made of. The home grid lists
 * newest first, so the rows at the end of `rows` are the ones a guest sees first: they are chosen to mix
 * cities, settings and property types. `regions` is shown after the city ("Miami, Florida"); the city
 * name itself stays searchable.
 */
const ZListingData = z.strictObject({
  regions: z.record(z.string(), z.string()),
  premiumCities: z.array(z.string()),
  budgetCities: z.array(z.string()),
  settingLines: z.record(z.enum(SCENE_SETTINGS), z.array(z.string()).nonempty()),
  closings: z.array(z.string()).nonempty(),
  rows: z.array(ZListingRow).nonempty(),
});

const DATA = ZListingData.parse(
  JSON.parse(fs.readFileSync(new URL('./listings.json', import.meta.url), 'utf8')),
);
const { regions: REGIONS, settingLines: SETTING_LINES, closings: CLOSINGS, rows: ROWS } = DATA;
const PREMIUM = new Set(DATA.premiumCities);
const BUDGET = new Set(DATA.budgetCities);

// ---------------------------------------------------------------- photos

/** Cover times per building: a second listing of the same kind in the same setting gets the next one. */
const COVER_TIMES: Record<TBuilding, readonly TTimeOfDay[]> = {
  apartment: ['night', 'golden', 'day'],
  house: ['day', 'golden', 'dusk'],
  townhouse: ['day', 'golden', 'dusk'],
  villa: ['golden', 'day', 'night'],
  cabin: ['golden', 'day', 'night'],
  aframe: ['golden', 'night'],
  tiny: ['dusk', 'golden'],
  igloo: ['night', 'dusk'],
  treehouse: ['dusk', 'day'],
  houseboat: ['day', 'golden'],
  none: ['day'],
};

/** The view without a house: what is around the home. */
const LANDSCAPE_TIMES: Record<TSetting, TTimeOfDay> = {
  beach: 'dusk',
  mountain: 'day',
  snow: 'night',
  city: 'dusk',
  countryside: 'golden',
  lake: 'golden',
  desert: 'night',
};

/** Interiors come in four moods, each with a window onto a matching landscape. */
const INTERIORS: Record<TSetting, { style: TInteriorStyle; view: TSetting }> = {
  beach: { style: 'coastal', view: 'beach' },
  lake: { style: 'coastal', view: 'beach' },
  mountain: { style: 'nordic', view: 'mountain' },
  snow: { style: 'nordic', view: 'mountain' },
  city: { style: 'moody', view: 'city' },
  countryside: { style: 'warm', view: 'countryside' },
  desert: { style: 'warm', view: 'countryside' },
};
const ROOMS: readonly TRoom[] = ['living', 'bedroom', 'kitchen'];

/** Distinct covers per (setting, building): more where many listings share one, so a page rarely repeats. */
const COVER_VARIANTS: Partial<Record<`${TSetting}/${TBuilding}`, number>> = {
  'city/apartment': 3,
  'city/townhouse': 2,
  'city/house': 2,
  'beach/house': 2,
  'beach/villa': 2,
  'desert/villa': 2,
};

/** A stable seed per scene, so the same house is drawn identically at every time of day. */
function seedOf(key: string): number {
  let h = 2_166_136_261;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16_777_619);
  return h >>> 0;
}

function coverBuilding(row: TListingRow): TBuilding {
  if (row.building) return row.building;
  return row.type;
}

/**
 * Five photos: the home, two rooms, the view around it and the kitchen. Extra photos show the same home at
 * other hours, then the view at another hour; they are spread between the others.
 */
function planPhotos(row: TListingRow, variant: number): TScene[] {
  const building = coverBuilding(row);
  const times = COVER_TIMES[building];
  const seed = seedOf(`${row.setting}/${building}/${variant}`);
  const home = (hour: number): TScene => ({
    kind: 'outdoor',
    setting: row.setting,
    building,
    seed,
    time: times[(variant + hour) % times.length] as TTimeOfDay,
  });
  const surroundings = (time: TTimeOfDay): TScene => ({
    kind: 'outdoor',
    setting: row.setting,
    building: 'none',
    seed: seedOf(`${row.setting}/none`),
    time,
  });
  const { style, view } = INTERIORS[row.setting];
  const [living, bedroom, kitchen] = ROOMS.map((room): TScene => ({
    kind: 'indoor',
    room,
    style,
    view,
    seed: seedOf(`${style}/${room}`),
  }));
  const usual = LANDSCAPE_TIMES[row.setting];
  const photos = [home(0), living, bedroom, surroundings(usual), kitchen] as TScene[];
  const extra = row.extraPhotos ?? 0;
  const extras = Array.from({ length: Math.min(extra, times.length - 1) }, (_, i) => home(i + 1));
  if (extra >= times.length) extras.push(surroundings(usual === 'golden' ? 'day' : 'golden'));
  extras.forEach((photo, i) => photos.splice(1 + 2 * i, 0, photo));
  return photos;
}

// ---------------------------------------------------------------- listing fields

export interface TDemoListing {
  title: string;
  description: string;
  location: string;
  city: string;
  /** The nightly price in cents, as the home keeps it. */
  price: number;
  bedrooms: number;
  bathrooms: number;
  maxGuests: number;
  amenities: TAmenity[];
  categories: TCategory[];
  latitude: string;
  longitude: string;
  propertyType: TPropertyType;
  setting: TSetting;
  showLogo: boolean;
  fresh: boolean;
  photos: TScene[];
}

function cityPoint(name: string): { lat: number; lng: number } {
  const point = LOCATIONS.find((l) => l.name === name) ?? MAP_CITIES.find((l) => l.name === name);
  if (!point) throw new Error(`no coordinates for demo city ${name}`);
  return point;
}

/** A home's nightly price in cents: the row's own dollars, else one drawn for its type, city and size. */
function priceOf(row: TListingRow, r: TRandom): number {
  if (row.price) return toMinor(row.price);
  const perType: Record<TPropertyType, [number, number]> = {
    apartment: [70, 45],
    house: [90, 55],
    cabin: [80, 50],
    villa: [160, 85],
  };
  const [base, perBedroom] = perType[row.type];
  let price = base + perBedroom * row.bedrooms;
  if (PREMIUM.has(row.city)) price *= 1.35;
  if (BUDGET.has(row.city)) price *= 0.75;
  if (row.categories.includes('OMG!')) price *= 1.2;
  if (row.categories.includes('Tiny home')) price *= 0.6;
  price *= r.float(0.9, 1.1);
  return toMinor(Math.min(950, Math.max(45, Math.round(price / 5) * 5)));
}

function maxGuestsOf(bedrooms: number, r: TRandom): number {
  const target = bedrooms * 2 + (r.chance(0.35) ? 2 : 0);
  const fits = MAX_GUEST_CHOICES.filter((g) => g >= Math.max(2, bedrooms) && g <= target);
  return fits[fits.length - 1] ?? 2;
}

function amenitiesOf(row: TListingRow, r: TRandom): TAmenity[] {
  const hot = row.setting === 'beach' || row.setting === 'desert';
  const cold = row.setting === 'mountain' || row.setting === 'snow';
  const standalone = row.type !== 'apartment';
  const odds: Record<TAmenity, number> = {
    Wifi: 1,
    Kitchen: 0.95,
    TV: 0.7,
    Washer: standalone ? 0.7 : 0.45,
    'Free parking': standalone ? 0.85 : 0.2,
    'Air conditioning': hot ? 1 : row.setting === 'city' ? 0.6 : 0.25,
    Pool: row.type === 'villa' ? 1 : hot ? 0.45 : 0.04,
    'Hot tub': cold ? 0.75 : row.type === 'villa' ? 0.45 : 0.1,
    Gym: row.type === 'apartment' && row.setting === 'city' ? 0.35 : row.type === 'villa' ? 0.25 : 0.02,
    Workspace: row.setting === 'city' ? 0.75 : 0.4,
    'Smoking allowed': 0.05,
    'Pets allowed': standalone ? 0.35 : 0.1,
  };
  return AMENITIES.filter((a) => r.chance(odds[a]));
}

const KIND_WORDS: Partial<Record<TBuilding, string>> = {
  tiny: 'tiny home',
  houseboat: 'houseboat',
  igloo: 'glass igloo',
  treehouse: 'treehouse',
  aframe: 'A-frame',
};

/** Most appealing first: the description names the top three a listing has. */
const AMENITY_PHRASES: readonly (readonly [TAmenity, string])[] = [
  ['Pool', 'a pool'],
  ['Hot tub', 'a hot tub'],
  ['Gym', 'a fitness room'],
  ['Workspace', 'a dedicated workspace'],
  ['Free parking', 'free parking'],
  ['Air conditioning', 'air conditioning'],
  ['Pets allowed', 'a pet-friendly welcome'],
  ['Washer', 'a washing machine'],
  ['TV', 'a smart TV'],
];

function describe(
  row: TListingRow,
  l: { bedrooms: number; bathrooms: number; maxGuests: number; amenities: TAmenity[] },
  r: TRandom,
): string {
  const kind = (row.building && KIND_WORDS[row.building]) ?? row.type;
  const bedrooms = l.bedrooms === 1 ? 'one bedroom' : `${l.bedrooms} bedrooms`;
  const bathrooms = l.bathrooms === 1 ? 'one bathroom' : `${l.bathrooms} bathrooms`;
  const space = `The ${kind} has ${bedrooms} and ${bathrooms}, and sleeps up to ${l.maxGuests} guests in comfort.`;
  const highlights = AMENITY_PHRASES.filter(([a]) => l.amenities.includes(a))
    .slice(0, 3)
    .map(([, phrase]) => phrase);
  const last = highlights.pop();
  const perks = last
    ? `Highlights include ${highlights.length ? `${highlights.join(', ')} and ${last}` : last}, plus fast wifi throughout.`
    : 'Fast wifi and a fully equipped kitchen make longer stays easy.';
  const setting = r.pick(SETTING_LINES[row.setting]).replaceAll('{city}', row.city);
  return [row.hook, setting, space, perks, r.pick(CLOSINGS)].join(' ');
}

function coordinate(value: number): string {
  return value.toFixed(6);
}

/** Every demo listing with its fields and photo plan, the same on every run for a given PRNG. */
export function planListings(r: TRandom): TDemoListing[] {
  // Handed out newest first (the order the home grid shows), so neighbours on a page get different covers.
  const handedOut = new Map<string, number>();
  const variants = ROWS.toReversed().map((row) => {
    const key = `${row.setting}/${coverBuilding(row)}` as const;
    const count = handedOut.get(key) ?? 0;
    handedOut.set(key, count + 1);
    return count % (COVER_VARIANTS[key] ?? 1);
  });
  return ROWS.map((row, index) => {
    const variant = variants[ROWS.length - 1 - index] as number;
    const bedrooms = row.bedrooms;
    const bathrooms = Math.min(8, Math.max(1, Math.round(bedrooms * 0.75) + (row.type === 'villa' ? 1 : 0)));
    const maxGuests = maxGuestsOf(bedrooms, r);
    const amenities = amenitiesOf(row, r);
    const centre = row.near ? { lat: row.near[0], lng: row.near[1] } : cityPoint(row.city);
    const spread = row.near ? 0.004 : 0.025;
    const lat = centre.lat + r.float(-spread, spread);
    const lng = centre.lng + r.float(-spread, spread) / Math.cos((centre.lat * Math.PI) / 180);
    const region = REGIONS[row.city];
    if (!region) throw new Error(`no region for demo city ${row.city}`);
    return {
      title: row.title,
      description: describe(row, { bedrooms, bathrooms, maxGuests, amenities }, r),
      location: `${row.city === 'Big Bear' ? 'Big Bear Lake' : row.city}, ${region}`,
      city: row.city,
      price: priceOf(row, r),
      bedrooms,
      bathrooms,
      maxGuests,
      amenities,
      categories: [...row.categories],
      latitude: coordinate(lat),
      longitude: coordinate(lng),
      propertyType: row.type,
      setting: row.setting,
      showLogo: r.chance(0.2),
      fresh: row.fresh ?? false,
      photos: planPhotos(row, variant),
    };
  });
}
