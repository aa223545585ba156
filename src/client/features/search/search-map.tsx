import { useEffect, useRef } from 'react';
import { Marker, Tooltip, useMap } from 'react-leaflet';
import { LOCATIONS, SEARCH_MAP_DEFAULT, type TGeoPoint } from '#shared/constants.ts';
import { markerIcon } from '../../components/map-marker.ts';
import { SearchAreaMap } from './search-area-map.tsx';

function viewFor(selected: TGeoPoint | null): { center: [number, number]; zoom: number } {
  return selected
    ? { center: [selected.lat, selected.lng], zoom: SEARCH_MAP_DEFAULT.cityZoom }
    : { center: [SEARCH_MAP_DEFAULT.lat, SEARCH_MAP_DEFAULT.lng], zoom: SEARCH_MAP_DEFAULT.zoom };
}

/**
 * Moves the map when the selected city changes. The dialog opens with an animation, so the map may
 * first be measured at the wrong size: on every resize it re-measures and re-centres on its target.
 */
function ViewController({ selected }: { selected: TGeoPoint | null }) {
  const map = useMap();
  const target = useRef(viewFor(selected));
  useEffect(() => {
    target.current = viewFor(selected);
    map.setView(target.current.center, target.current.zoom);
  }, [map, selected]);
  useEffect(() => {
    const observer = new ResizeObserver(() => {
      map.invalidateSize({ pan: false });
      map.setView(target.current.center, target.current.zoom, { animate: false });
    });
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  useEffect(() => {
    // The current view, readable from the page (handy for checking the zoom and centre rules).
    const mark = () => {
      const el = map.getContainer();
      const c = map.getCenter();
      el.dataset.zoom = String(map.getZoom());
      el.dataset.center = `${c.lat.toFixed(4)},${c.lng.toFixed(4)}`;
    };
    mark();
    map.on('moveend zoomend', mark);
    return () => {
      map.off('moveend zoomend', mark);
    };
  }, [map]);
  return null;
}

interface TProps {
  selected: TGeoPoint | null;
  onSelect: (city: TGeoPoint) => void;
  height: number;
}

/**
 * The Where tab's map: a marker per built-in city. Zoom 2 at 20,0; zoom 10 on a selected city.
 * Tiles come from a third party and fail offline; markers and controls render regardless.
 */
export default function SearchMap({ selected, onSelect, height }: TProps) {
  return (
    <SearchAreaMap
      height={height}
      className="search-map"
      unavailable="Choose a city from Popular destinations, or type where you are going."
    >
      {LOCATIONS.map((city) => (
        <Marker
          key={city.name}
          position={[city.lat, city.lng]}
          icon={markerIcon}
          title={city.name}
          alt={city.name}
          // The same cities are buttons under 'Popular destinations'; focusable markers overlap at this zoom (WCAG 2.5.8).
          keyboard={false}
          eventHandlers={{ click: () => onSelect(city) }}
        >
          <Tooltip>{city.name}</Tooltip>
        </Marker>
      ))}
      <ViewController selected={selected} />
    </SearchAreaMap>
  );
}
