/** The iCal import's queue: the scheduled sync of every due feed, and a new feed's first sync (its `feedId`). */
export const ICAL_SYNC_JOB = 'ical-sync';
