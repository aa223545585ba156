import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openApiRegressions } from '../support/openapi-diff.ts';

type TDoc = Parameters<typeof openApiRegressions>[0];

const round1 = (): TDoc =>
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../fixtures/openapi-round-1.json'), 'utf8'));

/** The category create body of the round-1 document, as the tests below edit it. */
const categoryBody = (doc: TDoc) =>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- walking a JSON document in a test
  (doc as any).paths['/categories'].post.requestBody.content['application/json'].schema;

describe('openApiRegressions', () => {
  it('finds nothing between a document and itself', () => {
    expect(openApiRegressions(round1(), round1())).toEqual([]);
  });

  it('lets a document gain paths, optional fields, descriptions and appended detail', () => {
    const after = round1();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
    const paths = (after as any).paths;
    paths['/new-thing'] = { get: { summary: 'New' } };
    categoryBody(after).properties.colour = { type: 'string' };
    categoryBody(after).properties.name.description = 'Shown on the category strip';
    paths['/bookings/page'].get.description += ' More detail.';
    expect(openApiRegressions(round1(), after)).toEqual([]);
  });

  it('reports a constraint, a path, a type, a required field and an enum value taken away or changed', () => {
    const after = round1();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
    const paths = (after as any).paths;
    delete categoryBody(after).properties.icon.maxLength;
    categoryBody(after).properties.name.maxLength = 80;
    categoryBody(after).required = ['name', 'active'];
    delete paths['/settings'];
    paths['/properties/{id}'].get.parameters[0].schema.type = 'string';
    paths['/categories/{id}'].delete.summary = 'Remove a category';
    expect(openApiRegressions(round1(), after)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/categories\/post.*\/icon\/maxLength: removed$/),
        expect.stringMatching(/categories\/post.*\/name\/maxLength: 60 became 80$/),
        expect.stringMatching(/categories\/post.*\/required: "active" now required$/),
        '#/paths//settings: removed',
        expect.stringMatching(
          /properties\/\{id\}\/get\/parameters\[path:id\]\/schema\/type: "integer" became "string"$/,
        ),
        expect.stringMatching(/categories\/\{id\}\/delete\/summary: .* became "Remove a category"$/),
      ]),
    );
  });

  it('reports a constraint added to a field, and a new required request field', () => {
    const after = round1();
    categoryBody(after).properties.icon.pattern = '^https://';
    categoryBody(after).properties.colour = { type: 'string' };
    categoryBody(after).required = ['name', 'colour'];
    expect(openApiRegressions(round1(), after)).toEqual([
      expect.stringMatching(/\/icon\/pattern: added "\^https:\/\/"$/),
      expect.stringMatching(/\/required: "colour" now required$/),
    ]);
  });
});
