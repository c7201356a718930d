/**
 * Regex fragments several rule files share. Every repetition is bounded so no rule can backtrack
 * catastrophically; see test/scanner/redos.test.ts.
 */

/** A home directory however a script spells it. */
export const HOME = String.raw`(?:~|\$HOME|\$\{HOME\}|%USERPROFILE%|\$env:USERPROFILE|homedir\(\)|expanduser\(\s{0,3}["']~|Path\.home\(\)|process\.env\.HOME|os\.environ\[["']HOME["']\]|/root|/home/[\w.-]{1,32}|/Users/[\w.-]{1,32}|C:\\Users\\[\w.-]{1,32})`;

/** The separator between a home directory and what is in it, across languages. */
export const SEP = String.raw`(?:["']?[)}]?\s{0,2}[,+/\\]\s{0,2}["']?)`;

/** A shell an attacker pipes into. */
export const SHELL = String.raw`(?:sudo\s{1,3}(?:-\S{1,10}\s{1,3}){0,3})?(?:/usr)?(?:/bin/)?(?:ba|z|da|k|fi|c|tc)?sh\b`;

/**
 * An interpreter that runs what it reads on stdin. A shell does with any arguments (`sh -s -- -y`);
 * python or node only without a script (`| python3 -c "print(...)"` merely parses the download).
 */
export const INTERPRETER = String.raw`(?:${SHELL}|(?:/usr/bin/)?(?:python[23]?(?:\.\d{1,2})?|node|perl|ruby|php)(?:\s{1,3}-)?\s{0,3}(?=$|[;&|)\n"'])|iex\b|Invoke-Expression\b)`;

/** The start of an SSH public key as `authorized_keys` holds it: its type, then the base64 that every key body starts with. */
export const PUBLIC_KEY = String.raw`(?:ssh-(?:rsa|ed25519|dss)|ecdsa-sha2-[\w-]{1,20}|sk-ssh-[\w@.-]{1,40})\s{1,3}AAAA`;

/** An inline style that renders an element's text invisible: not displayed, hidden, zero-sized, transparent, white (on the usual white page). */
export const HIDING_STYLE = String.raw`(?:display\s{0,2}:\s{0,2}none|visibility\s{0,2}:\s{0,2}hidden|font-size\s{0,2}:\s{0,2}0(?:px|pt|em|rem)?\b|opacity\s{0,2}:\s{0,2}0(?:\.0{1,3})?\b|color\s{0,2}:\s{0,2}(?:white|#fff(?:fff)?\b|transparent))`;

/** Compiles a case-insensitive pattern from fragments. */
export const re = (source: string, flags = 'i'): RegExp => new RegExp(source, flags);
