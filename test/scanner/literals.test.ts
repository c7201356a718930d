import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { requiredLiterals, requiredLiteralsByBranch } from '../../shared/scanner/literals.js';

/** True when every match of `re` in `text` holds one string of each list (case-insensitively). */
function everyMatchHolds(re: RegExp, text: string, lists: readonly string[][]): boolean {
  const g = new RegExp(re.source, [...new Set(`${re.flags}g`)].join(''));
  for (const m of text.matchAll(g)) {
    const lower = m[0].toLowerCase();
    if (!lists.every((l) => l.some((s) => lower.includes(s)))) return false;
  }
  return true;
}

/** True when every match of `re` in `text` holds the lists of at least one alternative. */
function everyMatchHoldsOneOf(re: RegExp, text: string, branches: readonly string[][][]): boolean {
  const g = new RegExp(re.source, [...new Set(`${re.flags}g`)].join(''));
  for (const m of text.matchAll(g)) {
    const lower = m[0].toLowerCase();
    if (!branches.some((lists) => lists.every((l) => l.some((s) => lower.includes(s))))) return false;
  }
  return true;
}

describe('requiredLiterals', () => {
  it('reads the words of a sequence as separate requirements', () => {
    expect(requiredLiterals(/\bcurl\b[^\n]{0,200}?\s--upload-file/)).toEqual([['--upload-fil'], ['curl']]);
  });

  it('multiplies out short alternatives and optional letters', () => {
    expect(requiredLiterals(/https?:\/\/evil/)).toEqual([['http://evil', 'https://evil']]);
  });

  it('gives an alternation the union of its branches, dropping strings that hold another', () => {
    expect(requiredLiterals(/\b(?:nc|ncat|netcat)\s{1,3}-e\s{1,3}(?:bash|zsh)/i)).toEqual([['bash', 'zsh']]);
    expect(requiredLiterals(/(?:secret|secretly)\s{1,3}token/)).toEqual([['secret'], ['token']]);
  });

  it('lowercases, so a case-sensitive pattern is found in the lowercased text', () => {
    expect(requiredLiterals(/Invoke-Expression/)).toEqual([['invoke-expre']]);
  });

  it('requires nothing from lookarounds, anchors, optional parts or unknown characters', () => {
    expect(requiredLiterals(/(?<=password)\s{1,3}[a-z]{4,}(?!token)/)).toEqual([]);
    expect(requiredLiterals(/^(?:sudo\s)?\w{1,20}$/m)).toEqual([]);
    expect(requiredLiterals(/t[ée]l[ée]charger/)).toEqual([['charger']]);
  });

  it('reads nothing from a pattern with the v flag, whose classes it does not know', () => {
    expect(requiredLiterals(new RegExp('curl[[a-z]--[aeiou]]&&sh', 'v'))).toEqual([]);
    expect(requiredLiteralsByBranch(new RegExp('curl', 'v'))).toBeNull();
  });

  it('drops requirements too short to be worth a needle', () => {
    expect(requiredLiterals(/\brm\s{1,3}-f\b/)).toEqual([]);
  });

  it('keeps each top-level alternative\'s own lists, or none when one requires nothing', () => {
    expect(requiredLiteralsByBranch(/\bcurl\b[^\n]{0,9}-o|\bwget\s[^\n]{0,9}https?:\/\//)).toEqual([[['curl']], [['http://', 'https://'], ['wget']]]);
    expect(requiredLiteralsByBranch(/\bcurl\b|\s{2}x/)).toBeNull();
  });

  it('reads Chinese and Japanese literals, however short, only when asked (they have no case)', () => {
    expect(requiredLiteralsByBranch(/\bcurl\s|悄悄|こっそり/gi)).toBeNull();
    expect(requiredLiteralsByBranch(/\bcurl\s|悄悄|こっそり/gi, 3, true)).toEqual([[['curl']], [['悄悄']], [['こっそり']]]);
    // Cyrillic has case (and letters that fold to others): still read as anything.
    expect(requiredLiteralsByBranch(/curl|отправ/gi, 3, true)).toBeNull();
  });

  it('never claims a literal that some match lacks (random patterns and texts)', () => {
    const piece = fc.letrec<{ re: string }>((tie) => ({
      re: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.constantFrom('a', 'b', 'ab', 'ba', 'A', 'x', '\\.', '-', ' ', '[ab]', '[^a]', '.', '\\s', '\\w', '\\b', '^', '$', 'é', '\\x41', '[a-c]', '[.-]'),
        fc.tuple(tie('re'), tie('re')).map(([a, b]) => `${a}${b}`),
        fc.tuple(tie('re'), tie('re')).map(([a, b]) => `(?:${a}|${b})`),
        fc.tuple(tie('re'), fc.constantFrom('?', '*', '+', '{2}', '{0,2}', '{1,3}', '??')).map(([a, q]) => `(?:${a})${q}`),
        tie('re').map((a) => `(?=${a})`),
        tie('re').map((a) => `(?<!${a})`),
        tie('re').map((a) => `(${a})`),
      ),
    })).re;
    const text = fc.string({ unit: fc.constantFrom('a', 'b', 'A', 'B', 'x', '.', '-', ' ', '\n', 'é', 'c'), maxLength: 60 });
    fc.assert(
      fc.property(fc.oneof(piece, fc.tuple(piece, piece).map(([a, b]) => `${a}|${b}`)), fc.constantFrom('', 'i', 'm', 'im'), text, (source, flags, t) => {
        const re = new RegExp(source, flags);
        // These small pieces rarely give strings of three characters: check the lists of any length.
        expect(everyMatchHolds(re, t, requiredLiterals(re, 1))).toBe(true);
        const branches = requiredLiteralsByBranch(re, 1);
        if (branches) expect(everyMatchHoldsOneOf(re, t, branches)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});
