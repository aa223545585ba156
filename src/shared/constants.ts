/** Business constants of the original app (docs/product.md). */

export const HOME_PAGE_SIZE = 12;
export const CATEGORY_SKELETONS = 8;
export const REVIEWS_FIRST = 3;
export const REVIEWS_STEP = 5;
export const CATEGORY_FADE_PX = 20;
export const DEFAULT_RATING = 4.9;
export const DEFAULT_LOCATION = 'Anywhere';

export const PROPERTY_MAP_ZOOM = 13;
export const MAP_HEIGHT_PX = 400;
export const SEARCH_MAP_DEFAULT = { lat: 20, lng: 0, zoom: 2, cityZoom: 10 } as const;
export const PICKER_MAP_ZOOM = 10;

export const BOOKING_DEFAULT_GUESTS = 2;
export const BOOKING_DEFAULT_NIGHTS = 5;

export const MIN_IMAGES = 5;
export const MAX_IMAGES = 20;
export const MAX_VIDEOS = 3;
export const IMAGE_MAX_SIDE = 1920;
export const IMAGE_JPEG_QUALITY = 0.85;
export const IMAGE_MAX_BYTES = 3 * 1024 * 1024;
export const IMAGES_TOTAL_MAX_BYTES = 19 * 1024 * 1024;
/** Our own limit (the spec leaves it open): each video at most 25 MB, all of a property's videos at most 60 MB. */
export const VIDEO_MAX_BYTES = 25 * 1024 * 1024;
export const VIDEOS_TOTAL_MAX_BYTES = 60 * 1024 * 1024;

export const DEFAULT_EXCHANGE_RATE_PKR = 279.85;
export const EXCHANGE_REFRESH_MS = 4 * 60 * 60 * 1000;

export const PROPERTY_TYPES = ['apartment', 'house', 'cabin', 'villa'] as const;
export type TPropertyType = (typeof PROPERTY_TYPES)[number];

export const BEDROOM_CHOICES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
export const BATHROOM_CHOICES = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export const MAX_GUEST_CHOICES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 16, 20] as const;

export const AMENITIES = [
  'Wifi',
  'Kitchen',
  'TV',
  'Washer',
  'Free parking',
  'Air conditioning',
  'Pool',
  'Hot tub',
  'Gym',
  'Workspace',
  'Smoking allowed',
  'Pets allowed',
] as const;

/**
 * A home's one pets setting (docs/features.md#pets): the search's pets filter, the quote's pets rule and
 * the listing's amenities all read whether the home has this amenity.
 */
export const PETS_AMENITY = 'Pets allowed' satisfies (typeof AMENITIES)[number];

export const FALLBACK_CATEGORIES = [
  'Beach',
  'Mountain',
  'City',
  'Countryside',
  'Lakefront',
  'Cabin',
  'Tiny home',
  'Villa',
  'Apartment',
  'Design',
  'OMG!',
] as const;

/**
 * A booking's states (docs/booking-operations.md#status-words): 'pending' is the spec's state for bookings
 * the operator has still to confirm; 'requested' awaits the answer to a request to book, 'declined' is its no.
 */
export const BOOKING_STATUSES = ['pending', 'requested', 'confirmed', 'cancelled', 'declined'] as const;
export type TBookingStatus = (typeof BOOKING_STATUSES)[number];
/** The states whose booking holds its dates (the bookings_hold_dates trigger says the same in SQL). */
export const HOLDING_STATUSES = [
  'pending',
  'requested',
  'confirmed',
] as const satisfies readonly TBookingStatus[];
/** A cancelled booking and a declined request both end with nothing owed (docs/booking-operations.md#payments). */
export function isClosedStatus(status: string): boolean {
  return status === 'cancelled' || status === 'declined';
}
/** The statuses the operator sets by hand (the spec's three); a request is answered by accept or decline. */
export const SETTABLE_STATUSES = [
  'pending',
  'confirmed',
  'cancelled',
] as const satisfies readonly TBookingStatus[];

/** How a home takes bookings: confirmed at once, or a request the operator answers (docs/booking-operations.md#booking-modes). */
export const BOOKING_MODES = ['instant', 'request'] as const;
export type TBookingMode = (typeof BOOKING_MODES)[number];
export const DEFAULT_BOOKING_MODE: TBookingMode = 'instant';

export interface TGeoPoint {
  name: string;
  lat: number;
  lng: number;
}

/** The 30 built-in location suggestions (docs/product.md#guest-constants). */
export const LOCATIONS: readonly TGeoPoint[] = [
  { name: 'New York', lat: 40.7128, lng: -74.006 },
  { name: 'Los Angeles', lat: 34.0522, lng: -118.2437 },
  { name: 'San Francisco', lat: 37.7749, lng: -122.4194 },
  { name: 'Miami', lat: 25.7617, lng: -80.1918 },
  { name: 'Chicago', lat: 41.8781, lng: -87.6298 },
  { name: 'Austin', lat: 30.2672, lng: -97.7431 },
  { name: 'Seattle', lat: 47.6062, lng: -122.3321 },
  { name: 'Boston', lat: 42.3601, lng: -71.0589 },
  { name: 'Denver', lat: 39.7392, lng: -104.9903 },
  { name: 'Portland', lat: 45.5152, lng: -122.6784 },
  { name: 'Washington DC', lat: 38.9072, lng: -77.0369 },
  { name: 'Atlanta', lat: 33.749, lng: -84.388 },
  { name: 'Dallas', lat: 32.7767, lng: -96.797 },
  { name: 'Houston', lat: 29.7604, lng: -95.3698 },
  { name: 'Phoenix', lat: 33.4484, lng: -112.074 },
  { name: 'San Diego', lat: 32.7157, lng: -117.1611 },
  { name: 'Las Vegas', lat: 36.1699, lng: -115.1398 },
  { name: 'New Orleans', lat: 29.9511, lng: -90.0715 },
  { name: 'Nashville', lat: 36.1627, lng: -86.7816 },
  { name: 'Philadelphia', lat: 39.9526, lng: -75.1652 },
  { name: 'Islamabad', lat: 33.6844, lng: 73.0479 },
  { name: 'London', lat: 51.5074, lng: -0.1278 },
  { name: 'Paris', lat: 48.8566, lng: 2.3522 },
  { name: 'Tokyo', lat: 35.6762, lng: 139.6503 },
  { name: 'Sydney', lat: -33.8688, lng: 151.2093 },
  { name: 'Dubai', lat: 25.2048, lng: 55.2708 },
  { name: 'Toronto', lat: 43.6532, lng: -79.3832 },
  { name: 'Mexico City', lat: 19.4326, lng: -99.1332 },
  { name: 'Berlin', lat: 52.52, lng: 13.405 },
  { name: 'Amsterdam', lat: 52.3676, lng: 4.9041 },
];

export const POPULAR_LOCATIONS = [
  'New York',
  'Los Angeles',
  'San Francisco',
  'Miami',
  'Chicago',
  'Austin',
  'Islamabad',
  'London',
] as const;

/** Cities the property map knows when a listing has no coordinates (docs/product.md#guest-constants). */
export const MAP_CITIES: readonly TGeoPoint[] = [
  { name: 'Los Angeles', lat: 34.0522, lng: -118.2437 },
  { name: 'Aspen', lat: 39.1911, lng: -106.8175 },
  { name: 'Malibu', lat: 34.0259, lng: -118.7798 },
  { name: 'Big Bear', lat: 34.2439, lng: -116.9114 },
  { name: 'Tuscany', lat: 43.7711, lng: 11.2486 },
  { name: 'Portland', lat: 45.5152, lng: -122.6784 },
  { name: 'Edinburgh', lat: 55.9533, lng: -3.1883 },
  { name: 'Miami', lat: 25.7617, lng: -80.1918 },
  { name: 'Rovaniemi', lat: 66.5039, lng: 25.7294 },
  { name: 'Sedona', lat: 34.8697, lng: -111.761 },
];
export const NEW_YORK: TGeoPoint = { name: 'New York', lat: 40.7128, lng: -74.006 };

/** Location picker presets (docs/product.md#location-picker). */
export const PICKER_PRESETS: readonly TGeoPoint[] = [
  { name: 'New York', lat: 40.7128, lng: -74.006 },
  { name: 'Los Angeles', lat: 34.0522, lng: -118.2437 },
  { name: 'London', lat: 51.5074, lng: -0.1278 },
  { name: 'Paris', lat: 48.8566, lng: 2.3522 },
  { name: 'Tokyo', lat: 35.6762, lng: 139.6503 },
  { name: 'Sydney', lat: -33.8688, lng: 151.2093 },
  { name: 'Dubai', lat: 25.2048, lng: 55.2708 },
  { name: 'Islamabad', lat: 33.6844, lng: 73.0479 },
];

export const SETTINGS_DEFAULTS = {
  siteName: 'StayHub',
  siteDescription: 'Find and book unique holiday homes around the world.',
  businessAddress: '123 Harbour Street, Suite 400, San Francisco, CA 94105',
  phoneNumber: '+1 (555) 010-2030',
  /** The spec's default is '24/7', which its own 5-character rule refuses; this keeps the meaning and saves. */
  businessHours: 'Open 24/7',
  adminEmail: 'admin@stayhub.example',
  supportEmail: 'support@stayhub.example',
  notificationEmail: 'notifications@stayhub.example',
  maxGuestsDefault: 4,
  minNightsDefault: 1,
  maxNightsDefault: 30,
  advanceBookingDays: 365,
  /** How long the operator has to answer a request to book before it is declined. */
  requestResponseHours: 24,
  currency: 'USD',
  taxRate: 17,
  enableExchangeRates: true,
  enableEmailNotifications: true,
  enableGuestRegistration: false,
  enableReviews: true,
  /** How often each imported iCal feed is synced, in minutes (at least 5; docs/features.md#calendar-hub). */
  icalSyncMinutes: 15,
} as const;

/** What each admin mutation records in the audit trail (docs/features.md#admin-back-office). Kept free of zod: route search parsing uses it. */
export const ACTIVITY_ENTITY_TYPES = [
  'property',
  'booking',
  'review',
  'category',
  'settings',
  'user',
  // A home's calendar (blocks, prices, stay rules, feeds, export URL): its id is the home's.
  'calendar',
  'email',
  // Automated-message templates and saved replies.
  'message_template',
  // Turnover tasks (docs/staff.md#housekeeping).
  'task',
] as const;
export type TActivityEntityType = (typeof ACTIVITY_ENTITY_TYPES)[number];

/** The admin bookings table's sortable columns (docs/features.md#admin-back-office). */
export const ADMIN_BOOKING_SORTS = [
  'createdAt',
  'id',
  'checkIn',
  'checkOut',
  'guests',
  'total',
  'status',
] as const;
export type TAdminBookingSort = (typeof ADMIN_BOOKING_SORTS)[number];

/** The admin listings table's sortable columns (every column but Actions), and its default page size. */
export const ADMIN_LISTING_SORTS = [
  'id',
  'title',
  'location',
  'price',
  'bedrooms',
  'bathrooms',
  'maxGuests',
] as const;
export type TAdminListingSort = (typeof ADMIN_LISTING_SORTS)[number];
/** A small business's whole catalogue on one page by default. */
export const ADMIN_LISTINGS_PAGE_SIZE = 100;
/** The page sizes the other admin tables offer (reviews across all homes); the first is the default. */
export const ADMIN_TABLE_PAGE_SIZES = [20, 50, 100] as const;

/** The most calls one tRPC request may batch; the client's link splits larger batches. */
export const TRPC_MAX_BATCH = 10;

/**
 * The client's cache key for who is signed in. The server seeds it with null in the page it sends a
 * visitor without a session cookie, so the client does not ask (and get a 401) on every page load.
 */
export const SESSION_QUERY_KEY = ['auth', 'session'] as const;

/** The inbox's filters; here rather than in its schema, so the route's search parser loads no zod. */
export const INBOX_FILTERS = ['all', 'unread', 'arriving', 'staying', 'inquiries'] as const;
export type TInboxFilter = (typeof INBOX_FILTERS)[number];
/** Conversations per page of the inbox: the page asks for them so, and the server's page carries the first. */
export const INBOX_PAGE_SIZE = 20;

/** Where the browser keeps the visitor's colour scheme ('light', 'dark' or 'auto'): the app and the page's head read it. */
export const THEME_STORAGE_KEY = 'stayhub.theme';

/**
 * The page's `<meta>` naming the code a later tap may need (the date pickers' files): the server writes
 * it from the build's manifest, and the booking card fetches those files into the cache once idle.
 */
export const LATER_CODE_META = 'stayhub:later-code';
