import { describe, expect, it } from 'vitest';
import { partyNeeds, takesParty } from '../../src/server/services/bookings/rules.ts';

/** The search filters on partyNeeds; the quote judges by partyProblem (takesParty): they must agree. */
describe('partyNeeds says exactly which homes the quote takes a party to', () => {
  it('agrees with the quote for every party and home up to a size', () => {
    for (let adults = 1; adults <= 4; adults++)
      for (let children = 0; children <= 3; children++)
        for (let infants = 0; infants <= 2; infants++)
          for (let pets = 0; pets <= 2; pets++) {
            const party = { adults, children, infants, pets };
            const needs = partyNeeds(party);
            for (let maxGuests = 1; maxGuests <= 8; maxGuests++)
              for (const petsAllowed of [false, true]) {
                const found = maxGuests >= needs.minGuests && (!needs.petsAllowed || petsAllowed);
                expect({ party, maxGuests, petsAllowed, found }).toEqual({
                  party,
                  maxGuests,
                  petsAllowed,
                  found: takesParty(party, { maxGuests, petsAllowed }),
                });
              }
          }
  });
});
