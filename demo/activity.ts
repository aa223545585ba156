import type { TContactInfo } from '../src/shared/schemas/booking.ts';
import type { TBookingStatus } from '../src/shared/constants.ts';
import { addDays, daysBetween } from '../src/shared/dates.ts';
import type { TDemoListing } from './listings.ts';
import type { TRandom } from './random.ts';
import type { TSetting } from './scenes.ts';

/**
 * The property with the lowest id in Miami has a confirmed stay starting this many days after the seed
 * date. Tests rely on it: searching those dates must hide that property.
 */
export const DEMO_BOOKED_STAY = { location: 'Miami', offsetDays: 20, nights: 4 } as const;

/**
 * The first home in each of these cities takes requests to book instead of instant bookings, and the first
 * of them has one request from a demo guest awaiting the operator's answer, made a few hours before the
 * seed. The cities are in the middle of the catalogue, away from the homes the e2e specs pick.
 */
export const DEMO_REQUEST_TO_BOOK = {
  cities: ['Islamabad', 'Berlin'],
  request: { guest: 'sofia', offsetDays: 30, nights: 3, guests: 2, infants: 1, hoursAgo: 3 },
} as const;

/** The listings (by index) that take requests to book. */
export function requestToBookHomes(listings: readonly TDemoListing[]): number[] {
  return DEMO_REQUEST_TO_BOOK.cities.map((city) => {
    const i = listings.findIndex((l) => l.city === city);
    if (i < 0) throw new Error(`the demo needs a listing in ${city}`);
    return i;
  });
}

/** Demo guest accounts (never admins), all with this password, so "My bookings" has something to show. */
export const DEMO_GUEST_PASSWORD = 'stayhub-guest';

export interface TDemoGuest {
  username: string;
  name: string;
  country: string;
  phone: string;
}

export const DEMO_GUESTS: readonly TDemoGuest[] = [
  { username: 'emma', name: 'Emma Wilson', country: 'United States', phone: '+1 415 555 0142' },
  { username: 'liam', name: 'Liam Murphy', country: 'Ireland', phone: '+353 1 555 0187' },
  { username: 'sofia', name: 'Sofia Rossi', country: 'Italy', phone: '+39 06 5550 4821' },
  { username: 'noah', name: 'Noah Becker', country: 'Germany', phone: '+49 30 5550 9132' },
  { username: 'aisha', name: 'Aisha Malik', country: 'Pakistan', phone: '+92 300 555 0176' },
  { username: 'kenji', name: 'Kenji Tanaka', country: 'Japan', phone: '+81 3 5550 2218' },
];

export const demoGuestEmail = (g: TDemoGuest) => `${g.username}@stayhub.example`;

/** Guests who booked without an account. */
const WALK_IN_GUESTS: readonly Omit<TContactInfo, 'email' | 'specialRequests'>[] = [
  { name: 'Olivia Martin', country: 'United States', phone: '+1 212 555 0199' },
  { name: 'James Carter', country: 'United Kingdom', phone: '+44 20 7946 0321' },
  { name: 'Camille Dubois', country: 'France', phone: '+33 1 55 50 12 34' },
  { name: 'Mateo Garcia', country: 'Mexico', phone: '+52 55 5550 1234' },
  { name: 'Chloe Nguyen', country: 'Australia', phone: '+61 2 5550 1234' },
  { name: 'Noor Al Hashimi', country: 'United Arab Emirates', phone: '+971 4 555 0123' },
  { name: 'Ethan Brown', country: 'Canada', phone: '+1 416 555 0148' },
  { name: 'Sanne de Vries', country: 'Netherlands', phone: '+31 20 555 0176' },
  { name: 'Hamza Qureshi', country: 'Pakistan', phone: '+92 51 555 0134' },
  { name: 'Yuki Yamamoto', country: 'Japan', phone: '+81 6 5550 7788' },
  { name: 'Lena Schmidt', country: 'Germany', phone: '+49 89 5550 3344' },
  { name: 'Daniel Kim', country: 'United States', phone: '+1 206 555 0163' },
];

const walkInEmail = (name: string) => `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`;

const SPECIAL_REQUESTS: readonly string[] = [
  'We will arrive late, around 10 pm. Is self check-in possible?',
  'Travelling with a baby: could a cot be set up, please?',
  'It is our anniversary, any restaurant tips would be lovely!',
  'Could we leave our luggage after check-out until the evening?',
  'Early check-in would be great if the home is ready.',
  'One of us is allergic to feathers; synthetic pillows, please.',
];

/** Reviews written by other guests before the accounts existed; the admin entered them (spec: userId 1). */
const REVIEWER_NAMES: readonly string[] = [
  'Sarah J.',
  'Michael T.',
  'Priya S.',
  'David L.',
  'Hannah K.',
  'Carlos M.',
  'Julia F.',
  'Tom H.',
  'Amira B.',
  'Oliver P.',
  'Grace W.',
  'Lucas V.',
  'Mei L.',
  'Ben A.',
  'Fatima Z.',
  'Jack R.',
  'Elena G.',
  'Ryan C.',
  'Nadia E.',
  'Marco D.',
  'Isla M.',
  'Samuel O.',
  'Zoe N.',
  'Ahmed Y.',
];

const COMMENTS_5: readonly string[] = [
  'Absolutely loved our stay. The place was spotless and even more beautiful than the photos.',
  'One of the best places we have ever stayed. Thoughtful touches everywhere, and super comfortable beds.',
  'Perfect location, perfect home. Check-in was seamless and the team answered every question within minutes.',
  'We did not want to leave! The photos do not do it justice.',
  'Beautifully designed and incredibly comfortable. We are already planning our next visit.',
  'Everything was exactly as described, and the little welcome basket was a lovely surprise.',
  'A true home away from home. The kitchen had everything we needed to cook every night.',
  'Calm, clean and full of character. We slept better here than at home.',
  'Fantastic stay with friends: plenty of space for everyone and a great place to gather in the evenings.',
  'Gorgeous home with stunning views. Would give six stars if we could.',
  'Super easy self check-in, sparkling clean, and the best shower ever.',
  'We came for a long weekend and wished we had booked a week. Highly recommended!',
];

const COMMENTS_4: readonly string[] = [
  'Lovely place and a great location. The wifi was a little slow in the evenings, but nothing that spoiled the trip.',
  'Really comfortable and clean. Parking was a bit tricky, otherwise perfect.',
  'Great stay overall. The photos are accurate and the beds were very comfortable.',
  'Beautiful home, though the stairs are steep if you have a lot of luggage.',
  'Very nice and well equipped. A few more kitchen utensils would make it perfect.',
  'We had a wonderful time. It can get a little noisy at weekends, so bring earplugs if you are a light sleeper.',
  'Charming and cosy, exactly what we needed. Check-in instructions could be a little clearer.',
  'Good value for the location, and the team was very responsive when we had a question.',
];

const COMMENTS_3: readonly string[] = [
  'Nice location, but the place needs a little maintenance: a dripping tap and a wobbly chair.',
  'Decent stay. Smaller than it looks in the photos, but clean and well located.',
  'The home was fine, but the heating took a long time to warm up.',
  'Good base for exploring, though the mattress was softer than we like.',
];

const SETTING_COMMENTS: Record<TSetting, readonly string[]> = {
  beach: [
    'Waking up to the sound of the waves was pure bliss.',
    'The beach is right there, and the sunsets were unreal.',
  ],
  mountain: [
    'The views of the mountains from the deck were breathtaking.',
    'Perfect after long days of hiking; the hot tub was a highlight.',
  ],
  snow: [
    'We saw the northern lights on our second night!',
    'So cosy after a day in the snow, and the sauna was amazing.',
  ],
  city: [
    'Walking distance to everything we wanted to see.',
    'Great neighbourhood with amazing cafés and restaurants around the corner.',
  ],
  countryside: [
    'So peaceful: just birdsong and rolling hills.',
    'The garden and the sunset views were the highlight of our trip.',
  ],
  lake: [
    'Morning paddles on the lake were the highlight of our trip.',
    'Sitting on the dock at sunset was magical.',
  ],
  desert: ['The stargazing here is out of this world.', 'The red rocks at sunset were unforgettable.'],
};

export interface TDemoReview {
  listing: number;
  /** Index into DEMO_GUESTS, or null for a review the admin entered. */
  guest: number | null;
  userName: string;
  rating: number;
  comment: string;
  date: Date;
}

export interface TDemoBooking {
  listing: number;
  guest: number | null;
  checkIn: string;
  checkOut: string;
  guests: number;
  /** Under 2, not counted as guests (docs/booking-operations.md#guests). */
  infants?: number;
  status: TBookingStatus;
  contactInfo: TContactInfo;
  confirmationNumber: string;
  createdAt: Date;
}

/** A moment on a calendar day at a plausible local hour (UTC on the server; only the day matters). */
/** A booking made "today" at a random hour may land later than now: it is never in the future. */
function notAfterNow(d: Date, now = new Date()): Date {
  return d.getTime() > now.getTime() ? new Date(now.getTime() - 60_000) : d;
}

function at(day: string, r: TRandom): Date {
  return new Date(
    `${day}T${String(r.int(8, 21)).padStart(2, '0')}:${String(r.int(0, 59)).padStart(2, '0')}:00Z`,
  );
}

/** When each listing went live: spread over the last ~14 months, the recently added ones within weeks. */
export function planListedDays(listings: readonly TDemoListing[], today: string, r: TRandom): string[] {
  return listings.map((l, i) =>
    l.fresh ? addDays(today, -r.int(3, 20)) : addDays(today, -(430 - i * 5) + r.int(-3, 3)),
  );
}

export function planReviews(
  listings: readonly TDemoListing[],
  listedDays: readonly string[],
  today: string,
  r: TRandom,
): TDemoReview[] {
  const reviews: TDemoReview[] = [];
  listings.forEach((listing, index) => {
    if (listing.fresh) return;
    const count = r.int(2, 9);
    const quality = r.next();
    const earliest = Math.max(-360, daysBetween(today, listedDays[index] as string) + 5);
    const authors = r.shuffle([...DEMO_GUESTS.keys(), ...Array<null>(count).fill(null)]).slice(0, count);
    const names = r.shuffle(REVIEWER_NAMES);
    const used = new Set<string>();
    for (const guest of authors) {
      const roll = r.next();
      const rating = roll < 0.3 + quality * 0.55 ? 5 : roll < 0.9 + quality * 0.08 ? 4 : 3;
      const pool = rating === 5 ? COMMENTS_5 : rating === 4 ? COMMENTS_4 : COMMENTS_3;
      const unused = pool.filter((c) => !used.has(c));
      let comment = r.pick(unused.length > 0 ? unused : pool);
      used.add(comment);
      if (rating >= 4 && r.chance(0.5)) comment = `${comment} ${r.pick(SETTING_COMMENTS[listing.setting])}`;
      reviews.push({
        listing: index,
        guest,
        userName: guest === null ? (names.pop() as string) : (DEMO_GUESTS[guest] as TDemoGuest).name,
        rating,
        comment,
        date: at(addDays(today, r.int(earliest, -1)), r),
      });
    }
  });
  return reviews;
}

/**
 * Bookings in every status, past and future. Pending and confirmed stays of one property never overlap
 * (the database's exclusion constraint would refuse them); cancelled ones may.
 */
export function planBookings(
  listings: readonly TDemoListing[],
  listedDays: readonly string[],
  today: string,
  r: TRandom,
  target = 64,
): TDemoBooking[] {
  const held = new Map<number, [string, string][]>();
  const numbers = new Set<string>();
  const bookings: TDemoBooking[] = [];
  const free = (listing: number, checkIn: string, checkOut: string) =>
    (held.get(listing) ?? []).every(([a, b]) => checkOut <= a || checkIn >= b);

  const add = (listing: number, checkIn: string, nights: number, status: TBookingStatus): void => {
    const checkOut = addDays(checkIn, nights);
    if (status !== 'cancelled') {
      if (!free(listing, checkIn, checkOut)) return;
      held.set(listing, [...(held.get(listing) ?? []), [checkIn, checkOut]]);
    }
    let confirmationNumber: string;
    do confirmationNumber = `BIC${r.int(100_000, 999_999)}`;
    while (numbers.has(confirmationNumber));
    numbers.add(confirmationNumber);
    const guest = r.chance(0.4) ? r.int(0, DEMO_GUESTS.length - 1) : null;
    const contact = contactFor(guest, r);
    const max = (listings[listing] as TDemoListing).maxGuests;
    const leadDays = r.int(3, 60);
    const booked =
      addDays(checkIn, -leadDays) > today ? addDays(today, -r.int(0, 10)) : addDays(checkIn, -leadDays);
    const listed = listedDays[listing] as string;
    bookings.push({
      listing,
      guest,
      checkIn,
      checkOut,
      guests: Math.min(max, r.chance(0.5) ? 2 : r.int(1, max)),
      status,
      contactInfo: contact,
      confirmationNumber,
      createdAt: notAfterNow(at(booked < listed ? listed : booked, r)),
    });
  };

  const miami = listings.findIndex((l) => l.city === DEMO_BOOKED_STAY.location);
  if (miami < 0) throw new Error('the demo needs a Miami listing');
  add(miami, addDays(today, DEMO_BOOKED_STAY.offsetDays), DEMO_BOOKED_STAY.nights, 'confirmed');

  let attempts = 0;
  while (bookings.length < target && attempts++ < target * 20) {
    const listing = r.int(0, listings.length - 1);
    const listed = daysBetween(today, listedDays[listing] as string);
    const nights = r.int(2, 7);
    const when = r.next();
    // Past stays (mostly completed), stays under way today, and upcoming stays in every status.
    const [from, to, status]: [number, number, TBookingStatus] =
      when < 0.45
        ? [Math.max(listed + 7, -150), -nights, r.chance(0.8) ? 'confirmed' : 'cancelled']
        : when < 0.52
          ? [Math.max(listed + 1, 1 - nights), -1, 'confirmed']
          : [1, 180, r.pick(['pending', 'pending', 'confirmed', 'confirmed', 'cancelled'] as const)];
    if (from > to) continue;
    add(listing, addDays(today, r.int(from, to)), nights, status);
  }
  bookings.push(planRequest(listings, today, free, numbers, r));
  return bookings;
}

/**
 * The request awaiting the operator's answer (DEMO_REQUEST_TO_BOOK), planned after every other booking so
 * they stay as they were; it starts on the first free night from its offset on.
 */
function planRequest(
  listings: readonly TDemoListing[],
  today: string,
  free: (listing: number, checkIn: string, checkOut: string) => boolean,
  numbers: Set<string>,
  r: TRandom,
): TDemoBooking {
  const { request } = DEMO_REQUEST_TO_BOOK;
  const listing = requestToBookHomes(listings)[0] as number;
  let checkIn = addDays(today, request.offsetDays);
  while (!free(listing, checkIn, addDays(checkIn, request.nights))) checkIn = addDays(checkIn, 1);
  const guest = DEMO_GUESTS.findIndex((g) => g.username === request.guest);
  let confirmationNumber: string;
  do confirmationNumber = `BIC${r.int(100_000, 999_999)}`;
  while (numbers.has(confirmationNumber));
  return {
    listing,
    guest,
    checkIn,
    checkOut: addDays(checkIn, request.nights),
    guests: Math.min(request.guests, (listings[listing] as TDemoListing).maxGuests),
    infants: request.infants,
    status: 'requested',
    contactInfo: {
      ...contactFor(guest, r),
      specialRequests: 'We would love to stay: could you confirm soon, please?',
    },
    confirmationNumber,
    createdAt: new Date(Date.now() - request.hoursAgo * 3_600_000),
  };
}

function contactFor(guest: number | null, r: TRandom): TContactInfo {
  const g = guest === null ? undefined : DEMO_GUESTS[guest];
  const walkIn = r.pick(WALK_IN_GUESTS);
  const contact: TContactInfo = g
    ? { name: g.name, email: demoGuestEmail(g), phone: g.phone, country: g.country }
    : { ...walkIn, email: walkInEmail(walkIn.name) };
  if (r.chance(0.3)) contact.specialRequests = r.pick(SPECIAL_REQUESTS);
  return contact;
}
