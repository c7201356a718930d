/** Schemas shared by every surface: the envelope, errors, pagination and money. */
import { extendZodWithOpenApi, type OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

extendZodWithOpenApi(z);

export { z };

export const ErrorEnvelope = z
  .object({
    success: z.literal(false),
    error: z.object({
      code: z.enum(['invalid_request', 'unauthorized', 'payment_required', 'forbidden', 'not_found', 'conflict',
        'payload_too_large', 'unsupported_media_type', 'rate_limited', 'internal', 'upstream_unavailable']),
      message: z.string(),
      details: z.unknown().optional(),
    }),
  })
  .openapi('Error');

export const Money = z
  .object({
    amount: z.string().regex(/^\d+(\.\d+)?$/).openapi({ example: '5.00' }),
    currency: z.enum(['USDC', 'SAT', 'USD']),
  })
  .openapi('Money');

export const IsoTime = z.string().openapi({ format: 'date-time', example: '2026-11-21T17:47:22.123Z' });

/** `?limit=&cursor=` on every list. */
export const PageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(512).optional(),
});

/** Query-string booleans: only "true" and "false" mean anything. */
export const QueryBool = z.enum(['true', 'false']).transform((v) => v === 'true');

/** The 402 body: the v1 PaymentRequired plus `success: false` (the v2 form is in the header). */
export const PaymentRequiredBody = z
  .object({
    success: z.literal(false),
    x402Version: z.literal(1),
    error: z.string().openapi({ description: 'in the reference vocabulary, e.g. invalid_exact_evm_signature' }),
    message: z.string().optional().openapi({ description: 'a short human message beside error' }),
    accepts: z.array(z.record(z.string(), z.unknown())),
  })
  .openapi('PaymentRequired');

/** An OpenAPI response whose JSON body is `schema`. */
export const jsonResponse = <S extends z.ZodType>(schema: S, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

export const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorEnvelope } },
});

export const paymentRequiredResponse = {
  description:
    'Payment required. The v2 PaymentRequired is base64 JSON in the PAYMENT-REQUIRED header; the body is the v1 form. ' +
    'Retry with PAYMENT-SIGNATURE (v2) or X-PAYMENT (v1).',
  headers: { 'PAYMENT-REQUIRED': { schema: { type: 'string' as const }, description: 'base64 JSON (x402 v2)' } },
  content: { 'application/json': { schema: PaymentRequiredBody } },
};

/** One transition of a resource (POST <base>/{id}/<action>): its action, summary and body schema. */
export type TransitionDoc = [action: string, summary: string, body: z.ZodType | undefined];

/**
 * Registers the transitions of a resource with the same answers: the resource after the
 * transition, 401, 403 for the wrong party, 404, and 409 naming the current state. `resolve`
 * is the admin's (Bearer only); the others act as an agent.
 */
export function describeTransitions(
  r: OpenAPIRegistry,
  o: { base: string; tag: string; resource: string; params: z.ZodObject; envelope: z.ZodType; transitions: TransitionDoc[] },
): void {
  const agentAuth = [{ BearerAuth: [], HMACSignature: [] }];
  for (const [action, summary, body] of o.transitions) {
    r.registerPath({
      method: 'post', path: `${o.base}/{id}/${action}`, tags: [o.tag], summary,
      security: action === 'resolve' ? [{ BearerAuth: [] }] : agentAuth,
      request: { params: o.params, ...(body ? { body: { content: { 'application/json': { schema: body } } } } : {}) },
      responses: {
        200: jsonResponse(o.envelope, `the ${o.resource} after the transition`), 401: errorResponse('bad key or signature'),
        403: errorResponse('not a party allowed to do this'), 404: errorResponse(`no such ${o.resource}`),
        409: errorResponse('illegal in the current state (named in details.current_state)'),
      },
    });
  }
}
