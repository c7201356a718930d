/**
 * The dependency arrows of STYLE.md, checked on every import: api -> queues, shared;
 * workers -> queues, feed, shared; feed -> shared; queues -> shared; shared -> nothing of ours.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const allowed: Record<string, string[]> = {
  api: ['api', 'queues', 'shared'],
  workers: ['workers', 'queues', 'feed', 'shared'],
  feed: ['feed', 'shared'],
  queues: ['queues', 'shared'],
  shared: ['shared'],
  // The client is published on its own: it knows the service only over HTTP.
  client: ['client'],
  examples: ['examples', 'client'],
};

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g)]
    .map((m) => m[1] ?? m[2]);
}

describe('the layers', () => {
  for (const [layer, may] of Object.entries(allowed)) {
    it(`${layer}/ imports only from ${may.join(', ')}`, () => {
      const offending: string[] = [];
      for (const file of files(join(root, layer))) {
        for (const spec of imports(file)) {
          const target = relative(root, resolve(dirname(file), spec)).split('/')[0];
          if (!may.includes(target)) offending.push(`${relative(root, file)} imports ${spec}`);
        }
      }
      expect(offending).toEqual([]);
    });
  }
});
