/**
 * multipart/form-data for POST /api/scan: one file field (`archive`, or `file`) holding a skill
 * archive, plus the text fields of the JSON form (name, slug, version, downloads, format). Parsed
 * in memory with busboy under hard limits; the result replaces `req.body` in the JSON shape
 * (`archive: {format, base64}`) so one schema validates both forms. Other content types pass by.
 */
import busboy from 'busboy';
import type { NextFunction, Request, Response } from 'express';
import { HttpError } from '../http-error.js';

const TEXT_FIELDS = new Set(['name', 'slug', 'version', 'downloads', 'format']);
const FILE_FIELDS = new Set(['archive', 'file']);

/** The format a file name implies, if any. */
function formatOf(filename: string | undefined): string | undefined {
  if (!filename) return undefined;
  if (/\.zip$/i.test(filename)) return 'zip';
  if (/\.(?:tar\.gz|tgz)$/i.test(filename)) return 'tar.gz';
  return undefined;
}

/** The format the bytes start like (the unpacker checks it again against what was declared). */
function sniff(b: Buffer): string {
  return b[0] === 0x1f && b[1] === 0x8b ? 'tar.gz' : 'zip';
}

function parts(req: Request, maxFileBytes: number): Promise<{ fields: Record<string, string>; file?: Buffer; filename?: string; raw: Buffer }> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    const raw: Buffer[] = [];
    let rawBytes = 0;
    let file: Buffer | undefined;
    let filename: string | undefined;
    let failed = false;
    const fail = (err: HttpError) => {
      if (failed) return;
      failed = true;
      req.unpipe();
      req.resume();
      reject(err);
    };
    let bb: busboy.Busboy;
    try {
      bb = busboy({ headers: req.headers, limits: { files: 1, fileSize: maxFileBytes, fields: 8, fieldSize: 1024, parts: 12 } });
    } catch (err) {
      reject(new HttpError('invalid_request', 'malformed multipart/form-data header', undefined, { cause: err }));
      return;
    }
    req.on('data', (chunk: Buffer) => {
      rawBytes += chunk.length;
      // The file's own limit plus room for the text fields and part headers.
      if (rawBytes > maxFileBytes + 64 * 1024) fail(new HttpError('payload_too_large', `request body is over ${maxFileBytes} bytes`));
      else raw.push(chunk);
    });
    bb.on('field', (name, value) => {
      if (TEXT_FIELDS.has(name)) fields[name] = value;
    });
    bb.on('file', (name, stream, info) => {
      if (!FILE_FIELDS.has(name)) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('limit', () => fail(new HttpError('payload_too_large', `archive is over ${maxFileBytes} bytes`, { max: maxFileBytes })));
      stream.on('end', () => {
        file = Buffer.concat(chunks);
        filename = info.filename;
      });
    });
    bb.on('filesLimit', () => fail(new HttpError('invalid_request', 'send one archive per request')));
    bb.on('error', (err) => fail(new HttpError('invalid_request', 'malformed multipart/form-data body', undefined, { cause: err })));
    bb.on('close', () => {
      if (!failed) resolve({ fields, file, filename, raw: Buffer.concat(raw) });
    });
    req.pipe(bb);
  });
}

/** Parses a multipart skill upload into the JSON body shape; `maxFileBytes` bounds the archive. */
export function multipartArchive(maxFileBytes: number) {
  return async (req: Request, _res: Response, next: NextFunction): Promise<void> => {
    if (!req.is('multipart/form-data')) return next();
    const { fields, file, filename, raw } = await parts(req, maxFileBytes);
    if (!file) throw new HttpError('invalid_request', 'multipart upload needs a file field named "archive"');
    req.rawBody = raw;
    const downloads = fields.downloads !== undefined && /^\d{1,15}$/.test(fields.downloads) ? Number(fields.downloads) : fields.downloads;
    req.body = {
      name: fields.name,
      ...(fields.slug !== undefined && { slug: fields.slug }),
      ...(fields.version !== undefined && { version: fields.version }),
      ...(downloads !== undefined && { downloads }),
      archive: { format: fields.format ?? formatOf(filename) ?? sniff(file), base64: file.toString('base64') },
    };
    next();
  };
}
