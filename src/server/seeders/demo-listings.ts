import {
  AMENITIES,
  LOCATIONS,
  MAP_CITIES,
  MAX_GUEST_CHOICES,
  type FALLBACK_CATEGORIES,
  type TPropertyType,
} from '../../shared/constants.ts';
import type { TRandom } from './demo-random.ts';
import type { TBuilding, TInteriorStyle, TRoom, TScene, TSetting, TTimeOfDay } from './demo-scenes.ts';

type TCategory = (typeof FALLBACK_CATEGORIES)[number];
type TAmenity = (typeof AMENITIES)[number];

/** Region shown after the city ("Miami, Florida"); the city name itself stays searchable. */
const REGIONS: Record<string, string> = {
  'New York': 'New York',
  'Los Angeles': 'California',
  'San Francisco': 'California',
  Miami: 'Florida',
  Chicago: 'Illinois',
  Austin: 'Texas',
  Seattle: 'Washington',
  Boston: 'Massachusetts',
  Denver: 'Colorado',
  Portland: 'Oregon',
  'Washington DC': 'District of Columbia',
  Atlanta: 'Georgia',
  Dallas: 'Texas',
  Houston: 'Texas',
  Phoenix: 'Arizona',
  'San Diego': 'California',
  'Las Vegas': 'Nevada',
  'New Orleans': 'Louisiana',
  Nashville: 'Tennessee',
  Philadelphia: 'Pennsylvania',
  Islamabad: 'Pakistan',
  London: 'United Kingdom',
  Paris: 'France',
  Tokyo: 'Japan',
  Sydney: 'Australia',
  Dubai: 'United Arab Emirates',
  Toronto: 'Canada',
  'Mexico City': 'Mexico',
  Berlin: 'Germany',
  Amsterdam: 'Netherlands',
  Aspen: 'Colorado',
  Malibu: 'California',
  'Big Bear': 'California',
  Tuscany: 'Italy',
  Edinburgh: 'United Kingdom',
  Rovaniemi: 'Finland',
  Sedona: 'Arizona',
};

const PREMIUM = new Set([
  'New York',
  'San Francisco',
  'Los Angeles',
  'Miami',
  'Malibu',
  'Aspen',
  'London',
  'Paris',
  'Tokyo',
  'Sydney',
  'Dubai',
  'Amsterdam',
  'Tuscany',
]);
const BUDGET = new Set([
  'Islamabad',
  'Mexico City',
  'Houston',
  'Atlanta',
  'Phoenix',
  'Dallas',
  'New Orleans',
  'Berlin',
]);

interface TListingRow {
  city: string;
  title: string;
  type: TPropertyType;
  setting: TSetting;
  /** What the cover photo shows, when the property type alone would draw the wrong thing. */
  building?: TBuilding;
  categories: readonly [TCategory, ...TCategory[]];
  bedrooms: number;
  hook: string;
  /** A precise spot, for homes that sit well outside the city centre. */
  near?: readonly [number, number];
  price?: number;
  /** Listed recently: no reviews yet. */
  fresh?: boolean;
  /** Extra photos beyond the usual five (exercises the gallery's '+N more'). */
  extraPhotos?: number;
}

/**
 * The demo catalogue. The home grid lists newest first, so the rows at the end of this table are the
 * ones a guest sees first: they are chosen to mix cities, settings and property types.
 */
const ROWS: readonly TListingRow[] = [
  {
    city: 'Miami',
    title: 'Oceanfront Art Deco Apartment in South Beach',
    type: 'apartment',
    setting: 'beach',
    categories: ['Beach', 'Apartment', 'Design'],
    bedrooms: 2,
    near: [25.7826, -80.1304],
    hook: 'Pastel Art Deco details meet a breezy modern interior two minutes from the sand of South Beach.',
  },
  {
    city: 'Los Angeles',
    title: 'Hollywood Hills Glass House',
    type: 'villa',
    setting: 'city',
    categories: ['Design', 'City', 'OMG!'],
    bedrooms: 4,
    near: [34.1184, -118.3004],
    hook: 'A cantilevered mid-century glass house perched above the city, with the lights of Los Angeles spread out below.',
  },
  {
    city: 'Rovaniemi',
    title: 'Arctic Lakeside Log Cabin',
    type: 'cabin',
    setting: 'snow',
    categories: ['Cabin', 'Lakefront'],
    bedrooms: 3,
    near: [66.55, 25.85],
    hook: 'A traditional Lapland log cabin on a frozen lake, with a wood-fired sauna and a fire pit for watching the sky.',
  },
  {
    city: 'Chicago',
    title: 'Lakeshore High-Rise Apartment',
    type: 'apartment',
    setting: 'city',
    categories: ['City', 'Lakefront', 'Apartment'],
    bedrooms: 2,
    near: [41.892, -87.614],
    hook: 'Floor-to-ceiling windows on the 38th floor look straight out over Lake Michigan and Navy Pier.',
  },
  {
    city: 'Austin',
    title: 'East Austin Tiny House',
    type: 'house',
    setting: 'countryside',
    building: 'tiny',
    categories: ['Tiny home', 'City'],
    bedrooms: 1,
    price: 65,
    hook: 'A clever 30 m² tiny house with a sleeping loft, tucked into a leafy backyard in East Austin.',
  },
  {
    city: 'Tokyo',
    title: 'Shibuya Compact Design Studio',
    type: 'apartment',
    setting: 'city',
    categories: ['City', 'Design', 'Tiny home'],
    bedrooms: 1,
    near: [35.6595, 139.7005],
    hook: 'A smartly designed micro-studio where every centimetre works hard, five minutes from Shibuya Crossing.',
  },
  {
    city: 'Aspen',
    title: 'Aspen Mountain-View Townhome',
    type: 'house',
    setting: 'snow',
    categories: ['Mountain'],
    bedrooms: 3,
    fresh: true,
    hook: 'A cosy townhome a short walk from the gondola, with a stone fireplace and a private hot tub.',
  },
  {
    city: 'San Francisco',
    title: 'Painted Lady Victorian Flat',
    type: 'apartment',
    setting: 'city',
    categories: ['City', 'Design'],
    bedrooms: 2,
    near: [37.7763, -122.4328],
    hook: 'The top floor of a restored 1890s Victorian facing Alamo Square, with bay windows and original mouldings.',
  },
  {
    city: 'Edinburgh',
    title: 'Old Town Apartment with Castle Views',
    type: 'apartment',
    setting: 'city',
    categories: ['City', 'Apartment'],
    bedrooms: 2,
    near: [55.9486, -3.199],
    hook: 'A Georgian apartment on the Grassmarket with the castle rock rising straight outside the living-room window.',
  },
  {
    city: 'Dubai',
    title: 'Palm Jumeirah Beach Villa',
    type: 'villa',
    setting: 'beach',
    categories: ['Beach', 'Villa', 'OMG!'],
    bedrooms: 7,
    near: [25.112, 55.139],
    extraPhotos: 2,
    hook: 'A frond-front villa on the Palm with a private beach, a chilled pool and views to the Dubai Marina skyline.',
  },
  {
    city: 'Denver',
    title: 'Foothills Cabin near Red Rocks',
    type: 'cabin',
    setting: 'mountain',
    categories: ['Mountain', 'Cabin'],
    bedrooms: 2,
    near: [39.665, -105.205],
    hook: 'A cosy timber cabin in the foothills, ten minutes from concerts at Red Rocks Amphitheatre.',
  },
  {
    city: 'Boston',
    title: 'Back Bay Brownstone Apartment',
    type: 'apartment',
    setting: 'city',
    categories: ['City', 'Apartment'],
    bedrooms: 2,
    near: [42.3503, -71.081],
    hook: 'A sunny parlour-floor apartment in a classic Back Bay brownstone on Commonwealth Avenue.',
  },
  {
    city: 'Islamabad',
    title: 'Margalla Hills View House',
    type: 'house',
    setting: 'mountain',
    categories: ['Mountain', 'City'],
    bedrooms: 4,
    near: [33.738, 73.056],
    hook: 'A spacious family home at the foot of the Margalla Hills, with trailheads a short walk from the gate.',
  },
  {
    city: 'Mexico City',
    title: 'Roma Norte Garden Studio',
    type: 'apartment',
    setting: 'city',
    categories: ['City', 'Apartment'],
    bedrooms: 1,
    price: 55,
    near: [19.417, -99.162],
    hook: 'A bright studio opening onto a shared garden courtyard on one of Roma Norte’s tree-lined streets.',
  },
  {
    city: 'Amsterdam',
    title: 'Canal House on the Prinsengracht',
    type: 'house',
    setting: 'city',
    building: 'townhouse',
    categories: ['City', 'Design'],
    bedrooms: 3,
    near: [52.37, 4.884],
    hook: 'A narrow seventeenth-century canal house with steep Dutch stairs, beamed ceilings and a hidden garden.',
  },
  {
    city: 'Phoenix',
    title: 'Desert Modern Villa with Pool',
    type: 'villa',
    setting: 'desert',
    categories: ['Villa', 'Design'],
    bedrooms: 4,
    hook: 'A low-slung desert modern villa with a heated pool, a fire pit and Camelback Mountain on the horizon.',
  },
  {
    city: 'Sydney',
    title: 'Bondi Beach Terrace',
    type: 'house',
    setting: 'beach',
    categories: ['Beach'],
    bedrooms: 3,
    near: [-33.891, 151.274],
    hook: 'A renovated Federation terrace two streets back from Bondi, with the coastal walk starting at the corner.',
  },
  {
    city: 'Nashville',
    title: 'Hill Country Farmhouse outside Nashville',
    type: 'house',
    setting: 'countryside',
    categories: ['Countryside'],
    bedrooms: 5,
    near: [36.056, -86.953],
    hook: 'A white clapboard farmhouse on twelve acres of rolling pasture, twenty minutes from Broadway’s honky-tonks.',
  },
  {
    city: 'Washington DC',
    title: 'Capitol Hill Rowhouse',
    type: 'house',
    setting: 'city',
    building: 'townhouse',
    categories: ['City'],
    bedrooms: 3,
    near: [38.888, -76.995],
    hook: 'A red-brick Victorian rowhouse on a leafy block, a short walk from the Capitol and Eastern Market.',
  },
  {
    city: 'San Diego',
    title: 'La Jolla Cove Beach Apartment',
    type: 'apartment',
    setting: 'beach',
    categories: ['Beach', 'Apartment'],
    bedrooms: 2,
    near: [32.85, -117.273],
    hook: 'An ocean-view apartment above La Jolla Cove, where sea lions sunbathe on the rocks below.',
  },
  {
    city: 'Berlin',
    title: 'Kreuzberg Canal-Side Loft',
    type: 'apartment',
    setting: 'city',
    categories: ['City', 'Apartment', 'Design'],
    bedrooms: 2,
    near: [52.496, 13.424],
    hook: 'A converted factory loft on the Landwehr Canal, with Berlin’s best cafés and galleries right outside.',
  },
  {
    city: 'Austin',
    title: 'Lake Travis Hilltop Retreat',
    type: 'villa',
    setting: 'lake',
    categories: ['Lakefront', 'Villa'],
    bedrooms: 5,
    near: [30.42, -97.91],
    hook: 'A limestone villa high above Lake Travis, with an infinity pool built for Texas Hill Country sunsets.',
  },
  {
    city: 'New Orleans',
    title: 'French Quarter Balcony Suite',
    type: 'apartment',
    setting: 'city',
    categories: ['City', 'Apartment', 'Design'],
    bedrooms: 1,
    near: [29.958, -90.065],
    hook: 'A Creole townhouse suite with a lacy iron balcony overlooking the jazz of Royal Street.',
  },
  {
    city: 'Tuscany',
    title: "Restored Stone Farmhouse in Val d'Orcia",
    type: 'house',
    setting: 'countryside',
    categories: ['Countryside'],
    bedrooms: 4,
    near: [43.07, 11.62],
    hook: 'A honey-coloured stone farmhouse among the rolling wheat fields and cypress avenues of the Val d’Orcia.',
  },
  {
    city: 'Toronto',
    title: 'Toronto Islands Lakeside Cottage',
    type: 'house',
    setting: 'lake',
    categories: ['Lakefront'],
    bedrooms: 2,
    near: [43.621, -79.378],
    hook: 'A car-free island cottage, a short ferry ride from downtown, with the skyline across the water.',
  },
  {
    city: 'Las Vegas',
    title: 'Red Rock Canyon Desert Villa',
    type: 'villa',
    setting: 'desert',
    categories: ['Villa', 'OMG!'],
    bedrooms: 6,
    near: [36.135, -115.33],
    hook: 'A resort-style villa bordering Red Rock Canyon, with a lagoon pool and the Strip glittering on the horizon.',
  },
  {
    city: 'Malibu',
    title: 'Point Dume Surf Shack',
    type: 'cabin',
    setting: 'beach',
    building: 'tiny',
    categories: ['Beach', 'Tiny home'],
    bedrooms: 1,
    near: [34.001, -118.806],
    hook: 'A tiny surf shack with an outdoor shower and boards to borrow, a short stroll from the Point Dume breaks.',
  },
  {
    city: 'Atlanta',
    title: 'Midtown Atlanta Skyline Condo',
    type: 'apartment',
    setting: 'city',
    categories: ['City', 'Apartment'],
    bedrooms: 2,
    near: [33.781, -84.383],
    hook: 'A sleek high-floor condo with a rooftop pool, steps from Piedmont Park and the BeltLine.',
  },
  {
    city: 'Aspen',
    title: 'Aspen Ski-In Ski-Out Chalet',
    type: 'villa',
    setting: 'snow',
    categories: ['Mountain', 'Villa', 'OMG!'],
    bedrooms: 6,
    hook: 'A timber-and-glass chalet right on the slopes: click into your skis at the door and glide back to the hot tub.',
  },
  {
    city: 'New York',
    title: 'Brooklyn Brownstone Garden Duplex',
    type: 'house',
    setting: 'city',
    building: 'townhouse',
    categories: ['City'],
    bedrooms: 3,
    near: [40.684, -73.977],
    hook: 'A garden duplex in a landmarked Park Slope brownstone, with a private backyard for summer dinners.',
  },
  {
    city: 'Portland',
    title: 'Forest Park Treehouse',
    type: 'cabin',
    setting: 'mountain',
    building: 'treehouse',
    categories: ['OMG!', 'Cabin', 'Tiny home'],
    bedrooms: 1,
    near: [45.57, -122.76],
    hook: 'A whimsical treehouse suspended among Douglas firs at the edge of Forest Park, reached by a rope bridge.',
  },
  {
    city: 'Dallas',
    title: 'Uptown Dallas Designer Flat',
    type: 'apartment',
    setting: 'city',
    categories: ['City', 'Design', 'Apartment'],
    bedrooms: 2,
    near: [32.802, -96.8],
    hook: 'A designer flat filled with Texan art, on the trolley line through Uptown’s restaurants and bars.',
  },
  {
    city: 'Sedona',
    title: 'Sedona Canyon Casita',
    type: 'house',
    setting: 'desert',
    building: 'tiny',
    categories: ['Tiny home', 'Countryside'],
    bedrooms: 1,
    hook: 'A peaceful adobe casita with a private patio where the stars are so bright you barely need a lamp.',
  },
  {
    city: 'London',
    title: 'South Bank Thames View Apartment',
    type: 'apartment',
    setting: 'city',
    categories: ['City', 'Apartment'],
    bedrooms: 2,
    near: [51.506, -0.115],
    hook: 'A riverside apartment looking across the Thames to St Paul’s, a short stroll from Tate Modern.',
  },
  {
    city: 'Seattle',
    title: 'Capitol Hill Modern Townhome',
    type: 'house',
    setting: 'city',
    building: 'townhouse',
    categories: ['City', 'Design'],
    bedrooms: 3,
    near: [47.623, -122.32],
    hook: 'A light-filled modern townhome with a rooftop deck framing the Space Needle and the Olympics.',
  },
  {
    city: 'Big Bear',
    title: 'Big Bear Family Lodge with Hot Tub',
    type: 'house',
    setting: 'mountain',
    categories: ['Mountain'],
    bedrooms: 5,
    hook: 'A roomy mountain lodge with a games room and a big hot tub, minutes from the lifts at Snow Summit.',
  },
  {
    city: 'Houston',
    title: 'Heights Craftsman Bungalow',
    type: 'house',
    setting: 'city',
    categories: ['City'],
    bedrooms: 3,
    near: [29.798, -95.398],
    hook: 'A 1920s Craftsman bungalow with a wide front porch on a shady street in the Houston Heights.',
  },
  {
    city: 'Paris',
    title: "Montmartre Artist's Studio",
    type: 'apartment',
    setting: 'city',
    categories: ['City', 'Design'],
    bedrooms: 1,
    near: [48.886, 2.34],
    hook: 'A former painter’s atelier under a glass roof, steps from the Place du Tertre and Sacré-Cœur.',
  },
  {
    city: 'Edinburgh',
    title: 'Pentland Hills Stone Cottage',
    type: 'house',
    setting: 'countryside',
    categories: ['Countryside'],
    bedrooms: 2,
    near: [55.86, -3.26],
    hook: 'A whitewashed stone cottage with a peat fire, where hill walks start at the garden gate.',
  },
  {
    city: 'Miami',
    title: 'Coconut Grove Garden House',
    type: 'house',
    setting: 'beach',
    categories: ['Beach', 'City'],
    bedrooms: 3,
    near: [25.727, -80.242],
    fresh: true,
    hook: 'A tropical garden house shaded by banyan trees, a short bike ride from the marinas of Coconut Grove.',
  },
  {
    city: 'Tokyo',
    title: 'Traditional Machiya House in Yanaka',
    type: 'house',
    setting: 'city',
    categories: ['City', 'Design'],
    bedrooms: 3,
    near: [35.726, 139.768],
    hook: 'A wooden machiya townhouse with tatami rooms, sliding shoji screens and a tiny moss garden.',
  },
  {
    city: 'Islamabad',
    title: 'F-7 Garden Apartment',
    type: 'apartment',
    setting: 'city',
    categories: ['City', 'Apartment'],
    bedrooms: 1,
    price: 48,
    near: [33.72, 73.055],
    hook: 'A calm garden apartment in leafy F-7, close to Jinnah Super market and its cafés.',
  },
  {
    city: 'Sydney',
    title: 'Harbour View Apartment in The Rocks',
    type: 'apartment',
    setting: 'city',
    categories: ['City', 'Apartment'],
    bedrooms: 2,
    near: [-33.859, 151.209],
    hook: 'Watch ferries glide past the Opera House from a heritage apartment in the historic Rocks.',
  },
  {
    city: 'Amsterdam',
    title: 'Houseboat on the Amstel',
    type: 'house',
    setting: 'lake',
    building: 'houseboat',
    categories: ['Lakefront', 'OMG!'],
    bedrooms: 1,
    near: [52.36, 4.905],
    hook: 'A snug houseboat moored on the Amstel, where herons visit the deck and bikes wait on the quay.',
  },
  {
    city: 'Philadelphia',
    title: 'Old City Trinity House',
    type: 'house',
    setting: 'city',
    building: 'townhouse',
    categories: ['City', 'Design'],
    bedrooms: 2,
    near: [39.95, -75.145],
    hook: 'A tiny colonial trinity house, one room per floor joined by a spiral stair, near Independence Hall.',
  },
  {
    city: 'Denver',
    title: 'Mile High Loft in LoDo',
    type: 'apartment',
    setting: 'city',
    categories: ['City', 'Apartment'],
    bedrooms: 1,
    near: [39.753, -104.999],
    hook: 'A warehouse loft in Lower Downtown with Union Station, Coors Field and craft breweries at the door.',
  },
  {
    city: 'Tuscany',
    title: 'Vineyard Cottage near Montepulciano',
    type: 'house',
    setting: 'countryside',
    building: 'tiny',
    categories: ['Countryside', 'Tiny home'],
    bedrooms: 1,
    near: [43.093, 11.78],
    hook: 'A romantic one-room cottage in a working vineyard, with wine tastings a few steps away.',
  },
  {
    city: 'Los Angeles',
    title: 'Silver Lake Bungalow with Garden',
    type: 'house',
    setting: 'city',
    categories: ['City'],
    bedrooms: 2,
    near: [34.087, -118.27],
    hook: 'A Spanish-style bungalow with a citrus garden and a hammock, close to the Silver Lake reservoir.',
  },
  {
    city: 'Toronto',
    title: 'Distillery District Loft',
    type: 'apartment',
    setting: 'city',
    categories: ['City', 'Apartment', 'Design'],
    bedrooms: 1,
    near: [43.6503, -79.3596],
    hook: 'A brick-and-beam loft in a Victorian distillery building, surrounded by galleries and cobbled lanes.',
  },
  {
    city: 'Rovaniemi',
    title: "Santa's Village Family Chalet",
    type: 'house',
    setting: 'snow',
    categories: ['Mountain', 'Cabin'],
    bedrooms: 4,
    near: [66.544, 25.847],
    fresh: true,
    hook: 'A warm family chalet right on the Arctic Circle, with husky rides and Santa’s Village a short walk away.',
  },
  {
    city: 'San Diego',
    title: 'Mission Beach Boardwalk House',
    type: 'house',
    setting: 'beach',
    categories: ['Beach'],
    bedrooms: 3,
    near: [32.771, -117.252],
    hook: 'A sunny beach house right on the boardwalk, with beach cruisers and a surfboard rack in the patio.',
  },
  {
    city: 'Mexico City',
    title: 'Coyoacán Courtyard House',
    type: 'house',
    setting: 'city',
    categories: ['City', 'Design'],
    bedrooms: 3,
    near: [19.35, -99.162],
    hook: 'A cobalt-blue courtyard house with bougainvillea and fountains, a few blocks from Frida Kahlo’s home.',
  },
  {
    city: 'Sedona',
    title: 'Cathedral Rock Adobe House',
    type: 'house',
    setting: 'desert',
    categories: ['Countryside', 'Design'],
    bedrooms: 3,
    near: [34.825, -111.788],
    hook: 'A sculpted adobe house with kiva fireplaces and a rooftop terrace made for stargazing.',
  },
  {
    city: 'Chicago',
    title: 'Wicker Park Greystone',
    type: 'house',
    setting: 'city',
    building: 'townhouse',
    categories: ['City'],
    bedrooms: 4,
    near: [41.909, -87.677],
    hook: 'A grand Chicago greystone with original woodwork and a garden patio, near the Bloomingdale Trail.',
  },
  {
    city: 'Dubai',
    title: 'Dubai Marina Sky Apartment',
    type: 'apartment',
    setting: 'city',
    categories: ['City', 'Apartment'],
    bedrooms: 2,
    near: [25.08, 55.14],
    hook: 'A 40th-floor apartment with a wraparound balcony over the Marina and the Palm beyond.',
  },
  {
    city: 'San Francisco',
    title: 'Sea Cliff Home with Golden Gate Views',
    type: 'house',
    setting: 'beach',
    categories: ['Beach', 'City'],
    bedrooms: 3,
    near: [37.787, -122.49],
    hook: 'A Mediterranean-style home above Baker Beach, with the Golden Gate Bridge framed in every window.',
  },
  {
    city: 'New York',
    title: 'Midtown Studio Steps from Central Park',
    type: 'apartment',
    setting: 'city',
    categories: ['City', 'Apartment'],
    bedrooms: 1,
    near: [40.766, -73.98],
    hook: 'A polished studio with a doorman building, a short walk from Central Park, Carnegie Hall and Broadway.',
  },
  {
    city: 'Big Bear',
    title: 'Big Bear Lakefront Cabin',
    type: 'cabin',
    setting: 'lake',
    categories: ['Lakefront', 'Cabin', 'Mountain'],
    bedrooms: 3,
    near: [34.243, -116.9],
    hook: 'A knotty-pine cabin with its own dock, kayaks and a fire pit right at the water’s edge.',
  },
  {
    city: 'Paris',
    title: 'Le Marais Haussmann Apartment',
    type: 'apartment',
    setting: 'city',
    categories: ['City', 'Apartment', 'Design'],
    bedrooms: 2,
    near: [48.859, 2.362],
    hook: 'Herringbone parquet, marble fireplaces and wrought-iron balconies on a quiet street in Le Marais.',
  },
  {
    city: 'Aspen',
    title: 'Maroon Bells Log Cabin',
    type: 'cabin',
    setting: 'mountain',
    categories: ['Mountain', 'Cabin'],
    bedrooms: 3,
    near: [39.0708, -106.989],
    hook: 'A hand-built log cabin at the edge of the national forest, with the Maroon Bells glowing pink from the porch at sunrise.',
  },
  {
    city: 'Miami',
    title: 'Bayside Villa with Infinity Pool',
    type: 'villa',
    setting: 'beach',
    categories: ['Beach', 'Villa', 'OMG!'],
    bedrooms: 6,
    near: [25.693, -80.163],
    hook: 'A gated waterfront villa on Key Biscayne with an infinity pool that seems to pour straight into the bay.',
  },
  {
    city: 'London',
    title: 'Notting Hill Mews House',
    type: 'house',
    setting: 'city',
    building: 'townhouse',
    categories: ['City', 'Design'],
    bedrooms: 2,
    near: [51.5129, -0.201],
    hook: 'A quiet cobbled mews house around the corner from the Portobello Road antique market.',
  },
  {
    city: 'Seattle',
    title: 'Lake Union Floating Home',
    type: 'house',
    setting: 'lake',
    building: 'houseboat',
    categories: ['Lakefront', 'OMG!'],
    bedrooms: 2,
    near: [47.637, -122.333],
    hook: 'A real Seattle floating home with a roof deck, watching seaplanes take off across Lake Union.',
  },
  {
    city: 'Sedona',
    title: 'Red Rock Vista Villa',
    type: 'villa',
    setting: 'desert',
    categories: ['Villa', 'Design'],
    bedrooms: 4,
    hook: 'Walls of glass and a heated saltwater pool face Cathedral Rock, which turns fiery red at sunset.',
  },
  {
    city: 'Nashville',
    title: 'Germantown Modern Tiny Cottage',
    type: 'house',
    setting: 'city',
    building: 'tiny',
    categories: ['Tiny home', 'City', 'Design'],
    bedrooms: 1,
    fresh: true,
    hook: 'A modern tiny cottage with a porch swing, a short walk from the farmers’ market and Germantown’s restaurants.',
  },
  {
    city: 'Big Bear',
    title: 'Pine Forest A-Frame',
    type: 'cabin',
    setting: 'mountain',
    building: 'aframe',
    categories: ['Cabin', 'Mountain', 'Design'],
    bedrooms: 2,
    hook: 'A lovingly restored 1960s A-frame among tall Jeffrey pines, with a wood stove and a loft bedroom under the eaves.',
  },
  {
    city: 'New York',
    title: 'Soho Loft with Skyline Views',
    type: 'apartment',
    setting: 'city',
    categories: ['City', 'Apartment', 'Design'],
    bedrooms: 2,
    hook: 'A classic cast-iron loft with five-metre ceilings, exposed brick and tall windows that frame the Manhattan skyline.',
  },
  {
    city: 'Malibu',
    title: 'Cliffside Malibu Beach House',
    type: 'house',
    setting: 'beach',
    categories: ['Beach', 'Design'],
    bedrooms: 4,
    near: [34.036, -118.707],
    hook: 'Private stairs lead from the garden down to a quiet cove, and dolphins pass the deck most mornings.',
  },
  {
    city: 'Tuscany',
    title: 'Chianti Hilltop Villa with Pool',
    type: 'villa',
    setting: 'countryside',
    categories: ['Countryside', 'Villa', 'OMG!'],
    bedrooms: 8,
    near: [43.47, 11.3],
    extraPhotos: 3,
    hook: 'A restored sixteenth-century villa crowning its own hill, surrounded by vineyards, olive groves and cypress-lined lanes.',
  },
  {
    city: 'Rovaniemi',
    title: 'Glass Igloo under the Northern Lights',
    type: 'cabin',
    setting: 'snow',
    building: 'igloo',
    categories: ['OMG!', 'Design', 'Tiny home'],
    bedrooms: 1,
    near: [66.543, 25.847],
    extraPhotos: 1,
    hook: 'Fall asleep under a heated glass dome and wake when the aurora dances across the Arctic sky.',
  },
];

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

function priceOf(row: TListingRow, r: TRandom): number {
  if (row.price) return row.price;
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
  return Math.min(950, Math.max(45, Math.round(price / 5) * 5));
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

const SETTING_LINES: Record<TSetting, readonly string[]> = {
  beach: [
    'Fall asleep to the sound of the surf and start the day with a swim before breakfast.',
    'Beach towels, chairs and an umbrella are waiting by the door, so you can head straight to the sand.',
    'Sunsets over the water are the main event here; grab a drink and watch from the terrace.',
  ],
  mountain: [
    'Trailheads, lakes and scenic drives start minutes from the door, and the night sky is full of stars.',
    'After a day on the trails or the slopes, warm up by the fire with a book from the shelf.',
    'The air is crisp, the views are huge, and the only traffic is the occasional deer.',
  ],
  snow: [
    'Snowshoes, sledges and thick wool blankets are all provided for the long winter evenings.',
    'On clear nights the northern sky puts on a show, and the sauna is ready whenever you are.',
    'Ski lockers, boot warmers and a drying room make winter mornings easy.',
  ],
  city: [
    'Cafés, galleries and some of the best restaurants in {city} are within a few minutes’ walk.',
    'Public transport stops nearby, so every major sight in {city} is an easy ride away.',
    'Come back from a day of exploring {city} to a calm, well-designed space that feels like home.',
  ],
  countryside: [
    'Days here move slowly: long lunches in the garden, walks between the fields, and wine at golden hour.',
    'Local markets, farm shops and village restaurants are a short drive along quiet country roads.',
    'Birdsong, wide skies and total quiet make it the perfect place to switch off.',
  ],
  lake: [
    'Kayaks and paddleboards are included, and the water is calm enough for an early-morning paddle.',
    'Watch the light change over the water from the deck, from misty mornings to fiery sunsets.',
    'Swim, fish or simply sit on the dock with your feet in the water.',
  ],
  desert: [
    'Hiking and biking trails wind through the red rocks right outside, and the stargazing is unforgettable.',
    'Cool off in the shade of the patio after exploring canyons, vortexes and desert trails.',
    'Evenings are magical: the rocks glow at sunset and the sky fills with stars.',
  ],
};

const CLOSINGS: readonly string[] = [
  'We look forward to welcoming you.',
  'Self check-in with a smart lock makes arrival easy, whatever time you land.',
  'Fresh linen, fluffy towels and local coffee are ready for your arrival.',
  'Our team is on hand around the clock if you need anything during your stay.',
  'Ideal for families, friends travelling together, or anyone who wants a little extra space.',
];

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
