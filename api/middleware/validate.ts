/** zod at the edge: a failed parse is a 400 listing every failing field path. */
import type { Request } from 'express';
import { z } from 'zod';
import { HttpError } from '../http-error.js';

export interface FieldProblem {
  path: string;
  message: string;
}

export function zodDetails(error: z.ZodError): FieldProblem[] {
  return error.issues.map((i) => ({ path: i.path.length ? i.path.join('.') : '(root)', message: i.message }));
}

/**
 * Strings PostgreSQL refuses to store (a NUL character) or that are not text at all (a lone
 * surrogate), with their paths. Checked before any schema, so such input is a 400 before any 402
 * or any SQL, on every route that validates.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function unstorableText(value: unknown, path: (string | number)[] = [], found: FieldProblem[] = []): FieldProblem[] {
  const bad = (s: string) => s.includes('\u0000') || LONE_SURROGATE.test(s);
  if (typeof value === 'string') {
    if (bad(value)) found.push({ path: path.length ? path.join('.') : '(root)', message: 'contains a NUL character or a lone surrogate' });
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => unstorableText(v, [...path, i], found));
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (bad(k)) found.push({ path: [...path, '(key)'].join('.'), message: 'a key contains a NUL character or a lone surrogate' });
      else unstorableText(v, [...path, k], found);
    }
  }
  return found;
}

export interface ParseOptions {
  /**
   * Let the schema alone decide which text it takes: for input that is examined, never stored as
   * text (a skill's files, whose hidden NULs and odd code points are what a scan looks for).
   */
  anyText?: boolean;
}

export function parse<S extends z.ZodType>(schema: S, value: unknown, where: string, opts: ParseOptions = {}): z.output<S> {
  const unstorable = opts.anyText ? [] : unstorableText(value);
  if (unstorable.length) {
    throw new HttpError('invalid_request', `invalid ${where}: ${unstorable[0].path} ${unstorable[0].message}`, unstorable);
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    const details = zodDetails(result.error);
    const first = details[0];
    throw new HttpError('invalid_request', `invalid ${where}: ${first.path} ${first.message}`, details);
  }
  return result.data;
}

/** Parses the JSON body; a POST without a JSON content type is a 415. */
export function parseBody<S extends z.ZodType>(schema: S, req: Request, opts: ParseOptions = {}): z.output<S> {
  if (!req.is('application/json')) {
    throw new HttpError('unsupported_media_type', 'expected Content-Type: application/json');
  }
  return parse(schema, req.body, 'body', opts);
}

export function parseQuery<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  return parse(schema, req.query, 'query');
}
