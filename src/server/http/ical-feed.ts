import type { RequestHandler } from 'express';
import type { TServerDeps } from '../context.ts';
import { log } from '../logger.ts';
import { exportCalendar } from '../services/calendar/ical-export.ts';

/**
 * `GET /ical/{token}.ics`: a home's calendar for other channels. An unknown, regenerated or malformed
 * token answers the same 404 (docs/decisions.md#secret-links). Fresh on every fetch: channels poll it.
 */
export function icalFeedHandler(deps: TServerDeps): RequestHandler {
  return (req, res) => {
    const file = String(req.params.file ?? '');
    const token = file.endsWith('.ics') ? file.slice(0, -4) : '';
    // `?feed=<id>`: the export of one channel, which also carries the other channels' stays.
    const feed = typeof req.query.feed === 'string' ? req.query.feed : undefined;
    if (feed !== undefined && !/^[1-9]\d{0,8}$/.test(feed)) {
      res.status(404).type('text').send('Not found');
      return;
    }
    exportCalendar(deps.orm.em.fork(), token, new Date(), feed === undefined ? undefined : Number(feed))
      .then((body) => {
        if (body === null) {
          res.status(404).type('text').send('Not found');
          return;
        }
        res.setHeader('Cache-Control', 'no-store');
        res.type('text/calendar; charset=utf-8').send(body);
      })
      .catch((err: unknown) => {
        log.error('ical export failed', { err: String(err) });
        if (!res.headersSent) res.status(500).type('text').send('Internal server error');
      });
  };
}
