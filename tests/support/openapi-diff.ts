/**
 * What a newer OpenAPI document takes away from an older one. The published API may only gain: new
 * paths, operations, optional parameters and request fields, response fields. Anything else — a
 * path, operation, parameter or property gone, a type or format changed, a constraint (maxLength,
 * minimum, pattern, enum…) dropped, added or changed, a required list changed, a summary or description
 * reworded (detail appended to a description is fine) — is reported, one line per difference, with the JSON path where it sits.
 *
 * `$ref`s are followed on both sides, so moving a schema into or out of `components` is not a change.
 */

type TJson = null | boolean | number | string | TJson[] | { [key: string]: TJson };
type TObject = { [key: string]: TJson };

/** Request schemas may not gain required fields; responses may (a client reading them loses nothing). */
type TSide = 'request' | 'response' | 'document';

/** Keywords that limit which values a schema accepts: gaining, losing or changing one changes the contract. */
const CONSTRAINTS = new Set([
  'type',
  'format',
  'enum',
  'const',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'nullable',
  'additionalProperties',
]);

const isObject = (v: TJson | undefined): v is TObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function openApiRegressions(before: TObject, after: TObject): string[] {
  const problems: string[] = [];

  const deref = (doc: TObject, node: TJson, seen: Set<string>): TJson => {
    let current = node;
    while (isObject(current) && typeof current.$ref === 'string') {
      const ref = current.$ref;
      if (seen.has(ref)) return current;
      seen.add(ref);
      let target: TJson = doc;
      for (const part of ref.replace(/^#\//, '').split('/'))
        target = isObject(target) ? (target[part] ?? null) : null;
      // OpenAPI 3.1 keeps the keywords beside a $ref (a parameter's default beside its shared schema).
      const { $ref: _ref, ...beside } = current;
      current = isObject(target) ? { ...target, ...beside } : target;
    }
    return current;
  };

  const compare = (
    a: TJson | undefined,
    b: TJson | undefined,
    at: string,
    side: TSide,
    seenA: Set<string>,
    seenB: Set<string>,
  ): void => {
    const nextSeenA = new Set(seenA);
    const nextSeenB = new Set(seenB);
    const left = a === undefined ? undefined : deref(before, a, nextSeenA);
    const right = b === undefined ? undefined : deref(after, b, nextSeenB);
    if (left === undefined) return;
    if (right === undefined) {
      problems.push(`${at}: removed`);
      return;
    }
    if (!isObject(left) || !isObject(right)) {
      if (Array.isArray(left) && Array.isArray(right)) {
        compareArrays(left, right, at, side, nextSeenA, nextSeenB);
        return;
      }
      // Detail appended to a published description keeps what it said.
      if (
        at.endsWith('/description') &&
        typeof left === 'string' &&
        typeof right === 'string' &&
        right.startsWith(left)
      )
        return;
      if (JSON.stringify(left) !== JSON.stringify(right))
        problems.push(`${at}: ${JSON.stringify(left)} became ${JSON.stringify(right)}`);
      return;
    }
    // An operation's side decides whether a new required field breaks a caller.
    for (const key of Object.keys(left)) {
      const keySide: TSide =
        key === 'requestBody' || key === 'parameters' ? 'request' : key === 'responses' ? 'response' : side;
      const path = `${at}/${key}`;
      if (key === 'required' && Array.isArray(left[key])) {
        compareRequired(left, right, path, side);
        continue;
      }
      if ((key === 'enum' || key === 'type') && Array.isArray(left[key])) {
        compareSet(left[key], right[key], path, 'value');
        continue;
      }
      if (key === 'parameters' && Array.isArray(left[key])) {
        compareParameters(left[key], right[key], path, nextSeenA, nextSeenB);
        continue;
      }
      compare(left[key], right[key], path, keySide, nextSeenA, nextSeenB);
    }
    for (const key of Object.keys(right)) {
      if (key in left) continue;
      if (CONSTRAINTS.has(key)) problems.push(`${at}/${key}: added ${JSON.stringify(right[key])}`);
      if (key === 'required' && Array.isArray(right[key]) && side === 'request')
        compareRequired(left, right, `${at}/required`, side);
    }
  };

  const compareRequired = (left: TObject, right: TObject, at: string, side: TSide) => {
    const was = new Set((Array.isArray(left.required) ? left.required : []).map(String));
    const now = new Set((Array.isArray(right.required) ? right.required : []).map(String));
    const known = isObject(left.properties) ? new Set(Object.keys(left.properties)) : new Set<string>();
    for (const name of was) if (!now.has(name)) problems.push(`${at}: "${name}" no longer required`);
    for (const name of now) {
      if (was.has(name)) continue;
      // A field the old document had, now required; or a new field a caller must now send.
      if (known.has(name) || side === 'request') problems.push(`${at}: "${name}" now required`);
    }
  };

  const compareSet = (a: TJson | undefined, b: TJson | undefined, at: string, what: string) => {
    const now = new Set((Array.isArray(b) ? b : []).map((v) => JSON.stringify(v)));
    for (const v of Array.isArray(a) ? a : [])
      if (!now.has(JSON.stringify(v))) problems.push(`${at}: ${what} ${JSON.stringify(v)} removed`);
    const was = new Set((Array.isArray(a) ? a : []).map((v) => JSON.stringify(v)));
    for (const v of now) if (!was.has(v)) problems.push(`${at}: ${what} ${v} added`);
  };

  const compareParameters = (
    a: TJson | undefined,
    b: TJson | undefined,
    at: string,
    seenA: Set<string>,
    seenB: Set<string>,
  ) => {
    const key = (p: TJson) =>
      isObject(p)
        ? `${JSON.stringify(p.in)}:${JSON.stringify(p.name)}`.replaceAll('"', '')
        : JSON.stringify(p);
    const after = new Map((Array.isArray(b) ? b : []).map((p) => [key(p), p]));
    const before = new Set((Array.isArray(a) ? a : []).map(key));
    for (const p of Array.isArray(a) ? a : [])
      compare(p, after.get(key(p)), `${at}[${key(p)}]`, 'request', seenA, seenB);
    for (const [k, p] of after)
      if (!before.has(k) && isObject(p) && p.required === true)
        problems.push(`${at}[${k}]: new required parameter`);
  };

  /** anyOf/oneOf/allOf and tuples: each old entry must survive as some new entry (order free). */
  const compareArrays = (
    a: TJson[],
    b: TJson[],
    at: string,
    side: TSide,
    seenA: Set<string>,
    seenB: Set<string>,
  ) => {
    a.forEach((item, i) => {
      const before = problems.length;
      let best: string[] | undefined;
      for (const candidate of b) {
        compare(item, candidate, `${at}[${i}]`, side, seenA, seenB);
        const found = problems.splice(before);
        if (found.length === 0) return;
        if (!best || found.length < best.length) best = found;
      }
      problems.push(...(best ?? [`${at}[${i}]: removed`]));
    });
  };

  compare(before, after, '#', 'document', new Set(), new Set());
  return problems;
}
