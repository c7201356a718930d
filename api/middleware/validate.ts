/** zod at the edge: a failed parse is a 400 listing every failing field path. */
import type { Request } from 'express';
import { z } from 'zod';
import { HttpError } from '../../shared/errors.js';

export interface FieldProblem {
  path: string;
  message: string;
}

export function zodDetails(error: z.ZodError): FieldProblem[] {
  return error.issues.map((i) => ({ path: i.path.length ? i.path.join('.') : '(root)', message: i.message }));
}

export function parse<S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const details = zodDetails(result.error);
    const first = details[0];
    throw new HttpError('invalid_request', `invalid ${where}: ${first.path} ${first.message}`, details);
  }
  return result.data;
}

/** Parses the JSON body; a POST without a JSON content type is a 415. */
export function parseBody<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  if (!req.is('application/json')) {
    throw new HttpError('unsupported_media_type', 'expected Content-Type: application/json');
  }
  return parse(schema, req.body, 'body');
}

export function parseQuery<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  return parse(schema, req.query, 'query');
}
