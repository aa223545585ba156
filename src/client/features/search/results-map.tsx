import { Checkbox, Stack } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import L from 'leaflet';
import { useMemo, useRef } from 'react';
import { Marker, Tooltip } from 'react-leaflet';
import type { TPropertyCard } from '#shared/schemas/property.ts';
import { formatBounds } from '#shared/search.ts';
import '../../components/map-marker.ts';
import { useCurrency } from '../../lib/currency.tsx';
import type { TListingSearch } from '../../lib/search-state.ts';
import '../../styles/more-components.css';
import { ViewSync, visibleBounds, type TPlaced } from './map-view-sync.tsx';
import { SearchAreaMap } from './search-area-map.tsx';
import classes from './results.module.css';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

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
      <SearchAreaMap
        mapRef={mapRef}
        height={height}
        className="results-map"
        unavailable="Each price still marks its home, and every home is in the list."
      >
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
      </SearchAreaMap>
    </Stack>
  );
}
