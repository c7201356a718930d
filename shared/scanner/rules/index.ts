/**
 * Every rule, as data: pattern and detector rules by category, then the combination rules.
 */
import type { ComboRule, Rule } from '../types.js';
import { CAPABILITY_RULES } from './capabilities.js';
import { COMBO_RULES } from './combinations.js';
import { CREDENTIAL_RULES } from './credentials.js';
import { DESTRUCTIVE_RULES } from './destructive.js';
import { DOWNLOAD_EXECUTE_RULES } from './download-execute.js';
import { EXFILTRATION_RULES } from './exfiltration.js';
import { HIDDEN_TEXT_RULES } from './hidden-text.js';
import { IMAGE_BEACON_RULES } from './image-beacon.js';
import { INTENT_RULES } from './intent.js';
import { OBFUSCATION_RULES } from './obfuscation.js';
import { PERSISTENCE_RULES } from './persistence.js';
import { PROMPT_INJECTION_RULES } from './prompt-injection.js';
import { REMOTE_INSTRUCTION_RULES } from './remote-instructions.js';
import { REVERSE_SHELL_RULES } from './reverse-shell.js';
import { SECURITY_TAMPERING_RULES } from './security-tampering.js';
import { TYPOSQUATTING_RULES } from './typosquatting.js';
import { WALLET_RULES } from './wallets.js';

/** The pattern and detector rules, in the order of the rule table. */
export const RULES: readonly Rule[] = Object.freeze([
  ...PROMPT_INJECTION_RULES,
  ...HIDDEN_TEXT_RULES,
  ...REMOTE_INSTRUCTION_RULES,
  ...CREDENTIAL_RULES,
  ...WALLET_RULES,
  ...EXFILTRATION_RULES,
  ...IMAGE_BEACON_RULES,
  ...DOWNLOAD_EXECUTE_RULES,
  ...REVERSE_SHELL_RULES,
  ...OBFUSCATION_RULES,
  ...DESTRUCTIVE_RULES,
  ...PERSISTENCE_RULES,
  ...SECURITY_TAMPERING_RULES,
  ...TYPOSQUATTING_RULES,
  ...INTENT_RULES,
  ...CAPABILITY_RULES,
]);

export { COMBO_RULES };
export type { ComboRule, Rule };
