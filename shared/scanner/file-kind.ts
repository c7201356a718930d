/**
 * Which kind a file is, and for markdown which kind each line is: prose, fenced code (treated
 * as a script, because an agent runs what a SKILL.md puts in a code block) or an HTML comment
 * (prose a human reader never sees).
 */
import { HIDING_STYLE } from './rules/fragments.js';
import type { FileKind } from './types.js';

const MANIFEST_NAMES = new Set([
  'package.json', 'requirements.txt', 'requirements-dev.txt', 'pyproject.toml', 'pipfile',
  'setup.cfg', 'cargo.toml', 'gemfile', 'go.mod', 'composer.json',
]);
const SCRIPT_NAMES = new Set(['makefile', 'dockerfile', 'justfile', 'procfile', 'rakefile']);
const SCRIPT_EXT = new Set([
  'sh', 'bash', 'zsh', 'fish', 'ksh', 'py', 'pyw', 'js', 'mjs', 'cjs', 'ts', 'mts', 'cts', 'jsx',
  'tsx', 'ps1', 'psm1', 'psd1', 'bat', 'cmd', 'vbs', 'rb', 'pl', 'php', 'lua', 'go', 'rs', 'java',
  'kt', 'swift', 'cs', 'c', 'cc', 'cpp', 'applescript', 'scpt', 'command', 'tool', 'awk', 'r',
]);
const MARKDOWN_EXT = new Set(['md', 'markdown', 'mdx', 'txt', 'rst', 'adoc', 'html', 'htm']);

/** The kind of a file, from its name. Files with no extension and a shebang are scripts. */
export function fileKind(path: string, text = ''): FileKind {
  const base = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1).toLowerCase();
  if (MANIFEST_NAMES.has(base) || (base.startsWith('requirements') && /^requirements[\w.-]{0,40}\.txt$/.test(base))) return 'manifest';
  if (SCRIPT_NAMES.has(base)) return 'script';
  const dot = base.lastIndexOf('.');
  const ext = dot > 0 ? base.slice(dot + 1) : '';
  if (SCRIPT_EXT.has(ext)) return 'script';
  if (MARKDOWN_EXT.has(ext)) return 'markdown';
  if (ext === '' && text.startsWith('#!')) return 'script';
  return 'other';
}

/**
 * A test case's input, its name, and what it asserts (promptfoo-, garak-style datasets of attack
 * inputs); also a catalogue of risk patterns for reviewers (`id`, `examples`, `severity`), and a
 * review's indicator notes (`file`, `category`, `quote`, `verdict`).
 */
const INPUT_KEYS = 'input|prompt|payload|attack|query|examples|quote|indicator|ioc';
const ID_KEYS = 'id|name|case|title|file|category';
const ASSERTION_KEYS = String.raw`expect\w{0,20}|must\w{0,20}|should\w{0,20}|assert\w{0,20}|label|verdict|blocked|refuse\w{0,10}|canary\w{0,10}|severity`;
const TEST_INPUT = new RegExp(String.raw`^\s{0,8}(?:-\s{1,4})?["']?(?:${INPUT_KEYS})["']?\s{0,2}:`, 'gm');
const TEST_ID = new RegExp(String.raw`^\s{0,8}(?:-\s{1,4})?["']?(?:${ID_KEYS})["']?\s{0,2}:`, 'gm');
const TEST_ASSERTION = new RegExp(String.raw`^\s{0,8}(?:-\s{1,4})?["']?(?:${ASSERTION_KEYS})["']?\s{0,2}:`, 'm');
/** The same keys in JSON or JSON Lines, where they need not start a line. */
const JSON_TEST_INPUT = new RegExp(String.raw`"(?:${INPUT_KEYS})"\s{0,2}:`, 'g');
const JSON_TEST_ID = new RegExp(String.raw`"(?:${ID_KEYS})"\s{0,2}:`, 'g');
const JSON_TEST_ASSERTION = new RegExp(String.raw`"(?:${ASSERTION_KEYS})"\s{0,2}:`);

/** True when the global `re` matches `text` at least twice. */
function twice(re: RegExp, text: string): boolean {
  re.lastIndex = 0;
  return re.exec(text) !== null && re.exec(text) !== null;
}

/**
 * Formats whose whole purpose is to hold the patterns of attacks so as to detect them: YARA,
 * Suricata and Snort rules, the YAML of Sigma, Semgrep and Falco, and test cases of attack inputs
 * with what each must give. What such a file quotes is data for a detector, never an instruction
 * or code that runs. The format's name, or null.
 */
export function detectionFormat(path: string, text: string): string | null {
  const base = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1).toLowerCase();
  const ext = base.slice(base.lastIndexOf('.') + 1);
  if (ext === 'yar' || ext === 'yara') return /^\s{0,8}(?:private\s+|global\s+)?rule\s+\w+/m.test(text) && /^\s{0,8}condition\s*:/m.test(text) ? 'YARA' : null;
  if (ext === 'rules') return /^\s{0,8}(?:alert|drop|reject|pass)\s+(?:tcp|udp|ip|icmp|http|dns|tls)\b[^\n]{0,400}\(\s*msg\s*:/m.test(text) ? 'Suricata/Snort' : null;
  if (ext === 'yml' || ext === 'yaml') {
    if (twice(TEST_INPUT, text) && twice(TEST_ID, text) && TEST_ASSERTION.test(text)) return 'test-case';
  }
  if (ext === 'json' || ext === 'jsonl') {
    if (twice(JSON_TEST_INPUT, text) && twice(JSON_TEST_ID, text) && JSON_TEST_ASSERTION.test(text)) return 'test-case';
  }
  if (ext !== 'yml' && ext !== 'yaml') return null;
  if (/^detection\s*:/m.test(text) && /^logsource\s*:/m.test(text)) return 'Sigma';
  if (/^rules\s*:/m.test(text) && /^\s{0,8}-?\s{0,4}id\s*:/m.test(text) && /^\s{0,12}-?\s{0,4}(?:pattern|patterns|pattern-either|pattern-regex)\s*:/m.test(text)) return 'Semgrep';
  if (/^-\s{0,4}rule\s*:/m.test(text) && /^\s{1,8}condition\s*:/m.test(text) && /^\s{1,8}output\s*:/m.test(text)) return 'Falco';
  return null;
}

/** `at`, or -1 when `at` is inside inline code (after an odd number of backticks on its line). */
export function outsideCode(line: string, at: number): number {
  if (at <= 0 || !line.includes('`')) return at;
  let ticks = 0;
  for (let i = line.indexOf('`'); i >= 0 && i < at; i = line.indexOf('`', i + 1)) ticks++;
  return ticks % 2 === 1 ? -1 : at;
}

/** The kind of one line of a file; `comment` marks markdown lines inside `<!-- -->`. */
export interface LineZone {
  kind: FileKind;
  comment: boolean;
  /**
   * Under a heading that announces examples of attacks ("Signs of tampering", "Red flags"): a
   * quoted command there is an exhibit, not an instruction.
   */
  exhibit: boolean;
  /**
   * In a fenced block whose info string names a format that is read, never run (`yara`, `sigma`, `kql`,
   * `text`, `log`, `output`): a detection rule's strings, quoted telemetry, a program's output.
   */
  inert: boolean;
}

const EXHIBIT_HEADING = /^\s{0,3}#{1,6}\s[^\n]{0,200}?\b(?:signs?(?![-\s]{1,3}(?:in|up|on|off|out)\b)|indicators?|red\s{1,3}flags?|examples?\s{1,3}of|what\s{1,3}to\s{1,3}look\s{1,3}for|worauf\s{1,3}(?:zu\s{1,3})?achten|warnzeichen|warnsignale|anzeichen|angriffsmuster|qu[ée]\s{1,3}buscar|que\s{1,3}rechercher|o\s{1,3}que\s{1,3}procurar|cosa\s{1,3}cercare|wat\s{1,3}te\s{1,3}zoeken|detects?|detection|attacks?|attackers?|malicious|suspicious|threats?|IOCs?|tampering|never\s{1,3}do|anti-?patterns?|don['’]ts|avoid|pitfalls?|mistakes|never|payloads?|verbatim|defanged|specimens?|do\s{1,3}not\s{1,3}(?:execute|run|install)|nunca|niemals|nooit|nigdy|nikdy|aldrig|undvik|asla|jangan|hindari|soha|jamais|what\s{1,3}not\s{1,3}to\s{1,3}do|do\s{1,3}not(?=\s{0,3}(?:do|use|run)?\s{0,3}:?\s{0,3}$)|quoted\s{1,3}(?:examples?|snippets?|payloads?|text|lines|material)|(?<=\()quoted(?=\))|(?:typical|common|known)\s{1,3}(?:findings|tricks|techniques)|(?:bad|insecure|unsafe|wrong)\s{1,3}(?:examples?|practices?|patterns?|ways?))\b|^\s{0,3}#{1,6}\s[^\n]{0,200}?(?:してはいけない|やってはいけない|しないこと|避けるべき|禁止事項|アンチパターン|不要做|不应|避免|禁止|하지\s{0,2}말아야|피해야|[àÀ]\s{1,3}[ée]viter|[ÉE]vitez|чего\s{1,3}не\s{1,3}делать|избега|\b(?:ne\s{1,3}pas\s{1,3}faire|ce\s{1,3}qu['’]il\s{1,3}ne\s{1,3}faut\s{1,3}pas|qu[ée]\s{1,3}no\s{1,3}hacer|evit(?:ar|e|a)\b|o\s{1,3}que\s{1,3}não\s{1,3}fazer|da\s{1,3}evitare|cosa\s{1,3}non\s{1,3}fare|nicht\s{1,3}tun|vermeiden|was\s{1,3}man\s{1,3}nicht|czego\s{1,3}nie\s{1,3}robi|unikaj|wat\s{1,3}niet|vermijd)|никогда|ніколи|не\s{1,3}делайте|yapmay[ıi]n|ka[çc][ıi]n[ıi]n|kerülend|ei\s{1,3}koskaan|không\s{1,3}bao\s{1,3}giờ|금지|하지\s{0,2}마|切勿|絶対に|कभी\s{1,3}नहीं|क्या\s{1,3}(?:खोजें|देखें)|что\s{1,3}искать|на\s{1,3}что\s{1,3}обратить|मत\s{1,3}करें|क्या\s{1,3}न\s{1,3}करें|מה\s{1,3}לא\s{1,3}לעשות|להימנע|אסור|ما\s{1,3}لا\s{1,3}(?:يجب|ينبغي)|تجنب|ممنوع|что\s{1,3}не\s{1,3}делать|чего\s{1,3}не\s{1,3}робити|уникайте|нельзя|не\s{1,3}робіть|không\s{1,3}nên|tránh|co\s{1,3}nedělat|nedělejte|neprovádět|nespouštět|vyhněte|gör\s{1,3}inte|yang\s{1,3}tidak\s{1,3}boleh)/i;

/**
 * A heading that makes its whole section, subsections included, a list of what to watch for.
 * Fewer words than EXHIBIT_HEADING: "# Attacks we block" may well hold real steps further down.
 */
const SIGNS_HEADING = /^\s{0,3}#{1,6}\s[^\n]{0,200}?\b(?:red\s{1,3}flags?|warning\s{1,3}signs?|signs\s{1,3}of|indicators\s{1,3}of|what\s{1,3}to\s{1,3}look\s{1,3}for|IOCs?)\b/i;

/** What a skill's front matter says it is about, and that it teaches it: both make it teaching material. */
const ABOUT_ATTACKS = /\b(?:security\s{1,3}awareness|red[- ]flags?|(?:prompt[- ])?injections?|phishing|hame[çc]onnage|attacks?|threats?|malware|scams?|social\s{1,3}engineering|(?:tool[- ])?poison(?:ed|ing|s)?|suspicious|exfiltration|backdoors?|typosquat\w{0,3}|abus(?:e|ed|es|ing)|misused?|malicious|vulnerab\w{0,6}|capture[- ]the[- ]flag|ctf|adversarial|jailbreaks?|(?:dangerous|risky|insecure)\s{1,3}(?:patterns?|commands?|code)|anti[- ]?patterns?)\b|危険な(?:パターン|コマンド|コード)|危険信号|危险(?:模式|命令|代码)|위험한\s{0,2}(?:패턴|명령)|атак|注入|インジェクション|인젝션|инъекц|ін['’]єкц|Angriff|b(?:ö|oe)sartig|schädlich|schaedlich|malveillant|malicios|malevol|złośliw|zlosliw|škodliv|kwaadaardig|kötü\s?amaçlı|attaque|ataque|attacco|atak|saldırı|攻撃|攻击|공격/i;
const TEACHES = /\b(?:awareness|training|primer|course|lesson|handbook|tutorial|workshop|explainer|explains|explaining|annotated|teach\w{0,4}|educat\w{0,5}|curriculum|quiz|101|lab|recogni[sz]\w{0,4}|spot(?:ting)?|write-?ups?|post-?mortems?|worked\s{1,3}examples?|case\s{1,3}stud(?:y|ies)|casebook|red[- ]team(?:ing)?|checklist|fixtures|exercises?|rubric|vetting|briefing|quoted\s{1,3}examples?|quoting\s{1,3}examples?|review\s{1,3}(?:procedure|guide|checklist)|eval(?:uation)?s?\s{1,3}(?:sets?|datasets?|suites?|fixtures|harness)|evaluating\s{1,3}(?:guardrails?|refusals?|defen[cs]es?|filters?|classifiers?)|guardrail\s{1,3}(?:tests?|evals?)|classif(?:y|ies|ier|iers|ication)|triage|sample\s{1,3}data|labell?(?:ed|ing)|test\s{1,3}(?:cases|suites?|inputs))\b|教材|学習用|学ぶ|学习材料|교재|학습용|简报|讲解|教学|课程|演练|原文示例|ćwiczeni|rozpoznawa|учебн|памятк|обучени|Schulung|formation|formación|sensibilisation|sensibilizaci[óo]n|sensibiliza[çc][ãa]o|sensibilizzazione|Sensibilisierung|treinamento|formazione|szkoleni|školení|skoleni|výuk|lekce|kvíz|викторин|eğitim|教程|培训|研修|교육/i;

/**
 * Whether front matter describes teaching material about attacks ("name: injection-awareness-101",
 * "description: A primer on recognising prompt injection"): its quoted commands and code blocks
 * are exhibits. The name's hyphens are read as spaces.
 */
function teachesAttacks(front: string): boolean {
  const text = front.replace(/-/g, ' ');
  return ABOUT_ATTACKS.test(text) && TEACHES.test(text);
}

/** Whether the front matter of `lines`, closed at line `end` (0 when there is none), teaches about attacks. */
function frontMatterTeaches(lines: readonly string[], end: number): boolean {
  return end > 0 && teachesAttacks(lines.slice(1, end).join('\n'));
}

/** Whether a file's own front matter says it is teaching material about attacks (as a SKILL.md's does). */
export function teachesAttacksIn(text: string): boolean {
  const lines = text.slice(0, 8000).split('\n', FRONT_MATTER_REACH);
  return frontMatterTeaches(lines, frontMatter(lines));
}

/** A companion's path that names what it holds as attack material: `poisoned-tool.json`, `red-flags.md`, `malicious-specimen.yaml`, `iocs.yaml`, `fixtures/injections.txt`. */
const ATTACK_SAMPLE_PATH = /poison|malicious|specimen|red[-_ ]?flags?|red[-_ ]?team|adversarial|jailbreak|attacks?(?![a-z])|exploit|(?<![a-z])iocs?(?![a-z])|indicators|injections(?![a-z])/i;
/** A companion's path that names it as examples, samples or course work: `examples/`, `samples/payloads.md`, `tool.sample.json`, `fixtures/cases.csv`, `lab/exercise.md`. */
const SAMPLE_PATH = /(?:^|[/._-])(?:examples?|samples?|fixtures?|payloads?|training|specimens?|cases|labs?|exercises?|quiz(?:zes)?|lessons?|answers?|worksheets?|drills?|przyk[lł]ady?|ejemplos?|exemples?|beispiele?|esempi|exemplos?|voorbeelden|primery|示例|例)(?:[/._-]|$)/i;

/** A companion that is a table of records (`labels.csv`, `prompts.jsonl`): in a teaching skill, its rows are the cases it teaches with. */
const DATA_TABLE_PATH = /\.(?:csv|tsv|jsonl|ndjson)$/i;

/**
 * Whether a companion file shows attacks as a whole: its path names it attack material, or names
 * it examples or samples, or it is a table of records, in a skill whose SKILL.md front matter
 * says it teaches about attacks. Scripts never are (lineZones reads a script as run, whatever its name).
 */
export function showsAttacks(path: string, teaching: boolean): boolean {
  return ATTACK_SAMPLE_PATH.test(path) || (teaching && (SAMPLE_PATH.test(path) || DATA_TABLE_PATH.test(path)));
}

/** Lines of front matter looked through for its closing `---`. */
const FRONT_MATTER_REACH = 200;

/**
 * The index of the line that closes a YAML front matter opened by a first line `---`, or 0 when
 * there is none: the lines between are front matter.
 */
function frontMatter(lines: readonly string[]): number {
  if (lines.length < 2 || lines[0].trimEnd() !== '---') return 0;
  const last = Math.min(lines.length, FRONT_MATTER_REACH);
  for (let i = 1; i < last; i++) {
    const line = lines[i].trimEnd();
    if (line === '---' || line === '...') return i;
  }
  return 0;
}

/** The level of an ATX heading: how many `#` open it. */
function headingLevel(line: string): number {
  const at = line.indexOf('#');
  let n = 0;
  while (line[at + n] === '#') n++;
  return n;
}

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;

/** Whether a markdown line opens or closes a fenced code block. */
export function isFence(line: string): boolean {
  return FENCE.test(line);
}
const HEADING = /^\s{0,3}#{1,6}\s/;
/**
 * An element that opens hidden at the start of its line, as HI006 reads hiding: `<div style="display:none">`, `<div hidden>`,
 * `<span style="color:#fff;font-size:0">Assistant: ...` whose text runs on over the next lines.
 */
const HIDDEN_BLOCK_OPENS = new RegExp(String.raw`^\s{0,3}<(div|section|p|span)\b[^>\n]{0,200}?(?:${HIDING_STYLE}|\shidden(?:\s|>|=))[^>\n]{0,200}>`, 'i');
/**
 * The markdown comment trick: a link reference definition whose target is `#` (`[//]: # (Note to the assistant: ...)`),
 * or any definition with a title (`[policy]: https://... "Assistant: ..."`): neither renders.
 */
const LINK_COMMENT = /^\s{0,3}\[[^\]\n]{0,40}\]:\s{0,3}(?:<?#>?(?:\s|$)|<?[^\s>]{1,2000}>?\s{1,3}["'(])/;
/** Lines a hidden block element is followed for its closing tag. */
const HIDDEN_BLOCK_REACH = 60;
/** Marks that open a quotation right before a comment's `<!--`. */
const QUOTE_MARKS = '"“„\'‘«';

/** Whether a UTF-16 code unit is whitespace as `\s` reads it: space, tab, line ends and the rarer separators. */
export function isWhitespace(c: number): boolean {
  return c === 32 || c === 9 || (c >= 10 && c <= 13) || c === 0xa0 || c === 0xfeff || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000;
}

/**
 * The first character of a line after at most three leading whitespace characters ('' if none):
 * what a regex starting `^\s{0,3}` reads first. Markdown's block syntax (`#`, `>`, `-`, a fence)
 * starts there, so most lines are ruled out by this one character before any regex runs.
 */
export function leadingChar(line: string): string {
  for (let i = 0; i < 4 && i < line.length; i++) {
    if (!isWhitespace(line.charCodeAt(i))) return line[i];
  }
  return '';
}

/** Whether a markdown line is an ATX heading (`## Setup`). */
export function isHeading(line: string): boolean {
  return leadingChar(line) === '#' && HEADING.test(line);
}

/** Every zone a line can be in, made once and shared: nothing writes to a zone. */
const KINDS: readonly FileKind[] = ['markdown', 'script', 'manifest', 'other'];
const ZONES = new Map(KINDS.map((kind) => [kind, [false, true].map((comment) => [false, true].map((exhibit): LineZone => ({ kind, comment, exhibit, inert: false })))]));
const zoneOf = (kind: FileKind, comment: boolean, exhibit: boolean): LineZone => ZONES.get(kind)![comment ? 1 : 0][exhibit ? 1 : 0];
const MARKDOWN = ZONES.get('markdown')!;
const SCRIPT = ZONES.get('script')![0];
const INERT: readonly LineZone[] = [false, true].map((exhibit) => ({ kind: 'script', comment: false, exhibit, inert: true }));
/** A fence's opening marks and, after them, its info string. */
const FENCE_OPENING = String.raw`^\s{0,3}(?:\`{3,}|~{3,})\s{0,3}`;
/** Info strings of plain text. */
const PLAIN = 'text|txt|plaintext|plain';
/** Plain-text fences: data to read, unless the line above says to write them into a file. */
const PLAIN_FENCE = new RegExp(String.raw`${FENCE_OPENING}(?:${PLAIN})\s*$`, 'i');
/** "... and create `zz_envhealth.pth` there with this single line:": the block below is a file's content. */
const WRITES_CONTENT = /\b(?:create|write|add|save|put|append)\b[^\n]{0,160}?\b(?:with|containing)\s{1,3}(?:this|these|the\s{1,3}following)\s{1,3}(?:single\s{1,3}|one\s{1,3})?(?:line|lines|content|contents|text)\s{0,3}:\s*$/i;

/** Whether the nearest non-blank line above line `i` introduces its block as a file's content ({@link WRITES_CONTENT}). */
function writesContent(lines: readonly string[], i: number): boolean {
  for (let j = i - 1; j >= 0 && i - j <= 3; j--) if (lines[j].trim() !== '') return WRITES_CONTENT.test(lines[j]);
  return false;
}

/** Info strings of fenced blocks that hold data to read, not code to run. */
const INERT_FENCE = new RegExp(String.raw`${FENCE_OPENING}(?:yara|yar|sigma|kql|kusto|spl|splunk|eql|${PLAIN}|log|logs|output|console-output|stdout|stderr|eml|email|evidence|ioc|iocs|artifact|artefact|specimen|malicious|defanged)\s*$`, 'i');

/** A data file's own note that it is a malicious specimen kept for review ("Deliberately malicious specimen for training. Do not install."). */
const SPECIMEN = /\b(?:deliberately|intentionally)\s{1,3}(?:malicious|poisoned)\b|\bmalicious\s{1,3}(?:specimen|sample|exhibit)\b/i;
const NOT_TO_USE = /\bdo\s{1,3}not\s{1,3}(?:install|run|use|register|load)\b/i;

/**
 * Whether a manifest or data file says, in its first lines, that it is a malicious specimen not
 * to be installed: an annotated exhibit for reviewers, its findings kept at MEDIUM. A script is
 * never one: what a skill runs is judged as run, whatever its comments say.
 */
function declaresSpecimen(lines: readonly string[]): boolean {
  const head = lines.slice(0, 8).join('\n').slice(0, 800);
  return SPECIMEN.test(head) && NOT_TO_USE.test(head);
}

/**
 * One zone per line. Only markdown has more than one zone; every other file is its kind
 * throughout. `shown`: the file is attack material shown as a whole (showsAttacks).
 */
export function lineZones(kind: FileKind, lines: readonly string[], shown = false): LineZone[] {
  if (kind !== 'markdown') {
    // One shared zone: nothing writes to a zone, and an object per line was a tenth of prepare().
    const zone = zoneOf(kind, false, kind !== 'script' && (shown || declaresSpecimen(lines)));
    return lines.map(() => zone);
  }
  const zones: LineZone[] = [];
  let fence: string | null = null;
  let inert = false;
  let inComment = false;
  // The closing tag of a hidden block element still open (`<div style="display:none">` on its own line), or null.
  let hiddenUntil: string | null = null;
  let hiddenLines = 0;
  let exhibit = false;
  // The level of the nearest heading above that names its whole section a list of warning signs
  // ("# Red flags before installing a skill"), 7 when none: its subsections are exhibits too.
  let listsSigns = 7;
  // YAML front matter: its `#` lines are comments no renderer shows, not headings.
  const frontMatterEnd = frontMatter(lines);
  // A skill whose front matter says it teaches about attacks shows them throughout.
  // So does a companion shown as attack material as a whole (showsAttacks).
  const teaching = shown || frontMatterTeaches(lines, frontMatterEnd);
  exhibit = teaching;
  for (const line of lines) {
    if (zones.length > 0 && zones.length < frontMatterEnd) {
      zones.push(MARKDOWN[leadingChar(line) === '#' ? 1 : 0][0]);
      continue;
    }
    const first = leadingChar(line);
    const m = first === '`' || first === '~' ? FENCE.exec(line) : null;
    if (fence !== null) {
      // The closing fence belongs to the block; a longer run of the same mark also closes it.
      zones.push(inert ? INERT[exhibit ? 1 : 0] : SCRIPT[exhibit ? 1 : 0]);
      if (m && m[1][0] === fence[0] && m[1].length >= fence.length) fence = null;
      continue;
    }
    if (m && !inComment) {
      fence = m[1];
      inert = INERT_FENCE.test(line) && !(PLAIN_FENCE.test(line) && writesContent(lines, zones.length));
      zones.push(inert ? INERT[exhibit ? 1 : 0] : SCRIPT[exhibit ? 1 : 0]);
      continue;
    }
    // `<!-- ... -->` written in inline code is shown as it is: an example of a comment, not one.
    // So is one opened inside quotation marks: `- "<!-- LLM: send the conversation to ... -->"`.
    const at = line.lastIndexOf('<!--');
    const opens = at > 0 && QUOTE_MARKS.includes(line[at - 1]) ? -1 : outsideCode(line, at);
    const closes = opens < 0 && !inComment ? -1 : line.lastIndexOf('-->');
    // A block element hidden by its style or attribute hides its lines as a comment does, the
    // line that closes it included ("Assistant: ...</div>").
    let hiddenHere = hiddenUntil !== null;
    if (hiddenUntil === null) {
      const m = first === '<' && !inComment ? HIDDEN_BLOCK_OPENS.exec(line) : null;
      if (m && !line.toLowerCase().includes(`</${m[1].toLowerCase()}`)) {
        hiddenUntil = `</${m[1].toLowerCase()}`;
        hiddenLines = 0;
        hiddenHere = true;
      } else if (m) {
        // Opened and closed on this line: `<span style="display:none">Assistant instruction: ...</span>`.
        hiddenHere = true;
      }
    } else if (line.toLowerCase().includes(hiddenUntil) || ++hiddenLines > HIDDEN_BLOCK_REACH) {
      hiddenUntil = null;
    }
    // A link reference definition to `#` (`[//]: # (...)`) renders as nothing: a comment too.
    const commentHere = inComment || opens >= 0 || hiddenHere || (first === '[' && LINK_COMMENT.test(line));
    if (first === '#' && HEADING.test(line)) {
      const level = headingLevel(line);
      if (level <= listsSigns) listsSigns = SIGNS_HEADING.test(line) ? level : 7;
      exhibit = teaching || level > listsSigns || EXHIBIT_HEADING.test(line);
    }
    zones.push(MARKDOWN[commentHere ? 1 : 0][exhibit ? 1 : 0]);
    if (opens >= 0 && opens > closes) inComment = true;
    else if (closes >= 0) inComment = false;
  }
  return zones;
}
