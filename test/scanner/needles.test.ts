import { describe, expect, it } from 'vitest';
import { INSTALLER, INSTALLER_NEEDLES } from '../../shared/scanner/detectors.js';
import { RULES } from '../../shared/scanner/index.js';
import { FEATURE_NEEDLES, FEATURES } from '../../shared/scanner/intent-features.js';
import { FEATURE_BRANCHES } from '../../shared/scanner/intent-presence.js';
import { patternNeedles } from '../../shared/scanner/match.js';
import { prepare } from '../../shared/scanner/prepare.js';
import { CODE_CASES, COMBO_CASES } from './cases-code.js';
import { TEXT_CASES } from './cases.js';
import { INTENT_CASES } from './cases-intent.js';
import { loadSkills } from './corpus.js';

/**
 * The needle prefilter skips a rule when a file holds none of its needles. That is only sound
 * if every match contains a needle; this checks it on every text we have.
 */
const texts = [
  ...[...loadSkills('malicious'), ...loadSkills('benign')].flatMap((s) => s.files),
  ...[...TEXT_CASES, ...CODE_CASES, ...COMBO_CASES, ...INTENT_CASES].flatMap((c) => [...c.bad, ...c.good]),
].map((f) => prepare(f.path, f.text));

describe('rule needles', () => {
  it.each(RULES.filter((r) => r.needles).map((r) => ({ id: r.id, rule: r })))('$id: every match holds a needle', ({ rule }) => {
    const bare: string[] = [];
    for (const p of texts) {
      for (const [i, source] of (rule.patterns ?? []).entries()) {
        const re = new RegExp(source.source, [...new Set(`${source.flags}gm`)].join(''));
        const needles = rule.patternNeedles?.[i] ?? rule.needles!;
        for (const m of p.text.matchAll(re)) {
          const lower = m[0].toLowerCase();
          if (!needles.some((n) => lower.includes(n))) bare.push(`#${i}: ${m[0].slice(0, 80)}`);
        }
      }
    }
    expect(bare).toEqual([]);
  });

  it.each(RULES.filter((r) => r.patterns).map((r) => ({ id: r.id, rule: r })))('$id: every match holds the literals read from its pattern', ({ rule }) => {
    const bare: string[] = [];
    const needs = patternNeedles(rule);
    for (const p of texts) {
      for (const [i, source] of (rule.patterns ?? []).entries()) {
        const re = new RegExp(source.source, [...new Set(`${source.flags}gm`)].join(''));
        for (const m of p.text.matchAll(re)) {
          const lower = m[0].toLowerCase();
          const holds = (lists: string[][]): boolean => lists.every((list) => list.some((n) => lower.includes(n)));
          if (!needs[i].some(holds)) bare.push(`#${i}: ${m[0].slice(0, 80)} lacks the literals of every alternative`);
        }
      }
    }
    expect(bare).toEqual([]);
  });

  it('gives per-pattern needles one list per pattern, each a subset of the rule\'s needles', () => {
    for (const r of RULES.filter((x) => x.patternNeedles)) {
      expect(r.patternNeedles!.length, r.id).toBe(r.patterns!.length);
      for (const n of r.patternNeedles!.flat()) expect(r.needles, r.id).toContain(n);
    }
  });

  it('finds an installer needle in every installer the typosquat check looks for', () => {
    const re = new RegExp(INSTALLER.source, 'g');
    const bare = texts.flatMap((p) => [...p.lower.matchAll(re)].map((m) => m[0]).filter((m) => !INSTALLER_NEEDLES.some((n) => m.includes(n))));
    expect(bare).toEqual([]);
  });

  it.each(FEATURES.map(([feature, re]) => ({ feature, re })))('intent feature $feature: every match holds a needle', ({ feature, re }) => {
    const bare = texts.flatMap((p) => [...p.lower.matchAll(new RegExp(re.source, re.flags))].map((m) => m[0])
      .filter((m) => !FEATURE_NEEDLES[feature].some((n) => m.includes(n))));
    expect(bare).toEqual([]);
  });

  const REGEX = new Map(FEATURES);
  it.each(FEATURE_BRANCHES.filter(([, b]) => b !== null).map(([feature, branches]) => ({ feature, branches: branches! })))(
    'intent feature $feature: every match holds one literal of each list of one of its alternatives',
    ({ feature, branches }) => {
      const re = REGEX.get(feature)!;
      const bare = texts.flatMap((p) => [...p.lower.matchAll(new RegExp(re.source, re.flags))].map((m) => m[0])
        .filter((m) => !branches.some((lists) => lists.every((l) => l.some((n) => m.includes(n))))));
      expect(bare).toEqual([]);
    },
  );

  it('lists needles in lowercase', () => {
    for (const r of RULES) for (const n of r.needles ?? []) expect(n, r.id).toBe(n.toLowerCase());
  });
});
