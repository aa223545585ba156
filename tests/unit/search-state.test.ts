import { AMENITIES } from '../../src/shared/constants.ts';
import { ZSearchInput } from '../../src/shared/schemas/property.ts';
import { describe, expect, it } from 'vitest';
import { ratingLabel } from '../../src/shared/labels.ts';
import { suggestLocations } from '../../src/client/features/search/suggestions.ts';
import {
  clearFilter,
  datesLabel,
  emptyResultsMessage,
  filterChips,
  hasActiveFilters,
  activeFilterCount,
  parseHomeSearch,
  resetFilters,
  searchInputFor,
  toggleCategory,
  toHomeSearch,
  toSearchState,
  withFilters,
} from '../../src/client/lib/search-state.ts';
import { addDays, todayIso } from '../../src/shared/dates.ts';

describe('parseHomeSearch (the home route validateSearch)', () => {
  it('keeps a valid search and normalises its parts', () => {
    expect(
      parseHomeSearch({
        location: ' Miami ',
        checkIn: '2031-03-10',
        checkOut: '2031-03-15',
        guests: 3,
        category: 'Beach',
      }),
    ).toEqual({
      location: 'Miami',
      checkIn: '2031-03-10',
      checkOut: '2031-03-15',
      guests: 3,
      category: 'beach',
    });
  });

  it('leaves defaults out of the URL: Anywhere, 1 guest, empty text', () => {
    expect(parseHomeSearch({ location: 'Anywhere', guests: 1, category: '  ' })).toEqual({});
    expect(parseHomeSearch({ location: 'anywhere', guests: '1' })).toEqual({});
  });

  it('drops what is invalid instead of failing', () => {
    expect(parseHomeSearch({ checkIn: '2031-02-30', guests: 0, location: { evil: true } })).toEqual({});
    expect(parseHomeSearch({ guests: 2.5 })).toEqual({});
    expect(parseHomeSearch({ guests: '4' })).toEqual({ guests: 4 });
    expect(parseHomeSearch({ location: 'x'.repeat(201) })).toEqual({});
  });

  it('accepts text that the router parsed as a number', () => {
    expect(parseHomeSearch({ location: 123 })).toEqual({ location: '123' });
  });

  it('keeps a check-out only after a check-in it follows', () => {
    expect(parseHomeSearch({ checkOut: '2031-03-15' })).toEqual({});
    expect(parseHomeSearch({ checkIn: '2031-03-15', checkOut: '2031-03-15' })).toEqual({
      checkIn: '2031-03-15',
    });
    expect(parseHomeSearch({ checkIn: '2031-03-15', checkOut: '2031-03-10' })).toEqual({
      checkIn: '2031-03-15',
    });
  });
});

describe('search state helpers', () => {
  const full = {
    location: 'Miami',
    checkIn: '2031-03-10',
    checkOut: '2031-03-15',
    guests: 3,
    category: 'beach',
  };

  it('fills in the spec defaults for display', () => {
    expect(toSearchState({})).toEqual({
      location: 'Anywhere',
      checkIn: null,
      checkOut: null,
      guests: 1,
      children: 0,
      infants: 0,
      pets: 0,
      category: null,
    });
    expect(toHomeSearch({ location: 'Anywhere', checkIn: null, checkOut: null, guests: 1 })).toEqual({});
  });

  it('sends dates to the server only as a complete stay', () => {
    expect(searchInputFor(full)).toEqual({
      category: 'beach',
      location: 'Miami',
      guests: 3,
      checkIn: '2031-03-10',
      checkOut: '2031-03-15',
    });
    expect(searchInputFor({ checkIn: '2031-03-10' })).toEqual({});
  });

  it('labels dates as the spec does', () => {
    expect(datesLabel(null, null)).toBe('Any week');
    expect(datesLabel('2031-03-10', null)).toBe('From Mar 10, 2031');
    expect(datesLabel('2031-03-10', '2031-03-15')).toBe('Mar 10, 2031 - Mar 15, 2031');
    const thisYear = todayIso().slice(0, 4);
    expect(datesLabel(`${thisYear}-12-30`, `${thisYear}-12-31`)).toBe('Dec 30 - Dec 31');
  });

  it('drops a stay in the past from the URL state', () => {
    expect(parseHomeSearch({ checkIn: '2020-01-01', checkOut: '2020-01-05', guests: 2 })).toEqual({
      guests: 2,
    });
    const today = todayIso();
    expect(parseHomeSearch({ checkIn: today, checkOut: addDays(today, 1) })).toEqual({
      checkIn: today,
      checkOut: addDays(today, 1),
    });
  });

  it('shows a chip for location, dates and guests > 1, each clearing its part', () => {
    expect(filterChips(full)).toEqual([
      { key: 'location', label: 'Miami' },
      { key: 'dates', label: 'Mar 10, 2031 - Mar 15, 2031' },
      { key: 'guests', label: '3 guests' },
    ]);
    expect(filterChips({ checkIn: '2031-03-10' })).toEqual([{ key: 'dates', label: 'From Mar 10, 2031' }]);
    expect(filterChips({ category: 'beach' })).toEqual([]);
    expect(clearFilter(full, 'dates')).toEqual({ location: 'Miami', guests: 3, category: 'beach' });
    expect(clearFilter(full, 'location')).toEqual({
      checkIn: '2031-03-10',
      checkOut: '2031-03-15',
      guests: 3,
      category: 'beach',
    });
    expect(clearFilter(full, 'guests')).toEqual({
      location: 'Miami',
      checkIn: '2031-03-10',
      checkOut: '2031-03-15',
      category: 'beach',
    });
  });

  it('resets location, dates and guests and keeps the category', () => {
    expect(resetFilters(full)).toEqual({ category: 'beach' });
    expect(resetFilters({ location: 'Miami' })).toEqual({});
    expect(hasActiveFilters(resetFilters(full))).toBe(false);
  });

  it('toggles a category case-insensitively', () => {
    expect(toggleCategory({}, 'Beach')).toEqual({ category: 'beach' });
    expect(toggleCategory({ category: 'beach' }, 'BEACH')).toEqual({});
    expect(toggleCategory({ category: 'beach' }, 'City')).toEqual({ category: 'city' });
  });

  it('chooses the empty-grid message by what is set', () => {
    expect(emptyResultsMessage({})).toBe('No properties available right now.');
    expect(emptyResultsMessage({ category: 'omg!' }, 'OMG!')).toBe('No properties found in "OMG!" category.');
    expect(emptyResultsMessage({ category: 'beach', guests: 3 }, 'Beach')).toBe(
      'No properties match your search criteria. Try adjusting your filters.',
    );
    expect(emptyResultsMessage({ checkIn: '2031-03-10' })).toBe(
      'No properties match your search criteria. Try adjusting your filters.',
    );
  });
});

describe('destination suggestions', () => {
  it('filters the 30 built-in locations by a case-insensitive substring', () => {
    expect(suggestLocations('')).toHaveLength(30);
    expect(suggestLocations('san')).toEqual(['San Francisco', 'San Diego']);
    expect(suggestLocations('  LON ')).toEqual(['London']);
    expect(suggestLocations('zzz')).toEqual([]);
  });
});

describe('card rating', () => {
  it('shows 4.9 when there is no rating, else up to two decimals', () => {
    expect(ratingLabel(null)).toBe('4.9');
    expect(ratingLabel(5)).toBe('5.0');
    expect(ratingLabel(4.5)).toBe('4.5');
    expect(ratingLabel(4.666)).toBe('4.67');
  });
});

describe('filters, sort, map area and view in the URL', () => {
  it('keeps valid refinements in canonical form and drops defaults and junk', () => {
    expect(
      parseHomeSearch({
        minPrice: '50',
        maxPrice: 300,
        types: 'Villa,cabin,castle',
        bedrooms: 3,
        amenities: 'pool,wifi,Free parking,sauna',
        sort: 'price_desc',
        bounds: '25.123456,-80.5,26,-80',
        view: 'map',
      }),
    ).toEqual({
      minPrice: 50,
      maxPrice: 300,
      types: 'cabin,villa',
      bedrooms: 3,
      amenities: 'Wifi,Free parking,Pool',
      sort: 'price_desc',
      bounds: '25.12346,-80.5,26,-80',
      view: 'map',
    });
    expect(
      parseHomeSearch({
        minPrice: 0,
        bedrooms: 1,
        sort: 'recommended',
        types: 'castle',
        bounds: '1,2,3',
        view: 'list',
      }),
    ).toEqual({});
    // A maximum below the minimum is dropped, the minimum kept.
    expect(parseHomeSearch({ minPrice: 200, maxPrice: 100 })).toEqual({ minPrice: 200 });
    expect(parseHomeSearch({ minPrice: -5, maxPrice: 'x', bedrooms: 11 })).toEqual({});
  });

  it('every URL search it keeps is a valid server search (the one contract: ZSearchInput)', () => {
    const raws: Record<string, unknown>[] = [
      { minPrice: 1, maxPrice: 1_000_000, types: 'apartment,house,cabin,villa', bedrooms: 10 },
      { amenities: AMENITIES.join(','), sort: 'rating', bounds: '-90,-180,90,180' },
      { bounds: '-10,170,10,-170', sort: 'price_asc', location: 'Miami', guests: 3, category: 'beach' },
    ];
    for (const raw of raws) {
      const input = searchInputFor(parseHomeSearch(raw));
      expect(ZSearchInput.safeParse(input).success, JSON.stringify(input)).toBe(true);
    }
  });

  it('counts active filters for the Filters button and replaces them all at once', () => {
    const search = parseHomeSearch({
      minPrice: 50,
      types: 'cabin,villa',
      bedrooms: 2,
      amenities: 'Wifi',
      sort: 'rating',
    });
    expect(activeFilterCount(search)).toBe(5);
    expect(withFilters(search, {})).toEqual({ sort: 'rating' });
    expect(withFilters(search, { bedrooms: 4 })).toEqual({ sort: 'rating', bedrooms: 4 });
  });

  it('Reset clears where, when and who but keeps filters, sort and view', () => {
    expect(
      resetFilters({
        location: 'Paris',
        guests: 3,
        category: 'beach',
        types: 'cabin',
        sort: 'rating',
        view: 'map',
      }),
    ).toEqual({ category: 'beach', types: 'cabin', sort: 'rating', view: 'map' });
  });
});
