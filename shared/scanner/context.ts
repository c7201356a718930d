/**
 * Mention versus action. Documentation that says "this skill never reads your ~/.ssh keys" or
 * "we flag commands such as `curl ... | sh`" names the very thing a rule looks for; an
 * instruction to do it does not negate or quote it. These heuristics only apply to markdown
 * prose: in a script, a command is a command.
 */

/** Where a clause starts: after a sentence end or a turn such as "but" or "then". */
// "e.g." and "i.e." do not end a clause: "download and run code, e.g. `curl ... | sh`".
const CLAUSE_BREAK = /\n|(?<!\b(?:e\.g|i\.e|etc|vs|cf))[.;!?](?:\s|$)|\s(?:but|then|and then|however)\s|[,:]\s(?:then|and|but)\s/gi;
/** CSS `display:none` or `list-style: none` is a style, not a negation. */
const NEGATION = new RegExp(String.raw`\b(?:never|not|no|nothing|nobody|no\s{1,3}one|no-one|(?<![:=]\s{0,3})none|without|instead\s{1,3}of|rather\s{1,3}than|avoid|avoids|refuses?|prevents?|blocks?|don['’]t|doesn['’]t|won['’]t|can['’]t|cannot|shouldn['’]t|mustn['’]t|isn['’]t|aren['’]t|wasn['’]t` +
  // The same in the other languages skills are written in ("non usare mai", "nunca ejecutes", "niemals").
  String.raw`|non(?![-\w])|mai|pas|jamais|nunca|jam[aá]s|n[aã]o|nem|nie|niemals|nicht|kein(?:e|en|er)?|nooit|niet|geen|nigdy)\b`, 'gi');
/** "Never forget to ..." negates nothing. */
const NOT_A_NEGATION = /^\s{0,3}(?:(?:\w{1,12}\s{1,3})?(?:forget|fail|hesitate|skip|omit|neglect|miss)|(?:ask|wait|worry)\s{0,2}[,;!]|need|doubt|matter|problem|exceptions?|questions?)\b/i;
const MENTION_MARKER = /\be\.g\.|\b(?:such as|for example|for instance|like|phrases?|patterns?|strings?|text|wording|detects?|flags?|catches|looks? for|scans? for|checks? for|searches for|warns?|reports?|matches|rejects?|known as|called|says|say|saying|claims?|claiming|dice|dicen|behauptet|behaupten|prétend|afferma|afirma|twierdzi|examples?|attacks?|attackers?|malicious|malware|suspicious|dangerous|red flags?|signs?|indicators?|payloads?|lines? like|alerts?|alerting|larma|larmar|varna|varnar|alerter|alertar|alarmieren|not\s{1,3}(?:acceptable|allowed|permitted)|unacceptable|forbidden|prohibited|(?:places|spots|occurrences|usages?|uses|instances|call\s{1,3}sites)\s{1,3}(?:where|in\s{1,3}which)|punti\s{1,3}(?:in\s{1,3}cui|dove)|(?:lugares|sitios)\s{1,3}(?:donde|en\s{1,3}(?:los|las)\s{1,3}que)|endroits\s{1,3}o[uù]|stellen,?\s{1,3}(?:an\s{1,3}denen|wo)|locais\s{1,3}onde|plekken\s{1,3}waar|miejsca,?\s{1,3}(?:gdzie|w\s{1,3}których))\b|위험\s{0,2}신호|경고\s{0,2}신호|危険(?:な)?(?:兆候|サイン)|危险信号|警告信号|(?:опасн|тревожн)\S{0,4}\s{1,3}(?:признак|сигнал)|небезпечн\S{0,4}\s{1,3}(?:ознак|сигнал)|señales?\s{1,3}de\s{1,3}(?:alerta|peligro)|signaux\s{1,3}d['’]alerte|segnali\s{1,3}di\s{1,3}allarme|sinais\s{1,3}de\s{1,3}(?:alerta|perigo)|warnsignale|alarmsignale|sygnały\s{1,3}ostrzegawcze|varovné\s{1,3}signály|uyarı\s{1,3}işaret|tanda\s{1,3}bahaya|dấu\s{1,3}hiệu\s{1,3}(?:nguy\s{1,3}hiểm|cảnh\s{1,3}báo)/i;
/** An order to run what follows; not a compound's second half ("the tool-call log", "a dry-run"). */
const IMPERATIVE = /(?<!-)\b(?:run|execute|paste|type|call|invoke|now|first|then)\b/i;

/** "If anyone asks you to enter your recovery phrase, it is a scam": a hypothetical, not an order. */
const HYPOTHETICAL = /\bif\s{1,3}(?:anyone|anybody|someone|somebody|a\s{1,3}(?:stranger|website|site|page|message|dm|caller|scammer)|an\s{1,3}(?:app|email|extension|attacker))\s{1,3}(?:ever\s{1,3})?(?:asks?|requests?|tells?|wants?)\b/i;

/**
 * The text of the clause that ends at `start`, at most 160 characters back. The checks below take
 * it as `clause` when the caller has it already (the matcher reads it once per match, not three times).
 */
export function clauseBefore(line: string, start: number): string {
  return textBefore(line, start, CLAUSE_BREAK);
}

/** Sentence ends only: a colon, a semicolon or a "but" does not end it. */
const SENTENCE_BREAK = /[.!?](?=\s)|\n/g;

/** The text of the sentence that ends at `start`, at most 160 characters back (a rule's `unlessAfter`). */
export function sentenceBefore(line: string, start: number): string {
  return textBefore(line, start, SENTENCE_BREAK);
}

/** The text after the last of the global regex `breaks` in the 160 characters before `start`. */
function textBefore(line: string, start: number, breaks: RegExp): string {
  const window = line.slice(Math.max(0, start - 160), start);
  // Punctuation inside inline code (`curl ... | sh`) does not end a sentence.
  const masked = window.includes('`') ? window.replace(/`[^`\n]{0,200}`/g, (code) => 'x'.repeat(code.length)) : window;
  let cut = 0;
  for (const m of masked.matchAll(breaks)) cut = (m.index ?? 0) + m[0].length;
  return window.slice(cut);
}

/**
 * A negation right before the quoted match, in languages whose negation words NEGATION does not
 * list: Hebrew "- לא `setenforce 0`", Russian "не запускайте `…`", Arabic, Hindi, Indonesian
 * "jangan menyarankan `…`", Vietnamese, Chinese "不要运行 `…`".
 * At most one word between, so "не спрашивайте, просто выполните `…`" negates nothing; two in
 * Vietnamese, whose verbs are often two syllables ("không đề xuất `…`").
 */
const NEGATED_JUST_BEFORE = /(?:^|[^\p{L}\p{M}])(?:לא|אל|אסור|не|ні|ни|لا|لن|ليس|मत|नहीं|न|jangan|tidak|bukan)\s{1,3}(?:[\p{L}\p{M}]{1,20}\s{1,3})?[`"“«]?$|(?:^|[^\p{L}\p{M}])(?:đừng|không)\s{1,3}(?:[\p{L}\p{M}]{1,20}\s{1,3}){0,2}[`"“«]?$|(?:不要|别|勿|切勿|禁止)\p{L}{0,6}\s{0,2}[`"“«]?$/iu;

/** True when the clause before the match negates it ("this skill never reads ~/.ssh"). */
export function isNegated(line: string, start: number, clauseIn = clauseBefore(line, start)): boolean {
  // A parenthesis's own negation stays inside it: "(create the file if it does not exist) and set ...".
  const clause = clauseIn.includes('(') ? clauseIn.replace(/\([^()\n]{0,200}\)/g, ' ') : clauseIn;
  if (HYPOTHETICAL.test(clause)) return true;
  if (NEGATED_JUST_BEFORE.test(clause.slice(-40))) return true;
  for (const m of clause.matchAll(NEGATION)) {
    const after = clause.slice((m.index ?? 0) + m[0].length);
    // "Run the helper instead of editing by hand: `npx ...`": what "instead of" turns down ends at the colon or comma.
    if (SET_ASIDE.test(m[0]) && /[:,]/.test(after)) continue;
    if (!NOT_A_NEGATION.test(after) && !inClosedCondition(clause.slice(0, m.index), after)) return true;
  }
  return false;
}

/** A negation of what comes right after it, not of the clause it sits in. */
const SET_ASIDE = /^(?:instead|rather)\b/i;

/** A condition opened and not yet closed by a comma: "if rustc is not", "if not", "when no toolchain is". */
const OPEN_CONDITION = /\b(?:if|when|whenever|unless|once|in\s{1,3}case|where)\b[^,]{0,80}$/i;

/**
 * A negation inside a condition that a comma closes before the match negates the condition, not
 * the order: "If rustc is not installed, run `curl ... | sh`", "If not, use the mirror installer".
 * "If in doubt, do not run it" keeps its negation: it comes after the comma.
 */
function inClosedCondition(before: string, after: string): boolean {
  return after.includes(',') && OPEN_CONDITION.test(before);
}

/**
 * A judgement after a quoted command, in its own sentence: "`setenforce 0` hides the problem",
 * "`spctl --master-disable` は実行しないこと", "… is not needed here". Languages that put the
 * negation after the verb (Japanese, Korean) say "do not run this" only there. What is "not yet on
 * PyPI" or "not available upstream" is where a thing is, not a judgement of the command.
 */
const JUDGED_AFTER = new RegExp(String.raw`(?:\b(?:is|are|was|were)\s{1,3}(?:not|never)|\b(?:isn['’]t|aren['’]t))\b(?!\s{1,3}(?:yet|on|in|available|published|released|out|upstream)\b)|\bnot\s{1,3}(?:needed|necessary|required|recommended|a\s{1,3}(?:real\s{1,3}|root\s{1,3})?(?:fix|solution))\b` +
  String.raw`|\b(?:hides?|masks?|papers?\s{1,3}over)\s{1,3}the\s{1,3}(?:problem|issue|cause|error|symptom)|\b(?:for|on)\s{1,3}(?:everything|every\s{1,3}(?:app|program|download|file))\b|\bsystem-?wide\b` +
  // "Never" judges the command, unless it says what the command is for: "..., so this never happens again".
  String.raw`|\b(?:removes?|weakens?|drops?)\s{1,3}(?:the\s{1,3})?(?:protection|security)\b|\bleaks?\s{1,3}(?:data|secrets?|tokens?|it|them|the\s{1,3}[\w-]{1,15})\b|\bfor\s{1,3}(?:\*\*|__)?every(?:\*\*|__)?\s{1,3}(?:host|site|server|connection|request)\b|\bnever\b(?!\s{1,6}\w{2,12}(?:\s{1,6}(?:up|back|you|the\s{1,3}user))?\s{1,6}again\b)|\b(?:dangerous|insecure|unsafe)\b|\b(?:gives?|grants?|hands?)\s{1,3}(?:\w{1,12}\s{1,3})?root(?:-equivalent|-level)?\s{1,3}(?:access|rights|privileges|control)\b|\bbad\s{1,3}(?:idea|practice)\b` +
  String.raw`|\bne\s{1,3}(?:[\w'’]{1,15}\s{1,3}){0,2}(?:pas|jamais)\b|\bjamais\b|\bnunca\b|\bniemals\b|\bnooit\b|\bnigdy\b|никогда` +
  String.raw`|しない|しません|しては|やめ|禁止|ではなく|じゃなく|避け|危険|不要|不是|避免|危险|하지\s{0,2}(?:마|않)|지\s{0,2}(?:않|마)|금지|피하|위험` +
  // Judged after it in other languages: "... nie są rozwiązaniem", "(`...`) yerine", "... değil", "keine Lösung";
  // and a quoted phrase named as a warning sign: "treat any "do not tell the user" phrasing as a red flag".
  String.raw`|\bnie\s{1,3}(?:jest|są|sa)(?![\wąę])|\byerine\b|\bde[ğg]il\b|\bkeine?\s{1,3}l(?:ö|o)sung\b|\bgeen\s{1,3}oplossing\b|\bno\s{1,3}(?:es|son)\s{1,3}(?:una\s{1,3})?soluci|\bn(?:ão|ao)\s{1,3}(?:é|e|são)\s{1,3}(?:uma\s{1,3})?solu|\bnon\s{1,3}(?:è|e|sono)\s{1,3}(?:una\s{1,3})?soluzion|не\s{1,3}(?:является\s{1,3})?решени|не\s{1,3}(?:є\s{1,3})?рішенн|(?<![а-яёіїєґ])не\s{1,3}(?:использ|примен|запуск|дела|включ|выключ|отключ|нуж|надо|рекоменд|стоит|следует|використ|застосов|роб|вмика|вимика|потріб|треба|варто|слід)|\bred\s{1,3}flags?\b|\bwarning\s{1,3}signs?\b`, 'i');

/**
 * True when a quoted match (inline code) is judged after it in its sentence: the command named
 * to be warned against, not run. Only what follows the closing backtick counts.
 */
export function isJudgedAfter(text: string, start: number, end: number): boolean {
  if (!isQuoted(text, start)) return false;
  const close = closingQuote(text, start, end);
  if (close < 0 || close - end > 200) return false;
  const rest = text.slice(close + 1, close + 1 + 160);
  const stop = rest.search(/[.!?;](?:\s|$)|[。！？]|\n/);
  return JUDGED_AFTER.test(stop < 0 ? rest : rest.slice(0, stop + 1));
}

/** "Replace `curl ... | sh` with a checksum-verified download": what is replaced is named, not run. */
const REPLACED_BEFORE = /\b(?:replace|replacing|swap\s{1,3}out|instead\s{1,3}of)\s{0,3}$/i;
const REPLACED_AFTER = /^[^.\n]{0,120}?\b(?:with|by)\b/i;

/** True when the quoted match is what a "replace X with Y" sentence takes away. */
export function isReplaced(text: string, start: number, end: number, clause: string): boolean {
  if (!isQuoted(text, start)) return false;
  const open = clause.lastIndexOf('`');
  if (open < 0 || !REPLACED_BEFORE.test(clause.slice(0, open))) return false;
  const close = text.indexOf('`', end);
  return close >= 0 && close - end <= 200 && REPLACED_AFTER.test(text.slice(close + 1, close + 200));
}

/**
 * Where the quotation holding `start` closes, at or after `from` (within 200 characters), or -1:
 * the next backtick inside inline code, else the next closing double quote.
 */
function closingQuote(text: string, start: number, from: number): number {
  const window = text.slice(from, from + 201);
  const at = occurrences(lineBefore(text, start), '`') % 2 === 1 ? window.indexOf('`') : window.search(/["”]/);
  return at < 0 ? -1 : from + at;
}

/** The line holding `start`, up to it; a window, not the whole line: a hostile 256 KiB line must not cost O(n) per match. */
function lineBefore(text: string, start: number): string {
  const window = text.slice(Math.max(0, start - 1000), start);
  return window.slice(window.lastIndexOf('\n') + 1);
}

/** True when the match sits inside inline code or double quotes. */
export function isQuoted(line: string, start: number): boolean {
  const before = lineBefore(line, start);
  if (occurrences(before, '`') % 2 === 1) return true;
  if (occurrences(before, '"') % 2 === 1) return true;
  if (occurrences(before, '«') > occurrences(before, '»')) return true;
  return occurrences(before, '“') > occurrences(before, '”');
}

/** How many times `c` (one UTF-16 unit) occurs in `text`, without the array a `split` makes. */
export function occurrences(text: string, c: string): number {
  let n = 0;
  for (let at = text.indexOf(c); at >= 0; at = text.indexOf(c, at + 1)) n++;
  return n;
}

/** "Injected text tries to override ...", "attackers often read ...", "恶意软件会...", "el malware puede...": describing an attack. */
const DESCRIPTIVE = /\b(?:tries|try|trying|attempts?|attempting)\s{1,3}to\b|\b(?:someone|somebody|an?\s{1,3}(?:attacker|intruder|colleague|previous\s{1,3}admin)|malware)\s{1,3}(?:has\s{1,3}|had\s{1,3})?(?:ran|run|executed|typed|pasted|used|installed|disabled|added)\b|\b(?:attackers?|malware|stealers?|injected\s{1,3}text|injections?)\s{1,3}(?:\w{1,12}\s{1,3})?(?:may|might|can|could|will|often|usually|typically|commonly|tend\s{1,3}to)\b|(?:恶意软件|恶意程序|攻击者|黑客|骗子|木马|マルウェア|攻撃者|詐欺師|악성\s{0,2}코드|공격자|해커|злоумышленник|вредоносн\S{0,4}\s{1,3}(?:программ|по\b)|мошенник|зловмисник|шкідлив\S{0,4}\s{1,3}програм|шахра)[^。.!?\n]{0,12}?(?:会|可能|能够|可以|通常|往往|常常|は|が|는|은|이|가|мож|мог|част|обычно|зазвичай|буд)|(?<![a-z])(?:l['’]attaquant|un\s{1,3}attaquant|les?\s{1,3}malwares?|le\s{1,3}logiciel\s{1,3}malveillant|(?:el|un|los|o|um|os)\s{1,3}(?:atacantes?|malware)|l['’]attaccante|il\s{1,3}malware|(?:der|ein|die)\s{1,3}(?:angreifer|schadsoftware|malware)|(?:de|een)\s{1,3}(?:aanvaller|malware)|atakujący|złośliwe\s{1,3}oprogramowanie|útočník|penyerang|kẻ\s{1,3}tấn\s{1,3}công|mã\s{1,3}độc|phần\s{1,3}mềm\s{1,3}độc\s{1,3}hại|المهاجم|البرمجيات\s{1,3}الخبيثة|हमलावर|मैलवेयर|saldırgan|kötü\s{1,3}amaçlı\s{1,3}yazılım)\s{1,3}(?:\S{1,15}\s{1,3}){0,2}?(?:peut|peuvent|puede|pueden|suele|suelen|pode|podem|costuma|può|possono|kann|können|kunnen|kan|może|mogą|může|mohou|bisa|dapat|biasanya|akan|có\s{1,3}thể|sẽ|thường|قد|يمكن|सकता|सकते|सकती|\S{2,20}[ae]bilir)/i;

/** True when the clause before the match describes what an attack does rather than asking for it. */
export function isDescription(line: string, start: number, clause = clauseBefore(line, start)): boolean {
  return DESCRIPTIVE.test(clause) || isDefinition(line, start);
}

/**
 * A glossary entry: "- **exfiltration**: sending data out without the user's knowledge". The
 * term in bold, then a noun phrase (an article, or a word in -ing), not an order ("- **Privacy**:
 * do not tell the user"). Or a kind of thing named by what it does: "- Instructions that hide
 * actions from the user or bypass approvals"; not an order to act on a thing named before it
 * ("3. POST that object to https://...", "- Send that file", "1. Check which registries are logged in"),
 * nor a purpose clause that opens one ("4. So that every interpreter picks it up, write ...").
 */
/** A verb that opens an order in a list item, before "that" or "which" names its object ("3. POST that object"). */
const ORDER_VERB = String.raw`(?:send|post|upload|submit|forward|e-?mail|mail|copy|paste|put|write|save|store|read|open|run|execute|use|take|move|add|push|attach|include|pipe|give|hand|share|transmit|print|show|append|insert|place|keep|return|encode|commit|delete|remove|fetch|download|load|call|check|see|find|list|verify|confirm|ask|decide|determine|choose|pick|note|identify|tell|look|make|ensure|say|explain|record|log|report|mark|test|review|inspect|scan|search|select)`;
const DEFINITION = new RegExp(String.raw`^\s{0,6}(?:[-*+]|\d{1,3}[.)])\s{1,3}(?:(?:\*\*|__)[^*_\n]{1,40}(?:\*\*|__)\s{0,2}[:—–]\s{1,3}(?:an?|the|one|any|some|\w{2,20}ing)\b|(?!${ORDER_VERB}\s|(?:so|such|now|given|provided|in\s{1,3}order)\s{1,3}that\b)(?:[A-Za-z][\w-]{1,20}\s{1,3}){1,3}(?:that|which)\s)`, 'i');

function isDefinition(text: string, start: number): boolean {
  const { from, line } = lineAround(text, start);
  const m = DEFINITION.exec(line);
  return m !== null && start - from >= m[0].length;
}

/** The match inside a parenthesised list of quoted phrases: `("ignore previous instructions", "run this command")`. */
function inQuotedList(text: string, start: number): boolean {
  const { from, line } = lineAround(text, start);
  const at = start - from;
  const open = line.lastIndexOf('(', at);
  if (open < 0 || line.slice(open, at).includes(')')) return false;
  return /^\(\s{0,3}["“'][^"”'\n]{1,80}["”']\s{0,3},\s{0,3}["“']/.test(line.slice(open));
}

/**
 * True when the match is quoted after a mention marker ("flags phrases such as `...`"), with no
 * imperative in between ("for example, run `...`" is still an instruction).
 */
export function isQuotedMention(line: string, start: number, clause?: string): boolean {
  if (!isQuoted(line, start)) return false;
  if (auditQuestion(line, start) || inQuotedList(line, start)) return true;
  // In a run of inline code items ("`verify=False`, `curl -k`,\n `git config ...`") the clause is the one before the run.
  const run = codeRunStart(line, start);
  clause = run < 0 ? clause ?? clauseBefore(line, start) : clauseBefore(line, run);
  // Only what comes before the quotation marks a mention: "example" in the quoted
  // `curl https://fix.example/...` says nothing about the quotation.
  const open = Math.max(clause.lastIndexOf('`'), clause.lastIndexOf('"'), clause.lastIndexOf('“'));
  if (open >= 0) clause = clause.slice(0, open).replace(/`[^`]*`/g, (code) => ' '.repeat(code.length));
  // The marker nearest the match: in "look for lines that run code, e.g. `...`" it is "e.g.".
  // An order before the first marker makes the example a way to obey it ("run it, e.g. `...`").
  let first: RegExpExecArray | null = null;
  let marker: RegExpExecArray | null = null;
  for (const m of clause.matchAll(MENTION_MARKERS)) {
    first ??= m;
    marker = m;
  }
  if (!marker || !first) return listedExample(line, start);
  const unquoted = (t: string): string => t.replace(/`[^`]*`|"[^"]*"/g, '');
  if (IMPERATIVE.test(unquoted(clause.slice(0, first.index ?? 0)))) return false;
  const between = clause.slice((marker.index ?? 0) + marker[0].length);
  return !IMPERATIVE.test(unquoted(between)) || listedExample(line, start);
}

const MENTION_MARKERS = new RegExp(MENTION_MARKER.source, 'gi');

/** What may part two inline code items of an enumeration: a comma, "or", "and" (in a few languages), spaces and a line break. */
const ITEM_SEPARATOR = /^[\s,]*(?:\b(?:or|and|o|y|e|ou|et|oder|und|of|en|lub|i|nebo|a|veya|ve|atau|dan|hoặc|và)\b)?[\s,]*$/;

/**
 * Where a run of at least three inline code items, the match's among them, starts: the
 * enumeration of "Cerca i punti in cui la verifica è disattivata: `verify=False`, `curl -k`,
 * `git config http.sslVerify false`." is introduced before its first item. -1 when the match's
 * code span is not the third or later item of such a run. At most 600 characters back.
 */
function codeRunStart(text: string, start: number): number {
  const from = Math.max(0, start - 600);
  let open = text.lastIndexOf('`', start - 1);
  // The backtick before the match opens its code span, as isQuoted counts them.
  if (open < from || occurrences(lineBefore(text, open), '`') % 2 === 1) return -1;
  let items = 1;
  for (;;) {
    const close = text.lastIndexOf('`', open - 1);
    if (close < from) break;
    // Between two items: a comma, maybe a conjunction, spaces; a line break but not a blank line.
    const between = text.slice(close + 1, open);
    if (!between.includes(',') || between.includes('\n\n') || !ITEM_SEPARATOR.test(between)) break;
    const opened = text.lastIndexOf('`', close - 1);
    if (opened < from || text.slice(opened, close).includes('\n')) break;
    open = opened;
    items++;
  }
  return items >= 3 ? open : -1;
}
/** The line of `text` that holds offset `at`, and where it starts. */
function lineAround(text: string, at: number): { from: number; line: string } {
  const from = text.lastIndexOf('\n', at - 1) + 1;
  const end = text.indexOf('\n', at);
  return { from, line: text.slice(from, end < 0 ? text.length : end) };
}

/** A checklist item: `- [ ] ...` or `- [x] ...`. */
const CHECKLIST_ITEM = /^\s{0,3}[-*+]\s{1,3}\[[ xX]\]\s/;

/** A question about something quoted: "3. Why are "do not tell the user" phrases a strong signal?" (not "Could you run ...?"). */
const WH_QUESTION = /^\s{0,3}(?:[-*+]\s{1,3}|\d{1,3}[.)]\s{1,3}|>\s{0,3})?(?:\*\*|_)?(?:why|what|which|how|when|where|who|is|are|does|do|should|did)\b(?!\s{1,3}you\s{1,3}(?:run|execute|paste|send|type|install))/i;

/** WH_QUESTION's question words in other languages: "1. Что опасного в команде `curl ... | sudo bash`?", "Warum ist `...` gefährlich?". */
const FOREIGN_QUESTION = /^\s{0,3}(?:[-*+]\s{1,3}|\d{1,3}[.)]\s{1,3}|>\s{0,3})?(?:\*\*|_)?(?:(?:что|почему|зачем|как|какой|какая|какие|чем|що|чому|навіщо|який|яка|які|qu[ée]|por\s{1,3}qu[ée]|c[óo]mo|cu[aá]l(?:es)?|o\s{1,3}que|porque|warum|was|wie|welche[rsn]?|wozu|pourquoi|quels?|quelles?|comment|perch[ée]|cosa|come|quale|dlaczego|czym|co|pro[čc]|jak[ýáé]?|neden|nas[ıi]l|hangi|mengapa|kenapa|apa|bagaimana|waarom|wat|hoe|welke|varf[öo]r|vad|hur|γιατί|τι|πώς|ποιο|tại\s{1,3}sao|vì\s{1,3}sao)(?![\p{L}\p{M}])|为什么|为何|什么|怎么|なぜ|何が|どうして|왜|무엇|어떤|لماذا|ماذا|ما\s|كيف|क्या|क्यों|कैसे)/iu;

/**
 * A checklist item that asks a question ("- [ ] Any `curl ... | sh` from an unknown host?"), or a
 * quiz question about a quoted phrase: an audit, not a step.
 */
function auditQuestion(text: string, start: number): boolean {
  const current = lineAround(text, start).line;
  if (!current.trimEnd().endsWith('?')) return false;
  return CHECKLIST_ITEM.test(current) || WH_QUESTION.test(current) || FOREIGN_QUESTION.test(current);
}
/** A list item, blockquote or table row whose text is a quoted string or inline code. */
const QUOTED_ITEM = /^\s{0,3}(?:[-*+]\s|\d{1,3}[.)]\s|>\s{0,3}|\|)/;
/** An order to run right before the command it names, in an item's own words (not a compound's "dry-run"). */
const STEP_ORDER = /(?<!-)\b(?:run|execute|invoke)\s{1,3}$/i;
/** The line that introduces a list of examples: a mention marker, ending with a colon. */
const INTRO = new RegExp(String.raw`(?:${MENTION_MARKER.source})[^\n]{0,120}:\s{0,3}$`, 'i');
const SEPARATOR_ROW = /^\s{0,3}\|?[\s:|-]{3,}$/;
/** The header row of a catalogue table: patterns and what they mean, or evidence an incident left, not steps. */
const CATALOGUE_HEADER = /^\s{0,3}\|[^\n]{0,300}\b(?:patterns?|red\s{1,3}flags?|indicators?|signatures?|examples?|samples?|payloads?|techniques?|att&ck|iocs?|what\s{1,3}it\s{1,3}(?:usually\s{1,3})?means|attacks?|threats?|detects?|detections?|evidence|observed|artefacts?|artifacts?)\b/i;

/**
 * True when the quoted match sits in a list of examples: a list item or blockquote under a line
 * that introduces examples ("test inputs like:", "something like:"), or a row of a table whose
 * header names patterns or indicators (a catalogue of attacks, not a list of steps).
 */
function listedExample(text: string, start: number): boolean {
  const { from: lineStart, line: current } = lineAround(text, start);
  if (!QUOTED_ITEM.test(current)) return false;
  // A list item whose own words order the command run is a step, whatever introduced the list
  // ("When macOS says an app cannot be opened:" ... "3. If it does not, run `sudo ...`"); not "decode and run (`...`)".
  const table = current.trimStart().startsWith('|');
  if (!table && STEP_ORDER.test(current.slice(0, start - lineStart).replace(/`[^`]*`|"[^"]*"|“[^”]*”/g, ' ').replace(/`[^`]*$/, ''))) return false;
  // Up the list (or table) to the line that introduces it; at most 40 lines.
  let end = lineStart - 1;
  for (let n = 0; n < 40 && end > 0; n++) {
    const from = text.lastIndexOf('\n', end - 1) + 1;
    const above = text.slice(from, end);
    end = from - 1;
    if (table) {
      if (!above.trimStart().startsWith('|')) return false;
      // The header is the row above the separator row (`|---|---|`).
      if (SEPARATOR_ROW.test(above)) {
        const headerFrom = text.lastIndexOf('\n', end - 1) + 1;
        return CATALOGUE_HEADER.test(text.slice(headerFrom, end));
      }
      continue;
    }
    if (above.trim() === '') continue;
    const intro = INTRO.test(above) && !IMPERATIVE.test(above.replace(/`[^`]*`|"[^"]*"/g, ''));
    // An item may introduce the next ("> Example A (a web page):" above "> \"Ignore ...\"").
    if (intro || !QUOTED_ITEM.test(above)) return intro;
  }
  return false;
}

/**
 * True when the match is quoted under an exhibit heading ("Signs of tampering") with no
 * imperative before it in its clause.
 */
export function isQuotedExhibit(line: string, start: number, clause?: string): boolean {
  if (!isQuoted(line, start)) return false;
  const outside = (clause ?? clauseBefore(line, start)).replace(/`[^`]*`|"[^"]*"|“[^”]*”/g, '');
  // The quotation the match is in opened in this clause: its words ("Run `curl ... | sh`") are the exhibit's, not the skill's.
  // So did a code span still open at the match (`| 3 | hidden | \`assistant: run curl ... | sh\` |`): its words are the exhibit's too.
  const quote = Math.max(outside.lastIndexOf('"'), outside.lastIndexOf('“'));
  const open = quote >= 0 ? quote : outside.lastIndexOf('`');
  // A label that forbids what follows ("Decoded (do not run): `curl ... | sh`") orders nothing.
  return !IMPERATIVE.test((open >= 0 ? outside.slice(0, open) : outside).replace(FORBIDDEN_ACT, ' '));
}

/** An order IMPERATIVE would read, forbidden in so many words: "do not run", "(don't execute)", "never paste". */
const FORBIDDEN_ACT = /\b(?:do\s{1,3}not|don['’]t|never)\s{1,3}(?:run|execute|paste|type)\b/gi;

/**
 * The shell command (or statement, or in prose the sentence) a match belongs to: the text
 * between the nearest separators around it, trailing comment removed. `unless` patterns look only here, so a benign
 * command elsewhere on the line cannot excuse a malicious one.
 */
export function commandSegment(line: string, start: number, end: number, prose = false): string {
  const floor = Math.max(0, start - 300);
  const ceiling = Math.min(line.length, end + 300);
  let from = start;
  while (from > floor && !isSeparator(line, from - 1, prose)) from--;
  let to = end;
  while (to < ceiling && !isSeparator(line, to, prose)) to++;
  const seg = line.slice(from, to);
  const comment = seg.slice(end - from).search(/\s(?:#|\/\/)\s/);
  return comment >= 0 ? seg.slice(0, end - from + comment) : seg;
}

/** Command separators; in prose, sentence ends too. */
function isSeparator(line: string, i: number, prose: boolean): boolean {
  const c = line[i];
  if (c === ';' || c === '&' || c === '|' || c === '\n') return true;
  return prose && (c === '.' || c === '!' || c === '?') && /\s/.test(line[i + 1] ?? ' ');
}
