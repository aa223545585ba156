import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { transformer } from '../../src/server/transformer.ts';

/** What the browser's client does with an answer: JSON over the wire, then superjson. */
const overTheWire = (value: unknown) =>
  superjson.deserialize(JSON.parse(JSON.stringify(transformer.output.serialize(value))) as never);

const plain = {
  id: 7,
  title: 'Flat in Lahore',
  price: 12.5,
  photos: [{ url: '/media/a.webp', width: 800 }],
  owner: null,
  tags: [],
  flags: { pets: false },
  nested: [[1, 2], ['a']],
};

const special: Record<string, unknown> = {
  date: { createdAt: new Date('2026-11-27T04:00:00Z') },
  undefinedProp: { a: 1, b: undefined },
  undefinedInArray: [1, undefined, 3],
  nan: { x: Number.NaN },
  infinity: [Number.POSITIVE_INFINITY],
  negativeZero: { x: -0 },
  bigint: { n: 10n },
  map: new Map([['a', 1]]),
  set: { s: new Set([1, 2]) },
  deepDate: { a: [{ b: { c: new Date(0) } }] },
};

describe('the tRPC answer transformer', () => {
  it('sends a plain answer as superjson would, without its walk', () => {
    expect(transformer.output.serialize(plain)).toEqual(superjson.serialize(plain));
    expect(overTheWire(plain)).toEqual(plain);
  });

  it.each(Object.entries(special))('keeps superjson for %s', (_name, value) => {
    expect(transformer.output.serialize(value)).toEqual(superjson.serialize(value));
    expect(overTheWire(value)).toEqual(superjson.deserialize(superjson.serialize(value)));
  });

  it('reads inputs as superjson does', () => {
    const input = { checkIn: new Date('2026-12-01T00:00:00Z'), guests: 2 };
    expect(transformer.input.deserialize(superjson.serialize(input))).toEqual(input);
  });
});
