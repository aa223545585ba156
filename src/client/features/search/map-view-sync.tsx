import L from 'leaflet';
import { useEffect, useRef, type RefObject } from 'react';
import { useMap } from 'react-leaflet';
import { SEARCH_MAP_DEFAULT } from '#shared/constants.ts';
import type { TPropertyCard } from '#shared/schemas/property.ts';
import { formatBounds, parseBounds, type TBounds } from '#shared/search.ts';

const wrapLng = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;

/** The visible area as the server takes it: latitudes clamped, longitudes wrapped (west > east across 180°). */
export function visibleBounds(map: L.Map): TBounds {
  const b = map.getBounds();
  const whole = b.getEast() - b.getWest() >= 360;
  return {
    south: Math.max(-90, b.getSouth()),
    north: Math.min(90, b.getNorth()),
    west: whole ? -180 : wrapLng(b.getWest()),
    east: whole ? 180 : wrapLng(b.getEast()),
  };
}

export interface TPlaced {
  card: TPropertyCard;
  at: [number, number];
}

/**
 * Keeps the view in step with the search. With a map area in the URL it shows that area; otherwise it
 * fits the results' markers. Only the guest's own moves (drag, zoom) report a new area: the moves made
 * here are flagged while they run, so fitting the view never feeds back into the URL.
 */
export function ViewSync({
  bounds,
  placed,
  following,
  onMove,
  reported,
}: {
  bounds: string | undefined;
  placed: TPlaced[];
  following: boolean;
  onMove: (bounds: string) => void;
  /** The last area this map put in the URL. */
  reported: RefObject<string | undefined>;
}) {
  const map = useMap();
  const ownMove = useRef(false);
  const follow = useRef({ following, onMove });
  useEffect(() => {
    follow.current = { following, onMove };
  }, [following, onMove]);

  useEffect(() => {
    const area = parseBounds(bounds);
    // The area this map just reported is already on screen; refitting would drift the view.
    if (area && bounds === reported.current) return;
    // Unanimated moves fire their moveend synchronously, inside this bracket.
    ownMove.current = true;
    if (area)
      map.fitBounds(
        [
          [area.south, area.west],
          [area.north, area.west <= area.east ? area.east : area.east + 360],
        ],
        { animate: false },
      );
    else if (placed.length > 0)
      map.fitBounds(L.latLngBounds(placed.map((p) => p.at)).pad(0.1), { animate: false, maxZoom: 13 });
    else
      map.setView([SEARCH_MAP_DEFAULT.lat, SEARCH_MAP_DEFAULT.lng], SEARCH_MAP_DEFAULT.zoom, {
        animate: false,
      });
    ownMove.current = false;
  }, [map, bounds, placed, reported]);

  useEffect(() => {
    const onMoveEnd = () => {
      const el = map.getContainer();
      el.dataset.bounds = formatBounds(visibleBounds(map));
      if (ownMove.current || !follow.current.following) return;
      reported.current = formatBounds(visibleBounds(map));
      follow.current.onMove(reported.current);
    };
    map.on('moveend', onMoveEnd);
    return () => {
      map.off('moveend', onMoveEnd);
    };
  }, [map, reported]);
  return null;
}
