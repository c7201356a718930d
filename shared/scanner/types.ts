/**
 * Types of the skill scanner: what goes in (a skill), what comes out (a report) and the shape
 * of the rules that sit in between as plain data.
 */

/** How bad a finding is. A skill is `unsafe` as soon as one HIGH or CRITICAL finding remains. */
export type Severity = 'LOW' | 'MEDIUM' | 'HIGH' | 'CRITICAL';

/** One file of a skill, as path and text (binary files are not scanned). */
export interface SkillFile {
  path: string;
  text: string;
}

/** A skill as an agent submits it: a name and its files. */
export interface Skill {
  name: string;
  slug?: string;
  version?: string;
  files: SkillFile[];
}

/** One thing the scanner found, pointing at a 1-based line of one file. */
export interface Finding {
  rule_id: string;
  category: string;
  severity: Severity;
  file: string;
  line: number;
  /** At most about 160 characters of the line, control and hidden characters made visible. */
  excerpt: string;
  message: string;
  /** One line: what the skill's author should change (see remediation.ts). */
  remediation: string;
}

/** The result of one scan. */
export interface ScanReport {
  verdict: 'safe' | 'unsafe';
  highest_severity: Severity | null;
  counts: Record<Severity, number>;
  findings: Finding[];
  /** True when a limit (files, bytes, findings or the time budget) cut the scan short. */
  truncated: boolean;
  duration_ms: number;
}

/** The categories the rules are grouped by. */
export type Category =
  | 'prompt-injection'
  | 'hidden-text'
  | 'credential-harvesting'
  | 'wallet-theft'
  | 'exfiltration'
  | 'download-execute'
  | 'reverse-shell'
  | 'obfuscation'
  | 'destructive'
  | 'persistence'
  | 'security-tampering'
  | 'typosquatting'
  | 'remote-instructions'
  | 'image-beacon';

/**
 * What a line is. A markdown file's fenced code blocks count as `script`, so a rule written for
 * shell commands also sees the commands a SKILL.md tells the agent to run.
 */
export type FileKind = 'markdown' | 'script' | 'manifest' | 'other';

/**
 * How a rule treats markdown prose, where a word is often only mentioned:
 * - `match`: always report (the text is suspicious however it is phrased);
 * - `negatable`: skip when the clause before the match negates it ("this skill never reads ~/.ssh");
 * - `mention`: skip when negated, when quoted after a mention marker ("flags phrases such as
 *   `curl ... | sh`"), or when the clause describes an attack ("injected text tries to ...").
 */
export type ProseMode = 'match' | 'negatable' | 'mention';

/**
 * Named checks the engine runs on a match before reporting it. They keep rules as data while
 * letting a few of them look closer (is this IP public, is this installer official).
 */
export type VerifierName = 'publicIp' | 'officialInstaller' | 'beaconPlaceholder' | 'beaconParam' | 'unknownHost' | 'notOfficialInstaller' | 'neverAssigned' | 'notHistoryPurge';

/**
 * Detectors implemented in code rather than regexes; their rules are still listed as data so
 * the rule table, ids and severities live in one place.
 */
export type DetectorName = 'tagChars' | 'zeroWidth' | 'bidi' | 'typosquat' | 'encodedPayload' | 'intent';

/** A pattern rule or a detector rule. */
export interface Rule {
  id: string;
  category: Category;
  severity: Severity;
  /** What it catches, in a few words, for the rule table in docs/scanner.md. */
  title: string;
  /** The finding's message. */
  message: string;
  /** The kinds of line the rule looks at. */
  where: readonly FileKind[] | 'any';
  /** Regexes without the `g` flag; bounded repetitions only (see the tests for hostile input). */
  patterns?: readonly RegExp[];
  /** Literal strings matched case-insensitively. */
  keywords?: readonly string[];
  /**
   * Lowercase strings of which every match contains at least one. A file with none of them is
   * skipped without running the regexes: most rules never apply to most files, and a substring
   * search is far cheaper than a regex scan.
   */
  needles?: readonly string[];
  /**
   * Needles per pattern, in the order of `patterns`, for rules whose patterns need different
   * words: a pattern runs only where one of its own needles occurs. Each list is a subset of
   * `needles`; test/scanner/needles.test.ts checks every match holds one.
   */
  patternNeedles?: readonly (readonly string[])[];
  /** A match whose command segment also matches one of these is a benign use and is dropped. */
  unless?: readonly RegExp[];
  /**
   * Also look for `unless` on this many following lines of the same code block: a control switched
   * off to reproduce a problem and back on a few commands later (`setenforce 0` ... `setenforce 1`).
   */
  unlessWithinLines?: number;
  /**
   * Not in prose whose sentence, before the match, says this: a way back from the skill's own
   * setup ("the rules can be reverted at any time: `sudo ufw disable`").
   */
  unlessAfter?: RegExp;
  /** Not under a markdown heading this matches (the nearest above the line): a section that undoes what the skill set up. */
  unlessUnder?: RegExp;
  /** Default `mention`. */
  prose?: ProseMode;
  /** Only look inside HTML comments of markdown files. */
  commentsOnly?: boolean;
  /**
   * Markup that hides only when rendered: in a markdown code span (`<div style="display:none">`)
   * it is shown as written, so it hides nothing.
   */
  renderedMarkup?: boolean;
  /**
   * A match may go on over the following lines (a call whose arguments are on indented lines);
   * reported on the line where it starts. Other rules' matches stay within one line.
   */
  spansLines?: boolean;
  verify?: VerifierName;
  detector?: DetectorName;
  /** A different severity for some kinds of file (a bidi control in code is worse than in prose). */
  severityByKind?: Partial<Record<FileKind, Severity>>;
  /**
   * A capability too common to report alone (a script that makes an HTTP call, a URL on an
   * unknown host): it only counts as a part of combination rules and never reaches the report.
   */
  signal?: true;
}

/** Several rules firing in the same file add up to something worse than each alone. */
export interface ComboRule {
  id: string;
  category: Category;
  severity: Severity;
  title: string;
  message: string;
  /** Each group is satisfied by any one of its rule ids; every group must be satisfied. */
  allOf: readonly (readonly string[])[];
  /**
   * `file` (default): all in one file. `skill`: spread over different files of the skill, for a
   * skill that splits reading and sending between two scripts.
   */
  scope?: 'file' | 'skill';
}
