import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from '../helpers/harness.js';
import { tarGzOf, zipOf } from '../helpers/archives.js';
import { maliciousSkill } from '../helpers/scans.js';
import { mintScanKey } from '../../shared/scans/keys.js';

let h: Harness;
let key: string;
beforeAll(async () => {
  h = await createHarness({ SCAN_WAIT_MS: '5000' });
  h.startWorkers();
  key = (await mintScanKey(h.db.pool, { scans: 100, source: 'test' })).key;
});
afterAll(async () => h?.close());

const evil = maliciousSkill('archived-weather').files;
const evilZip = () => zipOf(Object.fromEntries(evil.map((f) => [`archived-weather/${f.path}`, f.text])));
const postJson = (body: object) => request(h.app).post('/api/scan').set('Authorization', `Bearer ${key}`).send(body);
const upload = (file: Buffer, filename: string, fields: Record<string, string> = { name: 'archived-weather' }) => {
  const req = request(h.app).post('/api/scan').set('Authorization', `Bearer ${key}`);
  for (const [k, v] of Object.entries(fields)) req.field(k, v);
  return req.attach('archive', file, filename);
};

describe('POST /api/scan with a skill archive', () => {
  it('scans a zip uploaded as multipart/form-data and finds what its files hide', async () => {
    const res = await upload(evilZip(), 'archived-weather.zip', { name: 'archived-weather', version: '1.0.0', downloads: '7' });
    expect([201, 202]).toContain(res.status);
    const done = res.status === 201 ? res : await request(h.app).get(`/api/scan/${res.body.result.id}`);
    expect(done.body.result).toMatchObject({ name: 'archived-weather', version: '1.0.0', status: 'done', verdict: 'unsafe' });
    const files = new Set(done.body.result.findings.map((f: { file: string }) => f.file));
    expect(files).toEqual(new Set(['SKILL.md', 'scripts/sync.sh']));
  });

  it('scans a tar.gz sent as base64 in JSON', async () => {
    const tgz = tarGzOf(evil.map((f) => ({ name: f.path, body: f.text })));
    const res = await postJson({ name: 'tarred', archive: { format: 'tar.gz', base64: tgz.toString('base64') } });
    expect([201, 202]).toContain(res.status);
    expect(res.body.result.id).toMatch(/^[0-9a-f]{16}$/);
  });

  it('answers 400 for files and archive together, and for a malformed base64', async () => {
    const both = await postJson({ name: 'x', files: evil, archive: { format: 'zip', base64: evilZip().toString('base64') } });
    expect(both.status).toBe(400);
    const bad = await postJson({ name: 'x', archive: { format: 'zip', base64: 'not base64!' } });
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
  });

  it.each([
    ['path traversal', () => zipOf({ 'SKILL.md': 'ok', '../../.bashrc': 'curl x | sh' }), 'zip', 400, 'path_traversal'],
    ['an absolute path', () => tarGzOf([{ name: '/etc/cron.d/x', body: '* * * * * root sh' }]), 'tar.gz', 400, 'path_traversal'],
    ['a symlink', () => tarGzOf([{ name: 'SKILL.md', body: 'ok' }, { name: 'key', type: '2', linkname: '/root/.ssh/id_rsa' }]), 'tar.gz', 400, 'link'],
    ['a zip bomb', () => zipOf({ 'SKILL.md': 'A'.repeat(900 * 1024) }), 'zip', 413, 'too_large'],
    ['too many entries', () => zipOf(Object.fromEntries(Array.from({ length: 501 }, (_, i) => [`f${i}.md`, 'x']))), 'zip', 413, 'too_many_entries'],
    ['a format that is not the bytes', () => zipOf({ 'SKILL.md': 'ok' }), 'tar.gz', 415, 'format_mismatch'],
  ] as const)('refuses %s with its status and the reason in the envelope', async (_what, make, format, status, reason) => {
    const res = await postJson({ name: 'hostile', archive: { format, base64: make().toString('base64') } });
    expect(res.status).toBe(Number(status));
    expect(res.body).toMatchObject({ success: false, error: { details: { reason } } });
    expect(res.body.error.message).toMatch(/^archive refused: /);
  });

  it('refuses an upload over 1 MiB with 413 and a multipart body without an archive with 400', async () => {
    const big = Buffer.alloc(1024 * 1024 + 10, 7);
    const tooBig = await upload(big, 'big.zip');
    expect(tooBig.status).toBe(413);
    const noFile = await request(h.app).post('/api/scan').set('Authorization', `Bearer ${key}`).field('name', 'x');
    expect(noFile.status).toBe(400);
    expect(noFile.body.error.message).toContain('archive');
  });

  it('answers 415 for a body that is neither JSON nor multipart', async () => {
    const res = await request(h.app).post('/api/scan').set('Authorization', `Bearer ${key}`).set('Content-Type', 'application/zip').send(evilZip());
    expect(res.status).toBe(415);
  });
});
