import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isWhitespace, leadingChar } from '../../shared/scanner/file-kind.js';
import { readable } from '../../shared/scanner/intent-text.js';
import { prepare } from '../../shared/scanner/prepare.js';

// The characters the line tests turn on: every kind of whitespace `\s` knows, markdown's block
// marks, code punctuation, and a zero-width space, which is not whitespace.
const chars = fc.constantFrom(' ', '\t', '\u00a0', '\u2003', '\u3000', '\ufeff', '\u2028', 'a', 'b', '#', '-', '*', '+', '>', '|', '1', '.', ')', '[', ']', ':', '=', '(', '"', '/', '\u200b');
const line = fc.array(chars, { maxLength: 14 }).map((l) => l.join(''));
const lines = fc.array(line, { minLength: 1, maxLength: 12 });

/** prepare.ts's paragraph join as first written, with a regex for each test. */
function joinedByRegexes(all: readonly string[], prose: readonly boolean[]): string {
  let out = '';
  for (let i = 0; i < all.length; i++) {
    out += all[i];
    if (i === all.length - 1) break;
    const wraps = prose[i] && prose[i + 1] && /\S/.test(all[i]) && !/^\s{0,3}(?:#|[-*+]\s|\d{1,3}[.)]\s|>|\||$)/.test(all[i + 1]) && !/^\s{0,3}#/.test(all[i]);
    out += wraps ? ' ' : '\n';
  }
  return out;
}

/** intent-text.ts's test of a script line as first written: no code punctuation, five words once a comment marker is cut. */
function proseByRegexes(l: string): boolean {
  if (/[(){}=;$<>[\]]/.test(l)) return false;
  const text = l.replace(/^\s{0,40}(?:#|\/\/|\*|"""|''')\s?/, '');
  return text.split(/\s+/).length >= 5;
}

describe('the line tests that stand in for regexes', () => {
  it('reads as whitespace exactly the code units \\s matches', () => {
    for (let c = 0; c <= 0xffff; c++) expect(isWhitespace(c), c.toString(16)).toBe(/\s/.test(String.fromCharCode(c)));
  });

  it('finds the character a regex starting ^\\s{0,3} reads first', () => {
    fc.assert(fc.property(line, (l) => {
      expect(leadingChar(l)).toBe(/^\s{0,3}(\S)/.exec(l)?.[1] ?? '');
    }), { numRuns: 2000 });
  });

  it('joins a markdown paragraph\'s lines as the regexes did', () => {
    fc.assert(fc.property(lines, (all) => {
      const p = prepare('SKILL.md', all.join('\n'));
      expect(p.text).toBe(joinedByRegexes(p.lines, p.zones.map((z) => z.kind === 'markdown')));
    }), { numRuns: 2000 });
  });

  it('reads the script lines the regexes read as prose', () => {
    fc.assert(fc.property(lines, (all) => {
      const p = prepare('run.sh', all.join('\n'));
      expect([...readable(p).reads]).toEqual(p.lines.map((l) => (proseByRegexes(l) ? 1 : 0)));
    }), { numRuns: 2000 });
  });
});
