import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import type { oas31 } from 'zod-openapi';
import { z } from 'zod';
import { createSchema } from 'zod-openapi';
import * as account from '#shared/schemas/account.ts';
import * as activity from '#shared/schemas/activity.ts';
import * as adminTables from '#shared/schemas/admin-tables.ts';
import * as adminUsers from '#shared/schemas/admin-users.ts';
import * as admin from '#shared/schemas/admin.ts';
import * as auth from '#shared/schemas/auth.ts';
import * as booking from '#shared/schemas/booking.ts';
import * as calendar from '#shared/schemas/calendar.ts';
import * as category from '#shared/schemas/category.ts';
import * as checkIn from '#shared/schemas/check-in.ts';
import * as common from '#shared/schemas/common.ts';
import * as contact from '#shared/schemas/contact.ts';
import * as emails from '#shared/schemas/emails.ts';
import * as guestPayment from '#shared/schemas/guest-payment.ts';
import * as housekeeping from '#shared/schemas/housekeeping.ts';
import * as idempotency from '#shared/schemas/idempotency.ts';
import * as idempotencyTerms from '#shared/schemas/idempotency-terms.ts';
import * as invoices from '#shared/schemas/invoices.ts';
import * as manage from '#shared/schemas/manage.ts';
import * as messageLimits from '#shared/schemas/message-limits.ts';
import * as messaging from '#shared/schemas/messaging.ts';
import * as operatorBookings from '#shared/schemas/operator-bookings.ts';
import * as owners from '#shared/schemas/owners.ts';
import * as payments from '#shared/schemas/payments.ts';
import * as pricing from '#shared/schemas/pricing.ts';
import * as property from '#shared/schemas/property.ts';
import * as reportTerms from '#shared/schemas/report-terms.ts';
import * as reports from '#shared/schemas/reports.ts';
import * as review from '#shared/schemas/review.ts';
import * as settings from '#shared/schemas/settings.ts';
import * as staffRole from '#shared/schemas/staff-role.ts';
import * as staff from '#shared/schemas/staff.ts';
import * as taskLabels from '#shared/schemas/task-labels.ts';
import * as tasks from '#shared/schemas/tasks.ts';
import * as wishlist from '#shared/schemas/wishlist.ts';
import { API_TAGS, appRouter } from './router.ts';
import { metaOf, type TProcedureLike, type TRouteMeta } from './route-meta.ts';

/**
 * The REST contract, generated from the router (docs/rest-contract.md). What trpc-to-openapi reads from
 * a procedure's meta is completed here from what the procedure already states, so no route is listed
 * by hand: its tag is its router's key, `protect` follows its `access`, and the shared schemas of
 * src/shared/schemas are components the operations refer to instead of repeating them.
 */

/** Every module of src/shared/schemas; a test fails when one is missing (tests/api/rest-contract.test.ts). */
export const SCHEMA_MODULES = {
  account,
  activity,
  adminTables,
  adminUsers,
  admin,
  auth,
  booking,
  calendar,
  category,
  checkIn,
  common,
  contact,
  emails,
  guestPayment,
  housekeeping,
  idempotency,
  idempotencyTerms,
  invoices,
  manage,
  messageLimits,
  messaging,
  operatorBookings,
  owners,
  payments,
  pricing,
  property,
  reportTerms,
  reports,
  review,
  settings,
  staffRole,
  staff,
  taskLabels,
  tasks,
  wishlist,
};

/** The one security scheme: the session cookie set by POST /auth/login. */
const SESSION = 'session';

type TProcedureRecord = Record<string, TProcedureLike & { _def: Record<string, unknown> }>;

/**
 * The shared schemas as components, named by their export (`ZBooking` is `Booking`). A schema that
 * only reads a request (its transforms cannot describe an answer) stays inline: zod-openapi renders
 * every component both ways. Components no operation uses are left out by zod-openapi itself.
 */
function sharedComponents(): Record<string, z.ZodType> {
  const components: Record<string, z.ZodType> = {};
  const seen = new Set<unknown>();
  for (const mod of Object.values(SCHEMA_MODULES)) {
    for (const [name, schema] of Object.entries(mod)) {
      if (!/^Z[A-Z]/.test(name) || !(schema instanceof z.ZodType) || seen.has(schema)) continue;
      seen.add(schema);
      try {
        createSchema(schema, { io: 'output' });
      } catch {
        continue;
      }
      const id = name.slice(1);
      if (components[id]) throw new Error(`Two shared schemas are exported as ${name}`);
      components[id] = schema;
    }
  }
  return components;
}

/** Who may call a procedure, in the words its description ends with: from its meta, as the guard decides. */
function whoMayCall(meta: TRouteMeta): string {
  const access = meta.access ?? 'public';
  if (access === 'public') return 'Access: anyone.';
  if (access === 'authed') return 'Access: any signed-in account.';
  return `Access: staff roles ${(meta.roles ?? ['owner-operator']).join(', ')}.`;
}

/** The router as trpc-to-openapi reads it, each procedure's `openapi` meta completed from the rest. */
function contractView(): typeof appRouter {
  const procedures = appRouter._def.procedures as unknown as TProcedureRecord;
  const view: TProcedureRecord = {};
  for (const [path, procedure] of Object.entries(procedures)) {
    const meta = metaOf(procedure);
    if (!meta.openapi) {
      view[path] = procedure;
      continue;
    }
    const tag = path.split('.')[0] as string;
    view[path] = {
      ...procedure,
      _def: {
        ...procedure._def,
        meta: {
          ...meta,
          openapi: {
            ...meta.openapi,
            description: `${meta.openapi.description ?? ''}\n\n${whoMayCall(meta)}`.trim(),
            tags: [tag],
            protect: (meta.access ?? 'public') !== 'public',
          },
        },
      },
    };
  }
  // trpc-to-openapi reads only `_def.procedures` of the router it is given.
  return { ...appRouter, _def: { ...appRouter._def, procedures: view } } as unknown as typeof appRouter;
}

type TOperation = { security?: unknown[]; responses?: Record<string, unknown> };

/**
 * What trpc-to-openapi leaves out: a public operation states that it needs no credentials (an empty
 * `security`, not an inherited one), and each error answer is one shared response component.
 */
function completeOperations(doc: OpenAPIObject): void {
  const responses: Record<string, unknown> = {};
  for (const item of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(item as Record<string, TOperation>)) {
      op.security ??= [];
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        const ref = (response as { content?: Record<string, { schema?: { $ref?: string } }> }).content?.[
          'application/json'
        ]?.schema?.$ref;
        const code = ref?.match(/\/error\.(\w+)$/)?.[1];
        if (!code || Number(status) < 400) continue;
        const name = code.toLowerCase().replace(/(^|_)(\w)/g, (_m, _s: string, c: string) => c.toUpperCase());
        const known = responses[name];
        if (known && JSON.stringify(known) !== JSON.stringify(response)) continue;
        responses[name] = response;
        (op.responses as Record<string, unknown>)[status] = { $ref: `#/components/responses/${name}` };
      }
    }
  }
  doc.components = { ...doc.components, responses: responses as Record<string, oas31.ResponseObject> };
}

/**
 * zod-openapi renders a component once per direction (`Task` for requests, `TaskOutput` for answers)
 * whether or not both are used; a component nothing refers to is dropped.
 */
function dropUnusedSchemas(doc: OpenAPIObject): void {
  const schemas = doc.components?.schemas ?? {};
  const refsIn = (node: unknown) =>
    [...JSON.stringify(node).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1] as string);
  const used = new Set<string>();
  const pending = refsIn({ ...doc, components: { ...doc.components, schemas: {} } });
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (used.has(name)) continue;
    used.add(name);
    pending.push(...refsIn(schemas[name]));
  }
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
}

/**
 * zod-openapi applies a schema's `override` meta (how `withDefault` states a default, common.ts) except
 * beside a `$ref`, where it leaves the meta itself; there it is applied here.
 */
function applyOverridesBesideRefs(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  const obj = node as Record<string, unknown>;
  const override = obj.override;
  if (typeof obj.$ref === 'string' && override && typeof override === 'object') {
    delete obj.override;
    Object.assign(obj, override);
  }
  for (const child of Object.values(obj)) applyOverridesBesideRefs(child);
}

/** An answer's component keeps its schema's name when no request uses the same schema (`TaskOutput` is `Task`). */
function nameAnswersPlainly(doc: OpenAPIObject): OpenAPIObject {
  const schemas = doc.components?.schemas ?? {};
  const renames = Object.keys(schemas)
    .filter((name) => name.endsWith('Output') && !(name.slice(0, -'Output'.length) in schemas))
    .map((name) => name.slice(0, -'Output'.length));
  if (renames.length === 0) return doc;
  const text = JSON.stringify(doc).replace(
    new RegExp(`"(#/components/schemas/)?(${renames.join('|')})Output"`, 'g'),
    (_m, ref: string | undefined, name: string) => `"${ref ?? ''}${name}"`,
  );
  return JSON.parse(text) as OpenAPIObject;
}

let built: OpenAPIObject | undefined;

/**
 * The document, built once per process: it is the same for every server, and building it holds the event
 * loop for about half a second, which /healthz would otherwise count as a stall of each server started.
 */
export function openApiDocument(): OpenAPIObject {
  built ??= buildDocument();
  return built;
}

function buildDocument(): OpenAPIObject {
  const doc = generateOpenApiDocument(contractView(), {
    title: 'StayHub API',
    description:
      'Short-stay rentals: properties, bookings, reviews, categories and settings. Generated from the tRPC procedures. Operations without a security requirement are public; the others need the session cookie, and answer 401 without it and 403 for a role that may not call them.',
    version: '1.0.0',
    baseUrl: '/api',
    license: { name: 'Proprietary', identifier: 'LicenseRef-StayHub-Proprietary' },
    securitySchemes: {
      [SESSION]: {
        type: 'apiKey',
        in: 'cookie',
        name: 'stayhub_session',
        description: 'The session cookie that POST /auth/login and POST /auth/register set.',
      },
    },
    defs: sharedComponents(),
  });
  doc.tags = Object.entries(API_TAGS).map(([name, description]) => ({ name, description }));
  completeOperations(doc);
  applyOverridesBesideRefs(doc);
  dropUnusedSchemas(doc);
  return nameAnswersPlainly(doc);
}
