/**
 * The OpenAPI document as a standard linter sees it: Redocly CLI with its recommended rules,
 * run on the document the service serves. Zero errors and zero warnings.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildOpenApi } from '../../api/openapi.js';
import { loadConfig } from '../../shared/config.js';

const run = promisify(execFile);
const redocly = resolve(import.meta.dirname, '../../node_modules/.bin/redocly');

describe('the OpenAPI document', () => {
  const doc = buildOpenApi(loadConfig({ NODE_ENV: 'test', PUBLIC_BASE_URL: 'https://agents.example.net' } as NodeJS.ProcessEnv));

  it('lints clean with redocly\'s recommended rules', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      await writeFile(file, JSON.stringify(doc));
      const { stdout } = await run(redocly, ['lint', file, '--extends', 'recommended', '--format', 'json'], {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      }).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
      const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string }[] };
      expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('names every operation, marks public ones with security: [], and documents 429 and 503 everywhere', () => {
    const ops = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
      Object.entries(item as Record<string, { operationId?: string; security?: unknown[]; responses?: Record<string, unknown>; parameters?: { $ref?: string }[] }>)
        .map(([method, op]) => ({ key: `${method} ${path}`, op })));
    expect(ops.length).toBeGreaterThan(20);
    for (const { key, op } of ops) {
      expect(op.operationId, key).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(op.security, key).toBeDefined();
      expect(Object.keys(op.responses ?? {}), key).toEqual(expect.arrayContaining(['429', '503']));
    }
    const byKey = Object.fromEntries(ops.map(({ key, op }) => [key, op]));
    expect(byKey['get /api/v1/agents'].security).toEqual([]);
    for (const key of ['post /api/jobs', 'post /api/v1/agents/register', 'post /api/scan']) {
      expect(byKey[key].parameters?.some((p) => p.$ref === '#/components/parameters/IdempotencyKey'), key).toBe(true);
    }
    expect(doc.info.license?.name).toBeTruthy();
    expect(doc.servers?.[0].url).toBe('https://agents.example.net');
  });
});
