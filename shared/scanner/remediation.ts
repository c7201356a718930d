/**
 * The one-line remediation every finding carries: what the skill's author should change. A rule
 * may state its own; otherwise its category's applies.
 */
import { COMBO_RULES, RULES } from './rules/index.js';
import type { Category } from './types.js';

const BY_CATEGORY: Record<Category, string> = {
  'prompt-injection': 'Remove the instruction: a skill must not override, redirect or hide anything from the agent\'s user.',
  'hidden-text': 'Remove invisible characters and hidden markup: everything the agent reads must be visible to the user.',
  'remote-instructions': 'Ship the instructions inside the skill; never fetch remote text and obey it.',
  'credential-harvesting': 'Do not read credential files or secrets; take one scoped token from an environment variable the user sets.',
  'wallet-theft': 'Never read wallet files, keys or seed phrases; work from public addresses only.',
  exfiltration: 'Do not send local data off the machine; name any destination in the docs and show the user what is sent.',
  'image-beacon': 'Remove remote images whose URL carries data; host static images without query parameters.',
  'download-execute': 'Vendor the code or pin a version and verify its checksum; never run downloaded or encrypted payloads directly.',
  'reverse-shell': 'Remove the remote shell: a skill never hands a shell to a remote host.',
  obfuscation: 'Ship readable source; do not encode, pack or nest encodings around code.',
  destructive: 'Remove the destructive command or scope it to the project directory with a confirmation.',
  persistence: 'Do not install startup hooks, cron jobs, services or keys; document the step for the user to take by hand.',
  'security-tampering': 'Do not disable security controls or erase logs and history.',
  typosquatting: 'Check the name on the official registry page and depend on the real package.',
};

/** Rules whose finding asks for something narrower than their category's advice. */
const BY_RULE: Record<string, string> = {
  DX001: 'Pin the installer\'s version and verify its checksum, or tell the user to run it themselves.',
  CR009: 'Read only the variable the skill needs and send it only to the service it belongs to.',
  CR011: 'Remove the private key from the skill and rotate it.',
  PS001: 'Tell the user which line to add to their shell profile instead of appending it.',
  EX006: 'Make sure the data sent is the skill\'s own and its destination is documented.',
  DX009: 'Pin what is downloaded and verify its checksum before use.',
  WL008: 'Fine alone; never combine it with writing addresses to the clipboard.',
  WL009: 'Write to the clipboard only what the user asked for.',
  WL010: 'Approve only the amount one transaction needs, to a spender the user chose, and show it before signing.',
  CB020: 'Say what the code deletes, ask before it does, and drop "read-only" from the description.',
  CR018: 'Leave the server\'s password tables alone; a skill that needs a database takes one role\'s credentials from the user.',
  WL013: 'Approve the exact amount a transaction needs, to the spender the project configures; never a built-in address for an unlimited amount.',
  DX018: 'Pin the packages in the skill itself (a lockfile or a requirements file with hashes) instead of installing whatever a downloaded list names.',
  DX019: 'Install the package by name and pinned version from its registry (with a lockfile), not from a tarball at an address.',
  DX017: 'Download the release archive with its published checksum or signature, verify it, and read its install script before running it.',
  DS007: 'Leave .git alone; to start a fresh history from a template, say so and run git init in the same step.',
  DS008: 'Report failing tests as failing; fix the cause, or mark a test skipped with a reason the reviewer can see.',
  DS006: 'Let the coverage report say what the tests measured; raise the figure with tests, or lower the gate openly.',
  EX012: 'Keep shell history on the machine; a prompt hook should never call the network.',
  SC009: 'Keep certificate checks on; trust a corporate or proxy CA by adding it (NODE_EXTRA_CA_CERTS, cafile, http.sslCAInfo) instead.',
  SC008: 'Leave branch protection on; if a check is slow, make it faster or optional in its workflow, never by lifting protection.',
  SC007: 'Keep PermitEmptyPasswords no and root login key-only; give an old client its own account instead.',
  CB024: 'Pay every row to the address the user supplied, whatever the amount; route through a gateway only when the user names it.',
  SC014: 'Fetch the certificate over https from a host the user trusts and compare its fingerprint with one published elsewhere before trusting it.',
  SC015: 'Keep package signatures checked: import the repository\'s signing key (signed-by=) and serve it over https, instead of trusting every package.',
  SC016: 'Leave the project\'s hooks and its secret and vulnerability scanners in place; make a slow check faster or optional in its own config, openly.',
  SC017: 'Verify every token\'s signature with the algorithms the service issues; decode without verifying only to read claims, never to authorise.',
  SC018: 'Keep authentication on and token signatures verified in every shipped configuration; a local-only switch belongs in a file the user creates.',
  SC020: 'Add the user to the docker group (or use rootless Docker) instead of opening the socket, and serve the daemon\'s API only over TLS or SSH.',
  SC021: 'Keep secret scanning and push protection on, and exclude only the paths a finding was reviewed for.',
  SC022: 'Review every file on its content; a comment or marker in the code under review must never exempt it or decide the verdict.',
  SC023: "Leave the account's audit trail and threat detection on; to cut their cost, show the user the bill and let them decide in the console.",
  DS013: 'Leave the reflog alone: it is how the user finds and undoes what the skill committed or reset.',
  DS014: 'Never write over existing files with random or zero bytes; to retire old backups, list them and delete only those the user confirms.',
  DS015: 'Delete with a condition that names the rows meant (an age with an interval, an id list), and show the count to the user before running it.',
  DS016: 'Leave assertions as they are; fix the code a failing test points at, or tell the user which test fails and why.',
  WL015: 'Pay each recipient the address the user supplied and show that same address; a change of address comes from the recipient, confirmed by the user.',
  ML001: 'Read the quoted line and the skill as a whole: remove any step that reads, sends, fetches, overrides or hides what the user did not ask for.',
};

const CATEGORY_OF = new Map<string, Category>([...RULES, ...COMBO_RULES].map((r) => [r.id, r.category]));

/** The remediation of a rule id (falling back to the given category for ids no longer in the table). */
export function remediationFor(ruleId: string, category?: string): string {
  const cat = CATEGORY_OF.get(ruleId) ?? (category as Category | undefined);
  return BY_RULE[ruleId] ?? (cat && BY_CATEGORY[cat]) ?? 'Review the finding and remove the behaviour it describes.';
}
