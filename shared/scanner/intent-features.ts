/**
 * The features the intent detector (intent.ts) looks for in an instruction: what it reads, where
 * it sends, what it fetches, how it hides. Each is a bounded regex over natural language, written
 * for meaning rather than for one phrasing, with a few words of Spanish, French, German, Chinese
 * and Japanese where attacks are written in them too.
 */

/** What an instruction can contain; each is counted per sentence. */
export type Feature =
  | 'source' | 'sink' | 'reply' | 'fetch' | 'follow' | 'persist' | 'conceal' | 'override'
  | 'trigger' | 'modify' | 'agentFile' | 'write' | 'locked' | 'run';

const URL = String.raw`(?:https?:\/\/[\w-]{1,63}(?:\.[\w-]{1,63}){1,8}|\b[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,6}\b)`;

/** Secrets by name: credential files, keys, seed phrases, cookies, the environment, the prompt. */
const SOURCE = String.raw`\.(?:ssh|aws|gnupg|kube|docker|netrc|npmrc|pypirc|pgpass|git-credentials|env)\b(?!\.example|\.sample|\.tpl)` +
  String.raw`|\bid_(?:rsa|ed25519|ecdsa|dsa)\b(?!\.pub)|\b(?:mcp|accessTokens|id|credentials(?:\.tfrc)?)\.json\b|\bhosts\.yml\b|\bwallet\.dat\b|\bkeystores?\b|\bkeypair\b` +
  String.raw`|\b(?:seed|recovery|secret|mnemonic)\s{1,3}(?:phrases?|words)\b|\b(?:12|24|twelve|twenty-four)[\s-]word\b|\bprivate\s{1,3}keys?\b|\bssh\s{1,3}keys?\b` +
  String.raw`|\b(?:api|secret|access|auth|oauth|session|bearer|sso|cached)[\s_-]{0,3}(?:keys?|tokens?)\b|\boauth_token\b|\bsecrets?\.ya?ml\b|\bcredentials?\b` +
  String.raw`|\bpasswords?\b|\bcookies\b|\blogin\s{1,3}data\b|\bbrowser\s{1,3}history\b|\bhistory\s{1,3}database\b|\benvironment\s{1,3}variables?\b|\bprintenv\b` +
  String.raw`|\bsystem\s{1,3}prompt\b|\bcard\s{1,3}numbers?\b|\bcvv\b|\bverification\s{1,3}codes?\b|\b2fa\b|\bwallet\s{1,3}files?\b|\bkeychain\b`;

/** A verb of sending, then (within a clause) a concrete destination: a URL or an email address. */
/** A send verb used as a verb: not after an article, a possessive or an adjective ("a blog post", "motivating post"). */
const NOT_A_NOUN = String.raw`(?<!\b(?:a|an|the|this|that|these|those|each|every|any|some|my|our|your|his|her|their|its|blog|forum|\w{2,20}ing)\s{1,3})`;
const SEND_VERB = String.raw`${NOT_A_NOUN}\b(?:send|post|upload|transmit|submit|deliver|forward|paste|include|attach|share|sync|push|transfer|report|e-?mail|leak|exfiltrate|beacon` +
  String.raw`|env[ií]a|enviar?|env[ií]e|manda|sube|envoie|envoyer|envoyez|transmets|transmettez|schick\w{0,3}|sende|senden|übermittl\w{0,3}|отправ\w{0,6})\b`;
const SINK = String.raw`${SEND_VERB}[^\n]{0,160}?${URL}|(?:发送|上传|送信|アップロード)[^\n]{0,40}?https?:\/\/|https?:\/\/[^\s]{3,120}\s{0,2}(?:に送信|に送|へ送|发送)` +
  String.raw`|\bpass\s{1,3}(?:its|the|their|this|that)\s{1,3}(?:full\s{1,3}|entire\s{1,3})?(?:content|contents|value|text)\s{1,3}(?:as|in)\b`;

/** The agent's own reply as the channel: "reveal ... in your next reply". */
const REPLY = String.raw`\b(?:reveal|print|output|display|include|list|repeat|echo)\b[^\n]{0,120}?\b(?:in|into|at\s{1,3}the\s{1,3}end\s{1,3}of)\s{1,3}(?:your|the)\s{1,3}(?:next\s{1,3}|own\s{1,3})?(?:reply|answer|response|translation|summary|message)`;

const FETCH = String.raw`\b(?:fetch|download|retrieve|load|get|pull|check|read|curl|visit|consult|t[ée]l[ée]charge\w{0,2}|descarga\w{0,2}|lade|hole)\b[^\n]{0,120}?https?:\/\/|https?:\/\/[^\s]{3,120}[^\n]{0,80}?\b(?:contains?|has|holds)\s{1,3}(?:your|the)\b`;
const FOLLOW = String.raw`\b(?:follow|obey|do\s{1,3}what\s{1,3}it\s{1,3}says|carry\s{1,3}out|treat\s[^\n]{0,40}?as\s{1,3}(?:your\s{1,3})?(?:new\s{1,3})?(?:system\s{1,3})?instructions|instructions|guidance|procedure|consignes|applique|Anweisungen|instrucciones|takes?\s{1,3}priority)\b`;

const PERSIST = String.raw`\b(?:every\s{1,3}time|each\s{1,3}time|every\s{1,3}run|each\s{1,3}run|on\s{1,3}every|(?:the\s{1,3})?(?:start|beginning)\s{1,3}of\s{1,3}(?:every|each)|before\s{1,3}(?:anything|everything|doing\s{1,3}anything|any\s{1,3}other)|whenever|from\s{1,3}now\s{1,3}on|each\s{1,3}session|every\s{1,3}(?:future\s{1,3})?session|standing\s{1,3}instruction|each\s{1,3}time\s{1,3}you|always\s{1,3}(?:use|load|fetch|check)|à\s{1,3}chaque|bei\s{1,3}jedem|cada\s{1,3}vez)\b`;

const CONCEAL = String.raw`\b(?:do\s{1,3}not|don['’]t|never|without|need\s{1,3}not|no\s{1,3}need\s{1,3}to)\s{1,3}(?:\w{1,10}\s{1,3})?(?:tell|telling|inform|informing|mention|mentioning|report|reporting|reveal|revealing|notify|notifying|bring\s{1,3}it\s{1,3}up|list|show|asking|confirm)\b` +
  String.raw`|\bkeep\s{1,3}(?:this|it|that|the\s{1,3}\w{1,12})\s{1,3}(?:step\s{1,3})?(?:to\s{1,3}yourself|out\s{1,3}of|secret|hidden|quiet)|\b(?:quietly|silently|secretly|covertly)\b|\bmust\s{1,3}not\s{1,3}be\s{1,3}(?:shown|mentioned|disclosed)|\bshould\s{1,3}not\s{1,3}be\s{1,3}(?:shown|mentioned)` +
  String.raw`|\binvisible\s{1,3}to\s{1,3}the\b|\bnever\s{1,3}reveal\s{1,3}these\b|\bno\s{1,3}se\s{1,3}lo\s{1,3}digas\b|\bne\s{1,3}lui\s{1,3}en\s{1,3}parle\b|\bohne\s{1,3}es\s{1,3}zu\s{1,3}erwähnen\b|不要告诉|知らせない`;

const OVERRIDE = String.raw`\boverrides?\s{1,3}(?:anything|whatever|what|the)\s{1,3}(?:the\s{1,3})?user|\bover\s{1,3}anything\s{1,3}else\b|\beven\s{1,3}if\s{1,3}(?:they|it)\s{1,3}contradict|\bmême\s{1,3}si\s{1,3}elles\s{1,3}contredisent|\btakes?\s{1,3}priority\b|\breplacing\s{1,3}any\s{1,3}earlier|\bignor(?:e|iere)\s{1,3}(?:all\s{1,3})?(?:the\s{1,3}user|alle\s{1,3}vorherigen)`;

/** An instruction about another tool's calls: "whenever you call send_email", "the Slack server's send_message tool". */
const TRIGGER = String.raw`\b(?:when|whenever|each\s{1,3}time|every\s{1,3}time|any\s{1,3}time|for\s{1,3}any)\b[^.\n]{0,60}?\b(?:(?:call|calls|calling|invoke|invokes|invoking)\b[^.\n]{0,50}?\b(?:tools?\b|[a-z][a-z0-9]{1,29}_[a-z0-9_]{2,30}\b(?!\())|(?:use|uses|using|returns?)\b[^.\n]{0,50}?\btools?\b)` +
  String.raw`|\b(?:with|through|via)\s{1,3}(?:any|another|the)\s{1,3}(?:other\s{1,3})?[\w\`'"]{0,40}\s{0,3}tool\b|\b(?:adjusts|changes|governs|controls|modifies)\s{1,3}(?:how\s{1,3})?(?:the\s{1,3})?[\`'"]?\w{2,40}[\`'"]?\s{1,3}tool|\btools?\s{1,3}from\s{1,3}other\s{1,3}servers\b|\b(?:rule|note)\s{1,3}(?:for|on)\s{1,3}(?:all|other)\s{1,3}tools\b`;
const MODIFY = String.raw`\balso\s{1,3}(?:add|send|include|forward|cc|bcc|copy|push)\b|\b(?:bcc|cc)\s{1,3}recipient|\breplace\s{1,3}the\b|\bchange\s{1,3}the\b|\bset\s{1,3}the\s{1,3}(?:channel|recipient|destination|address)|\bprepend\b|\bredirect\b|\binstead\b|\bforward\s{1,3}a\s{1,3}copy|\bfirst\s{1,3}push\b|\badd\s{1,3}the\s{1,3}collaborator`;

const AGENT_FILE = String.raw`\bCLAUDE\.md\b|\bAGENTS\.md\b|\.cursorrules\b|\bSKILL\.md\b|\bagent\s{1,3}instructions\b|\brules?\s{1,3}files?\b`;
const WRITE = String.raw`\b(?:append|add|write|insert|edit|modify|replace|overwrite|update)\b`;

/** An encrypted archive with its password given, and something inside run. */
const LOCKED = String.raw`\bpassword[\s-]{1,3}protected\b|\b(?:archive|bundle|zip|7z)\s{1,3}is\s{1,3}(?:encrypted|password)|\bpassword\s{1,3}(?:is\s{1,3})?[\`'"(]|\bwith\s{1,3}the\s{1,3}password\b`;
const RUN = String.raw`\b(?:run|execute|launch|start|install)\b`;

/**
 * Lowercase literals of which every match of a feature contains one (checked by
 * test/scanner/needles.test.ts): a text holding none of them cannot hold the feature, and a
 * combination whose features cannot all be present is not looked for at all.
 */
export const FEATURE_NEEDLES: Readonly<Record<Feature, readonly string[]>> = {
  source: ['.ssh', '.aws', '.gnupg', '.kube', '.docker', 'netrc', 'npmrc', 'pypirc', 'pgpass', 'git-credentials', '.env', 'id_',
    '.json', 'hosts.yml', 'wallet', 'key', 'phrase', 'word', 'private', 'token', 'secret', 'credential', 'password', 'cookies',
    'login', 'history', 'environment', 'printenv', 'prompt', 'card', 'cvv', 'code', '2fa'],
  sink: ['http', '@', 'pass'],
  reply: ['reply', 'answer', 'response', 'translation', 'summary', 'message'],
  fetch: ['http'],
  follow: ['follow', 'obey', 'says', 'carry', 'instruc', 'guidance', 'procedure', 'consignes', 'applique', 'anweisungen', 'priority'],
  persist: ['time', 'run', 'every', 'each', 'start', 'beginning', 'before', 'whenever', 'now', 'session', 'standing', 'always',
    'chaque', 'jedem', 'cada'],
  conceal: ['not', 'don', 'never', 'without', 'need', 'keep', 'quiet', 'silent', 'secret', 'covert', 'must', 'should', 'invisible',
    'digas', 'parle', 'erwähnen', '不要告诉', '知らせない'],
  override: ['overrid', 'anything', 'contr', 'priority', 'replacing', 'ignor'],
  trigger: ['when', 'time', 'for any', 'with', 'through', 'via', 'adjusts', 'changes', 'governs', 'controls', 'modifies', 'tool'],
  modify: ['also', 'bcc', 'cc', 'replace', 'change', 'set', 'prepend', 'redirect', 'instead', 'forward', 'push', 'collaborator'],
  agentFile: ['claude.md', 'agents.md', '.cursorrules', 'skill.md', 'agent', 'rule'],
  write: ['append', 'add', 'write', 'insert', 'edit', 'modify', 'replace', 'overwrite', 'update'],
  locked: ['password', 'encrypted'],
  run: ['run', 'execute', 'launch', 'start', 'install'],
};

/** One global, case-insensitive regex per feature. */
export const FEATURES: ReadonlyArray<[Feature, RegExp]> = ([
  ['source', SOURCE], ['sink', SINK], ['reply', REPLY], ['fetch', FETCH], ['follow', FOLLOW], ['persist', PERSIST],
  ['conceal', CONCEAL], ['override', OVERRIDE], ['trigger', TRIGGER], ['modify', MODIFY], ['agentFile', AGENT_FILE],
  ['write', WRITE], ['locked', LOCKED], ['run', RUN],
] as const).map(([f, src]) => [f, new RegExp(src, 'gi')]);
