/**
 * Renders the rule tables of docs/scanner.md from the rules and their test cases, so every rule
 * is listed with one malicious and one benign example and its remediation, and the docs cannot
 * drift from the code (rules.test.ts compares them). `npx tsx test/scanner/rule-table.ts`
 * prints them.
 */
import { fileURLToPath } from 'node:url';
import { COMBO_RULES, RULES, remediationFor } from '../../shared/scanner/index.js';
import { TEXT_CASES, type RuleCase } from './cases.js';
import { CODE_CASES, COMBO_CASES } from './cases-code.js';
import { INTENT_CASES } from './cases-intent.js';

const CASES = new Map<string, RuleCase>();
for (const c of [...TEXT_CASES, ...CODE_CASES, ...COMBO_CASES, ...INTENT_CASES]) if (!CASES.has(c.id)) CASES.set(c.id, c);

/** A table cell: one line, pipes escaped, long examples cut. */
function cell(text: string, max = 90): string {
  const flat = text.replace(/\r?\n/g, ' ⏎ ').replace(/\|/g, '\\|').replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u{e0000}-\u{e007f}]/gu, (c) => `<U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}>`);
  const cut = flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
  return `\`${cut.replace(/`/g, "'")}\``;
}

function example(id: string, which: 'bad' | 'good'): string {
  const c = CASES.get(id);
  if (!c) return '';
  return c[which].map((f) => (c[which].length > 1 ? `${f.path}: ` : '') + f.text).join(' + ');
}

/** The table of pattern and detector rules. */
export function ruleTable(): string {
  const head = '| Id | Category | Severity | Looks at | What it catches | Malicious example | Benign near miss | Remediation |\n|----|----|----|----|----|----|----|----|';
  const rows = RULES.map((r) => {
    const where = r.detector ? `detector: ${r.detector}` : r.where === 'any' ? 'any' : r.where.join(', ');
    return `| ${r.id} | ${r.category} | ${r.signal ? 'signal' : r.severity} | ${where} | ${r.title.replace(/\|/g, '\\|')} | ${cell(example(r.id, 'bad'))} | ${cell(example(r.id, 'good'))} | ${remediationFor(r.id)} |`;
  });
  return [head, ...rows].join('\n');
}

/** The table of combination rules. */
export function comboTable(): string {
  const head = '| Id | Category | Severity | Scope | Fires when | Malicious example | Benign near miss |\n|----|----|----|----|----|----|----|';
  const rows = COMBO_RULES.map((c) =>
    `| ${c.id} | ${c.category} | ${c.severity} | ${c.scope ?? 'file'} | ${c.title}: ${c.allOf.map((g) => g.join('/')).join(' + ')} | ${cell(example(c.id, 'bad'))} | ${cell(example(c.id, 'good'))} |`);
  return [head, ...rows].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(`${ruleTable()}\n\n${comboTable()}`);
}
