import { prepare } from './shared/scanner/prepare.js';
import { isNegated, isDescription } from './shared/scanner/context.js';
import { FEATURES } from './shared/scanner/intent-features.js';
import { readFileSync } from 'node:fs';
for (const f of process.argv.slice(2)) {
  const p = prepare('SKILL.md', readFileSync(f, 'utf8'));
  for (const [name, re] of FEATURES) { re.lastIndex = 0; for (const m of p.lower.matchAll(re)) { const e = m.index! + m[0].length - 1; console.log(name, m.index, isNegated(p.text, m.index!), isNegated(p.text, e), isDescription(p.text, e)); } }
}
