/**
 * The Bazaar discovery extension (`extensions.bazaar` in a v2 PaymentRequired), in the shape
 * of @x402/extensions' `declareDiscoveryExtension`: `{info, schema}`, where `info` says how to
 * call the resource (`input`: type "http", method, bodyType, an example body) and what it
 * answers (`output`: type "json", an example), and `schema` is a JSON Schema (draft 2020-12)
 * of `info` whose `input.body` is the request body's own schema and `output.example` the
 * answer's. Facilitators that catalogue resources (the Bazaar) read it from the payments they
 * verify and settle. Pure.
 *
 * Size matters: the official v2 client echoes `extensions` into PAYMENT-SIGNATURE, so the
 * schemas are kept compact (no descriptions, examples or formats beyond the type skeleton).
 */

export type JsonSchema = Record<string, unknown>;

export interface DiscoveryDeclaration {
  method: 'GET' | 'HEAD' | 'DELETE' | 'POST' | 'PUT' | 'PATCH';
  /** For POST, PUT and PATCH. */
  bodyType?: 'json' | 'form-data' | 'text';
  /** An example request body (or query parameters for GET, HEAD, DELETE). */
  input?: Record<string, unknown>;
  inputSchema?: JsonSchema;
  output?: { example?: unknown; schema?: JsonSchema };
}

export interface BazaarExtension {
  info: {
    input: Record<string, unknown>;
    output?: { type: 'json'; example?: unknown };
  };
  schema: JsonSchema;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** `extensions.bazaar` for a resource. */
export function bazaarExtension(d: DiscoveryDeclaration): BazaarExtension {
  const body = BODY_METHODS.has(d.method);
  const input: Record<string, unknown> = body
    ? { type: 'http', method: d.method, bodyType: d.bodyType ?? 'json', ...(d.input ? { body: d.input } : {}) }
    : { type: 'http', method: d.method, ...(d.input ? { queryParams: d.input } : {}) };
  const inputProperties: JsonSchema = {
    type: { type: 'string', const: 'http' },
    method: { type: 'string', enum: [d.method] },
    ...(body
      ? { bodyType: { type: 'string', enum: ['json', 'form-data', 'text'] }, body: d.inputSchema ?? { type: 'object' } }
      : { queryParams: d.inputSchema ?? { type: 'object' } }),
  };
  const schema: JsonSchema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: {
      input: { type: 'object', properties: inputProperties, required: body ? ['type', 'method', 'bodyType'] : ['type', 'method'], additionalProperties: false },
      ...(d.output ? { output: { type: 'object', properties: { type: { type: 'string' }, example: d.output.schema ?? {} }, required: ['type'] } } : {}),
    },
    required: ['input'],
  };
  return {
    info: { input, ...(d.output ? { output: { type: 'json' as const, ...(d.output.example !== undefined ? { example: d.output.example } : {}) } } : {}) },
    schema,
  };
}

const KEEP = new Set(['type', 'properties', 'required', 'items', 'enum', 'const', 'anyOf', 'oneOf']);

/**
 * A JSON Schema reduced to its skeleton (types, properties, required, enums) to `depth`
 * levels of nesting, so that it stays small in a header. Deeper levels become `{}` (anything).
 */
export function compactSchema(schema: unknown, depth = 3): JsonSchema {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return {};
  if (depth <= 0) return {};
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(schema as Record<string, unknown>)) {
    if (!KEEP.has(k)) continue;
    if (k === 'properties' && v && typeof v === 'object') {
      out.properties = Object.fromEntries(Object.entries(v).map(([name, s]) => [name, compactSchema(s, depth - 1)]));
    } else if (k === 'items') {
      out[k] = compactSchema(v, depth - 1);
    } else if ((k === 'anyOf' || k === 'oneOf') && Array.isArray(v)) {
      out[k] = v.map((s) => compactSchema(s, depth - 1));
    } else {
      out[k] = v;
    }
  }
  return out;
}
