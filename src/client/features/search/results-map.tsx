import { Checkbox, Stack } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import L from 'leaflet';
import { useEffect, useMemo, useRef, type RefObject } from 'react';
import { MapContainer, Marker, TileLayer, Tooltip, useMap } from 'react-leaflet';
import { SEARCH_MAP_DEFAULT } from '../../../shared/constants.ts';
import { TILE_ATTRIBUTION, TILE_URL } from '../../../shared/external.ts';
import type { TPropertyCard } from '../../../shared/schemas/property.ts';
import { formatBounds, parseBounds, type TBounds } from '../../../shared/search.ts';
import '../../components/map-marker.ts';
import { useCurrency } from '../../lib/currency.tsx';
import type { TListingSearch } from '../../lib/search-state.ts';
import '../../styles/more-components.css';
import classes from './results.module.css';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const wrapLng = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;

/** The visible area as the server takes it: latitudes clamped, longitudes wrapped (west > east across 180°). */
function visibleBounds(map: L.Map): TBounds {
  const b = map.getBounds();
  const whole = b.getEast() - b.getWest() >= 360;
  return {
    south: Math.max(-90, b.getSouth()),
    north: Math.min(90, b.getNorth()),
    west: whole ? -180 : wrapLng(b.getWest()),
    east: whole ? 180 : wrapLng(b.getEast()),
  };
}

interface TPlaced {
  card: TPropertyCard;
  at: [number, number];
}

/**
 * Keeps the view in step with the search. With a map area in the URL it shows that area; otherwise it
 * fits the results' markers. Only the guest's own moves (drag, zoom) report a new area: the moves made
 * here are flagged while they run, so fitting the view never feeds back into the URL.
 */
function ViewSync({
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

interface TProps {
  items: TPropertyCard[];
  bounds: string | undefined;
  /** A new area to search (the box on), or undefined to stop searching by area (the box off). */
  onBoundsChange: (bounds: string | undefined) => void;
  stay: TListingSearch;
  height: number;
}

/**
 * The results on a map, each home a marker with its nightly price, and 'Search as I move the map'.
 * Tiles come from a third party and fail offline; markers, controls and the area search work regardless.
 */
export default function ResultsMap({ items, bounds, onBoundsChange, stay, height }: TProps) {
  const { format } = useCurrency();
  const navigate = useNavigate();
  const mapRef = useRef<L.Map | null>(null);
  const reported = useRef<string | undefined>(undefined);
  const placed = useMemo(
    () =>
      items.flatMap((card): TPlaced[] => {
        const lat = Number(card.latitude);
        const lng = Number(card.longitude);
        return card.latitude && card.longitude && Number.isFinite(lat) && Number.isFinite(lng)
          ? [{ card, at: [lat, lng] }]
          : [];
      }),
    [items],
  );
  const following = bounds !== undefined;
  return (
    <Stack gap="xs">
      <Checkbox
        label="Search as I move the map"
        checked={following}
        onChange={(e) => {
          const map = mapRef.current;
          if (e.currentTarget.checked && map) {
            reported.current = formatBounds(visibleBounds(map));
            onBoundsChange(reported.current);
          } else onBoundsChange(undefined);
        }}
      />
      <MapContainer
        ref={mapRef}
        center={[SEARCH_MAP_DEFAULT.lat, SEARCH_MAP_DEFAULT.lng]}
        zoom={SEARCH_MAP_DEFAULT.zoom}
        style={{
          height,
          width: '100%',
          borderRadius: 'var(--mantine-radius-md)',
          background: 'var(--mantine-color-default-hover)',
        }}
        worldCopyJump
        className="results-map"
      >
        <TileLayer url={TILE_URL} attribution={TILE_ATTRIBUTION} />
        {placed.map(({ card, at }) => (
          <Marker
            key={card.id}
            position={at}
            title={card.title}
            // The same homes are the cards beside the map, each a link: markers stay out of the tab order.
            keyboard={false}
            icon={L.divIcon({
              className: '',
              iconSize: undefined,
              html: `<span class="${classes.priceMarker}" data-testid="price-marker">${escapeHtml(format(card.price))}</span>`,
            })}
            eventHandlers={{
              click: () =>
                void navigate({ to: '/property/$id', params: { id: String(card.id) }, search: stay }),
            }}
          >
            <Tooltip direction="top" offset={[0, -14]}>
              {card.title}
            </Tooltip>
          </Marker>
        ))}
        <ViewSync
          bounds={bounds}
          placed={placed}
          following={following}
          onMove={onBoundsChange}
          reported={reported}
        />
      </MapContainer>
    </Stack>
  );
}
