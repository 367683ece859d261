// GET /api/openapi.json: an OpenAPI 3.1 document of the shop API, made from the routes themselves:
// each route declares what it is with describeRoute() (summary, group, answer, who may call it:
// describe-route.ts) and which schemas its query and body have with validate() (the same payload schemas,
// schemas/api.schema.json and schemas/page.schema.json, the requests are validated with). `npm run gen`
// writes the same document to schemas/generated/openapi.json, and the browser client's types from it.
import type { RouterRoute } from 'hono/types';
import apiSchema from '../../schemas/api.schema.json' with { type: 'json' };
import funnelSchema from '../../schemas/funnel.schema.json' with { type: 'json' };
import pageSchema from '../../schemas/page.schema.json' with { type: 'json' };
import type { RouteDescription } from './describe-route';
import type { Validates } from './validate';

/** The payload schemas of a call, as its route's validate middleware names them. */
export interface CallSchemas {
  query?: string;
  body?: string;
}

/** A call of the API: its method and path (with {params}, under /api), its declaration and its schemas. */
export type Operation = RouteDescription &
  CallSchemas & {
    method: 'get' | 'post' | 'put' | 'patch' | 'delete';
    path: string;
  };

/** `get /path/{param}`: a route's method and its path as the API document writes it. */
export const operationKey = (route: Pick<RouterRoute, 'method' | 'path'>) =>
  `${route.method.toLowerCase()} ${route.path.replace(/:(\w+)/g, '{$1}')}`;

/** The routes that answer a call (not middleware for every path, nor the document itself). */
const isCall = (route: RouterRoute) => route.method !== 'ALL' && route.path !== '/openapi.json';

/** The calls of `routes`, in the order they are declared, each with its declaration and its schemas. */
export function apiOperations(routes: RouterRoute[]): Operation[] {
  const operations = new Map<string, Partial<Operation>>();
  for (const route of routes.filter(isCall)) {
    const key = operationKey(route);
    const op = operations.get(key) ?? { method: route.method.toLowerCase() as Operation['method'], path: key.split(' ')[1]! };
    operations.set(key, op);
    const { describes, validates } = route.handler as { describes?: RouteDescription; validates?: Validates };
    if (describes) Object.assign(op, describes);
    if (validates) op[validates.target === 'json' ? 'body' : 'query'] = validates.def;
  }
  return [...operations.values()].filter((op): op is Operation => op.summary !== undefined);
}

/** The calls among `routes` declared without describeRoute(): there must be none (openapi.test.ts). */
export function undescribedRoutes(routes: RouterRoute[]): string[] {
  const described = new Set(apiOperations(routes).map((op) => `${op.method} ${op.path}`));
  return [...new Set(routes.filter(isCall).map(operationKey))].filter((key) => !described.has(key));
}

type Json = unknown;
/** Points JSON-Schema refs at OpenAPI components and drops what only the type generator reads. */
function toComponents(value: Json, defsPrefix = ''): Json {
  if (Array.isArray(value)) return value.map((v) => toComponents(v, defsPrefix));
  if (value && typeof value === 'object') {
    const out: Record<string, Json> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'tsType' || key === 'errorMessage' || key === '$schema' || key === '$id' || key === '$comment') continue;
      if (key === '$ref' && typeof inner === 'string') {
        // A ref to the shared localized text file is the page's localizedText definition.
        const name = inner === 'localized-text.schema.json' ? 'Page_localizedText' : defsPrefix + inner.replace('#/$defs/', '');
        out[key] = `#/components/schemas/${name}`;
      } else {
        out[key] = toComponents(inner, defsPrefix);
      }
    }
    return out;
  }
  return value;
}

const schemaRef = (name: string) =>
  name.endsWith('[]')
    ? { type: 'array', items: { $ref: `#/components/schemas/${name.slice(0, -2)}` } }
    : { $ref: `#/components/schemas/${name}` };

type Defs = Record<string, { properties?: Record<string, Json>; required?: string[]; patternProperties?: Json }>;

function queryParameters(defs: Defs, def: string) {
  const schema = defs[def]!;
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: toComponents(property),
  }));
}

let document: Record<string, unknown> | undefined;

/** `routes`: the API's routes (each call's declaration and schemas are read from them). */
export function openApiDocument(routes: RouterRoute[]): Record<string, unknown> {
  return (document ??= buildDocument(routes));
}

/**
 * The document of `routes`, made anew. `sources`: the payload schemas, as the app imports them, or as
 * the gen step has just composed them (the page schema is made from the blocks' in the same run).
 */
export function buildDocument(
  routes: RouterRoute[],
  sources: { api: Json; page: Json; funnel: Json } = { api: apiSchema, page: pageSchema, funnel: funnelSchema },
): Record<string, unknown> {
  const apiDefs = (sources.api as { $defs: Defs }).$defs;
  const { $defs: pageDefs, ...pageRoot } = sources.page as { $defs: Record<string, Json> };
  const schemas: Record<string, Json> = {};
  for (const [name, def] of Object.entries(apiDefs)) schemas[name] = toComponents(def);
  for (const [name, def] of Object.entries(pageDefs)) schemas[`Page_${name}`] = toComponents(def, 'Page_');
  schemas.Page = toComponents(pageRoot, 'Page_');
  const { $defs: funnelDefs, ...funnelRoot } = sources.funnel as { $defs: Record<string, Json> };
  for (const [name, def] of Object.entries(funnelDefs)) schemas[`Funnel_${name}`] = toComponents(def, 'Funnel_');
  schemas.Funnel = toComponents(funnelRoot, 'Funnel_');
  schemas.PageConfig = {
    type: 'object',
    required: ['id', 'version', 'page'],
    properties: { id: { type: 'integer' }, version: { type: 'integer' }, page: schemaRef('Page') },
  };
  schemas.SavedPage = {
    type: 'object',
    required: ['handle', 'version', 'created'],
    properties: { handle: { type: 'string' }, version: { type: 'integer' }, created: { type: 'boolean' } },
  };
  schemas.Null = { type: 'null', description: 'Nothing: the call was done.' };
  schemas.Error = {
    type: 'object',
    required: ['code', 'message', 'data'],
    description: 'An error: code is the HTTP status for generic faults, a code of spec section 8 otherwise (5001, 8001…).',
    properties: { code: { type: 'integer' }, message: { type: 'string' }, data: {} },
  };
  const paths: Record<string, Record<string, Json>> = {};
  for (const op of apiOperations(routes)) {
    const { query, body } = op;
    const pathParams = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const envelope = {
      type: 'object',
      required: ['code', 'message', 'data'],
      properties: { code: { const: 200 }, message: { type: 'string' }, data: schemaRef(op.response) },
    };
    (paths[`/api${op.path}`] ??= {})[op.method] = {
      tags: [op.tag],
      summary: op.summary,
      parameters: [
        ...pathParams,
        ...(query ? queryParameters(apiDefs, query) : []),
        { name: 'language', in: 'header', required: false, schema: { type: 'string' }, description: 'Locale code (default en)' },
        ...visitorHeader(op),
      ],
      ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: schemaRef(body) } } } } : {}),
      ...(op.rawBody
        ? {
            requestBody: {
              required: true,
              content: Object.fromEntries(op.rawBody.contentTypes.map((type) => [type, { schema: schemaRef(op.rawBody!.def) }])),
            },
          }
        : {}),
      ...(op.caller === 'merchant' ? { security: [{ merchantToken: [] }] } : {}),
      // A customer's session: the `sign` header (an API client), or the HttpOnly `token` cookie (a browser).
      ...(op.caller === 'customer' ? { security: [{ customerSign: [] }, { customerCookie: [] }] } : {}),
      responses: op.noContent
        ? { 204: { description: 'Nothing: always, whatever was sent' } }
        : {
            200: op.bare
              ? { description: 'The answer', content: { 'application/json': { schema: schemaRef(op.response) } } }
              : { description: 'The envelope with the data', content: { 'application/json': { schema: envelope } } },
            default: { description: 'An error in the envelope', content: { 'application/json': { schema: schemaRef('Error') } } },
          },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Vitrine shop API',
      version: '1',
      description: 'Every body is { code, message, data }. Money is integer minor units with a currency code.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas,
      securitySchemes: {
        merchantToken: { type: 'http', scheme: 'bearer' },
        customerSign: {
          type: 'apiKey',
          in: 'header',
          name: 'sign',
          description: 'The session token of POST /api/customer/user/login with "session": "token"',
        },
        customerCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'token',
          description: "The browser's session (HttpOnly); a call that changes something must come with the shop's own Origin",
        },
      },
    },
  };
}

/** The visitor id header: required of a visitor's call, optional where a call needs it in some cases only. */
function visitorHeader(op: Operation): Json[] {
  const header = { name: 'customerUUID', in: 'header', schema: { type: 'string', format: 'uuid' } };
  if (op.caller === 'visitor') return [{ ...header, required: true }];
  if (op.visitorWhen) return [{ ...header, required: false, description: `The visitor id, needed ${op.visitorWhen}` }];
  return [];
}
