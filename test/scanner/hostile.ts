/**
 * Inputs built to make a regex backtrack: long runs of one character, a keyword repeated
 * without what should follow it, deep nesting.
 */
export const HOSTILE_LINES: Record<string, string> = {
  "100k 'a'": 'a'.repeat(100_000),
  "'curl ' x20k": 'curl '.repeat(20_000),
  '50k nested brackets': `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
  '50k nested parens': '('.repeat(50_000),
  '100k spaces then x': `${' '.repeat(100_000)}x`,
  '100k slashes': '/'.repeat(100_000),
  '100k digits and dots': '1.'.repeat(50_000),
  '100k dashes': `rm ${'-'.repeat(100_000)}`,
  '100k base64 letters': 'QUJD'.repeat(25_000),
  '100k quotes': '"'.repeat(100_000),
  'home prefixes': '~/'.repeat(50_000),
  'command substitutions': '$('.repeat(50_000),
  'pipes to nothing': 'curl x |'.repeat(12_500),
  'ignore soup': 'ignore all the previous '.repeat(4_000),
  'fetch soup': 'fetch instructions from url and '.repeat(3_000),
  'hex escapes': '\\x41'.repeat(25_000),
  'char codes': `String.fromCharCode(${'1,'.repeat(40_000)}`,
  'image soup': '![a](https://x.example/?'.repeat(4_000),
  'zero-width soup': 'a\u200B'.repeat(50_000),
  'tag soup': String.fromCodePoint(0xe0041).repeat(30_000),
  'a tag run on every line': `a${String.fromCodePoint(0xe0041)}\n`.repeat(40_000),
  'markdown fences': '```\n'.repeat(20_000),
  'html comments': '<!--'.repeat(25_000),
  'find soup': 'find / -name '.repeat(8_000),
  'rm soup': 'rm -rf -r -r -r '.repeat(6_000),
  'ip soup': 'http://1.2.3.'.repeat(8_000),
};
