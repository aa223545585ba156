import { rest } from '../route-meta.ts';

/**
 * The REST routes of the procedures of `calendar.ts`, keyed as they are: method, path, and the words of the
 * OpenAPI document (docs/rest-contract.md#words).
 */
export const routes = {
  blocks: rest.get(
    '/properties/{id}/blocks',
    "A home's blocked ranges (admin)",
    'The ranges of nights closed on a home by the operator (maintenance, owner use), each with its reason.',
  ),
  block: rest.post(
    '/properties/{id}/blocks',
    'Close a range of nights on a home (admin); 409 naming the booking or block already there',
    'Closes the nights of a range so nobody can book them. A range that meets a booking or another block answers 409 naming it.',
  ),
  unblock: rest.delete(
    '/properties/{id}/blocks/{blockId}',
    'Reopen a block (admin)',
    'Removes one block; its nights can be booked again.',
  ),
  reopen: rest.post(
    '/properties/{id}/blocks/reopen',
    'Free every blocked night of a range (admin); blocks reaching past it are trimmed or split',
    'Frees every blocked night between two dates. Blocks wholly inside the range are removed; those that reach past it are shortened or split in two.',
  ),
  rates: rest.get(
    '/properties/{id}/rates',
    "A home's price and stay rules (admin)",
    'The base nightly price, the weekend price, the seasons with their prices and the stay rules of one home.',
  ),
  setRate: rest.post(
    '/properties/{id}/rates',
    'Set a season (dates + nightly price; it wins over seasons it overlaps, which are trimmed or split), the weekend price (Friday and Saturday nights) or the minimum nights (admin)',
    'Saves one rate of a home: a season with its nightly price, the Friday and Saturday price, or the fewest nights. A new season replaces the parts of older ones it overlaps.',
  ),
  deleteRate: rest.delete(
    '/properties/{id}/rates/{rateId}',
    'Remove a rate (admin)',
    'Removes one season or rule from a home; quotes from now on go without it.',
  ),
  month: rest.get(
    '/properties/{id}/calendar',
    "A home's calendar between two dates: bookings, blocks, imported events and each night's price (admin)",
    'What the calendar grid shows for one home between two dates: bookings, blocks, imported events and the price of each night.',
  ),
  timeline: rest.get(
    '/calendar/timeline',
    'Every home on one timeline, paged by home (admin)',
    'Bookings, blocks and imported events of every home on one timeline between two dates, a page of homes at a time. Staff with homes see only theirs.',
  ),
  ical: rest.get(
    '/properties/{id}/ical',
    "A home's secret iCal export URL and its imported feeds (admin)",
    "The private URL other channels read this home's bookings from, and the channels' feeds imported into it with their last sync.",
  ),
  regenerateIcal: rest.post(
    '/properties/{id}/ical/regenerate',
    'A new export URL for a home; the old one answers 404 from now on (admin)',
    "Replaces the home's export URL with a new secret one, for when the old one leaked. Channels must be given the new URL.",
  ),
  addFeed: rest.post(
    '/properties/{id}/ical/feeds',
    "Import another channel's iCal feed into a home, e.g. { name: 'Airbnb', url } (admin); it syncs at once",
    "Adds another channel's iCal URL to a home. It is fetched at once and then on a schedule; its events close their nights here.",
  ),
  addExportChannel: rest.post(
    '/properties/{id}/ical/channels',
    'Add a channel that only reads our calendar (admin): a name, no feed to import',
    "Answers the channel with its own export URL: the home's bookings and blocks, plus every stay imported from the home's other channels (its switch, as for any channel, turns those off). Events that came from us are never passed back. Nothing is ever synced from it; POST …/feeds/{feedId}/sync answers 409.",
  ),
  syncFeed: rest.post(
    '/properties/{id}/ical/feeds/{feedId}/sync',
    "Sync a feed now (admin); a failure is recorded as the feed's last error",
    "Fetches one imported feed now instead of waiting for the schedule. A failure is kept as the feed's last error and answered.",
  ),
  setFeedExport: rest.put(
    '/properties/{id}/ical/feeds/{feedId}/export',
    "Whether this channel's export URL also carries the stays imported from the home's other feeds (admin; on by default)",
    "Turns on or off whether the export URL given to this channel also lists the stays imported from the home's other channels.",
  ),
  deleteFeed: rest.delete(
    '/properties/{id}/ical/feeds/{feedId}',
    'Stop importing a feed; its events free their dates (admin)',
    "Stops importing a channel's feed. The nights its events closed become free.",
  ),
  conflicts: rest.get(
    '/calendar/conflicts',
    'Imported events that fall on one of our bookings, soonest first (admin)',
    'Events imported from other channels that overlap one of our bookings, so the operator can settle the double booking.',
  ),
};
