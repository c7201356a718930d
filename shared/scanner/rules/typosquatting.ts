/**
 * Typosquatted packages. The detector (../typosquat.ts) reads manifests and install commands;
 * this entry gives it an id, a severity and a place in the rule table.
 */
import type { Rule } from '../types.js';

export const TYPOSQUATTING_RULES: readonly Rule[] = [
  {
    id: 'TS001',
    category: 'typosquatting',
    severity: 'HIGH',
    title: 'npm or PyPI package one edit away from a popular package (in package.json, requirements, or an install command)',
    message: 'depends on a package whose name imitates a popular one',
    where: 'any',
    detector: 'typosquat',
  },
];
