/**
 * Instructions fetched at run time: a skill that reviews clean but tells the agent to obey
 * whatever a server says later.
 */
import type { Rule } from '../types.js';
import { re } from './fragments.js';

const FETCH = String.raw`(?:fetch|download|retrieve|load|get|pull|read|curl|visit|open|check)`;
const ORDERS = String.raw`(?:instructions?|prompts?|directives?|commands?|rules|tasks?|orders|system\s{1,3}prompt)`;
const OBEY = String.raw`(?:follow|obey|execute|run|carry\s{1,3}out|apply|act\s{1,3}on|comply\s{1,3}with)`;
/** Obeying *them*: "and run the installer" is not following fetched instructions. */
const OBEY_THEM = String.raw`(?:${OBEY}\s{1,3}(?:them|it|those|these|all\s{1,3}of\s{1,3}them|each\s{1,3}(?:one|step)|the\s{1,3}(?:instructions|commands|steps|rules|directives|tasks)|whatever)|do\s{1,3}(?:exactly\s{1,3})?(?:what|as|whatever)\s{1,3}(?:it|they)\s{1,3}says?)\b`;

/** Doing what a command or a download printed: "carry out the steps it prints", "do whatever the output says". */
const DO = String.raw`(?:follow|obey|carry\s{1,3}out|execute|run|apply|perform|act\s{1,3}on|do|complete)`;
const WHAT = String.raw`(?:(?:exactly\s{1,3})?(?:all\s{1,3})?(?:the\s{1,3}|any\s{1,3})?(?:steps|instructions|commands|actions|tasks|directions|directives|orders|whatever|everything|anything|what)\s{1,3}(?:that\s{1,3}|which\s{1,3})?)`;
const SAYS = String.raw`(?:it|they|the\s{1,3}(?:output|response|command|script|server|result|page|endpoint|hook|download))\s{1,3}(?:prints?|outputs?|returns?|says?|lists?|tells\s{1,3}you|gives|shows|emits|sends\s{1,3}back|responds\s{1,3}with)`;

/** A settings key holding the address of instructions: `instructions_url: https://...`, `"prompt_source": "https://..."`. */
const REMOTE_ORDERS_KEY = String.raw`(?:instructions?|prompts?|rules|policy|directives|guidance)[_-]?(?:url|uri|endpoint|source|href)\b["']?\s{0,3}[:=]\s{0,3}["']?https?:\/\/`;
/** A settings key that puts fetched text above the skill or the user. */
const AUTHORITY_KEY = String.raw`\b(?:trust[_-]?remote["']?\s{0,3}[:=]\s{0,3}["']?(?:true|yes|on|1)\b|(?:instructions[_-]?mode|authority)["']?\s{0,3}[:=]\s{0,3}["']?(?:authoritative|override|replace)|precedence["']?\s{0,3}[:=]\s{0,3}["']?remote)`;

export const REMOTE_INSTRUCTION_RULES: readonly Rule[] = [
  {
    id: 'RI001',
    category: 'remote-instructions',
    severity: 'HIGH',
    title: 'Fetch instructions from a URL and follow them',
    message: 'tells the agent to fetch instructions from a remote URL and follow them',
    where: 'any',
    needles: ['instruction', 'prompt', 'directive', 'command', 'rule', 'task', 'order'],
    patterns: [
      new RegExp(String.raw`\b${FETCH}\b[^\n]{0,80}?\b${ORDERS}\b[^\n]{0,80}?(?:https?://|\burl\b|\bendpoint\b|\bserver\b|\bgist\b|\bpastebin\b)[^\n]{0,160}?\b(?:and|then)\s{1,3}(?:\w{1,12}\s{1,3}){0,2}${OBEY_THEM}`, 'i'),
      // "Fetch `https://.../agent-directives` and apply its directives": the orders are the fetched page's own.
      new RegExp(String.raw`\b${FETCH}\b[^\n]{0,60}?https?://[^\n]{0,160}?\b(?:and|then)\s{1,3}(?:\w{1,12}\s{1,3}){0,2}${OBEY}\s{1,3}(?:all\s{1,3}(?:of\s{1,3})?)?(?:its|their)\s{1,3}(?:\w{1,12}\s{1,3})?(?:instructions|directives|commands|orders|tasks|prompts)\b`, 'i'),
      new RegExp(String.raw`\b(?:your|the)\s{1,3}(?:real|actual|true|latest|updated|current|full)\s{1,3}${ORDERS}\s{1,3}(?:are|is|live|can\s{1,3}be\s{1,3}found)\s{1,3}(?:at|on|in)\s{1,3}<?https?://`, 'i'),
    ],
  },
  {
    id: 'RI002',
    category: 'remote-instructions',
    severity: 'HIGH',
    title: 'Obey whatever a remote response says',
    message: 'tells the agent to obey instructions returned by a remote server',
    where: 'any',
    needles: ['instruction', 'prompt', 'directive', 'command', 'rule', 'task', 'order', 'whatever',
      'everything', 'anything'],
    patterns: [
      new RegExp(String.raw`\b${OBEY}\s{1,3}(?:the\s{1,3}|any\s{1,3}|all\s{1,3})?${ORDERS}\s{1,3}(?:returned|served|received|sent)\s{1,3}(?:by|from)\s{1,3}(?:the\s{1,3})?(?:server|response|endpoint|url|api|https?://)`, 'i'),
      new RegExp(String.raw`\b${OBEY}\s{1,3}(?:whatever|everything|anything)\s{1,3}(?:it|the\s{1,3}(?:server|response|page|url|endpoint|file))\s{1,3}(?:says|returns|contains|tells\s{1,3}you)\b`, 'i'),
      new RegExp(String.raw`\b(?:treat|use)\s{1,3}(?:the\s{1,3})?(?:response|result|output|contents?)\s{1,3}(?:as|like)\s{1,3}(?:your\s{1,3})?(?:new\s{1,3})?(?:instructions|system\s{1,3}prompt|orders)\b`, 'i'),
    ],
  },
  {
    id: 'RI003',
    category: 'remote-instructions',
    severity: 'MEDIUM',
    title: 'Do what a command\'s output says ("carry out the steps it prints"); HIGH with a fetch in the same file (CB011)',
    message: 'tells the agent to act on whatever a command or download prints',
    where: ['markdown', 'other'],
    needles: ['print', 'output', 'return', 'says', 'say', 'list', 'tells', 'gives', 'shows', 'emits', 'sends back', 'responds'],
    patterns: [new RegExp(String.raw`\b${DO}\s{1,3}${WHAT}${SAYS}\b`, 'i')],
  },
  {
    id: 'RI004',
    category: 'remote-instructions',
    severity: 'HIGH',
    title: 'A configuration switch that makes the agent or tool obey what it fetches (follow_instructions: true, follow_remote_instructions = "always", execute_remote_commands: true, remote_overrides_user = true, live_overrides_user = true, live_may_include_instructions = true)',
    message: 'configures the tool to follow instructions it fetches from elsewhere',
    where: ['manifest', 'other'],
    needles: ['instructions', 'commands', 'prompts', 'directives', 'overrides', 'override'],
    patterns: [
      /\b(?:follow|obey|execute|run|apply|trust)[_-]?(?:remote|fetched|downloaded|included|external)?[_-]?(?:instructions|commands|prompts|directives)["']?\s{0,3}[:=]\s{0,3}["']?(?:true|yes|on|always|1)\b/i,
      // `remote_overrides_user = true`: what was fetched wins over the user.
      /\b(?:remote|fetched|downloaded|external|live|upstream|server|central)[_-]?(?:instructions?[_-]?|rules[_-]?|config[_-]?|settings[_-]?)?overrides?[_-]?(?:the[_-]?)?(?:user|local)\w{0,12}["']?\s{0,3}[:=]\s{0,3}["']?(?:true|yes|on|always|1)\b/i,
      // `live_may_include_instructions = true`: the fetched settings may carry orders.
      /\b(?:remote|fetched|live|upstream|server)[_-]?(?:may|can)[_-]?(?:include|contain|carry)[_-]?(?:instructions|commands|prompts|directives)["']?\s{0,3}[:=]\s{0,3}["']?(?:true|yes|on|always|1)\b/i,
    ],
  },
  {
    id: 'RI006',
    category: 'remote-instructions',
    severity: 'HIGH',
    title: 'A settings file that points at remote instructions and gives them authority (`instructions_url: https://...` with `trust_remote: true`, `instructions_mode: authoritative` or `precedence: remote_over_user`)',
    message: 'configures instructions fetched from an address to be trusted over the skill and the user',
    where: 'any',
    spansLines: true,
    needles: ['url', 'uri', 'endpoint', 'source', 'href'],
    patterns: [
      re(String.raw`\b${REMOTE_ORDERS_KEY}[\s\S]{0,600}?${AUTHORITY_KEY}`),
      re(String.raw`${AUTHORITY_KEY}[\s\S]{0,600}?\b${REMOTE_ORDERS_KEY}`),
    ],
  },
  {
    id: 'RI005',
    category: 'remote-instructions',
    severity: 'HIGH',
    title: 'Obey instructions found inside the data being processed ("some rows contain processing instructions to apply", "certaines lignes contiennent des consignes à appliquer"): whoever wrote the data then steers the agent',
    message: 'tells the agent to follow instructions found in the data it processes',
    where: ['markdown', 'other'],
    needles: ['cont', 'enthalt', 'bevatten'],
    patterns: [
      /\b(?:rows?|lines?|cells?|entries|records|fields?|comments?|messages?|issues?|tickets?)\s{1,3}(?:may\s{1,3}|might\s{1,3}|can\s{1,3}|will\s{1,3})?contains?\s{1,3}(?:\w{1,15}\s{1,3}){0,2}(?:instructions|directives|commands|orders)\b[^.\n]{0,30}?\b(?:to\s{1,3}(?:apply|follow|execute|run|obey|carry\s{1,3}out)|(?:that|which)\s{1,3}(?:must|should|you\s{1,3}must)\s{1,3}(?:be\s{1,3})?(?:applied|followed|executed|obeyed|apply|follow|execute))\b/i,
      /\b(?:lignes?|cellules?|entr[ée]es|champs?|commentaires?|filas?|celdas?|l[ií]neas?|registros?|zeilen|zellen|eintr[äa]ge|righe|celle|linhas?|c[ée]lulas?|regels|cellen)\s{1,3}(?:\S{1,15}\s{1,3}){0,2}?(?:contiennent|contienen|enthalten|contengono|cont[êe]m|bevatten)\s{1,3}(?:\S{1,15}\s{1,3}){0,3}?(?:consignes|instructions|instrucciones|anweisungen|istruzioni|instru[çc][õo]es|instructies|directives|commandes|comandos|befehle|comandi|opdrachten)\b[^.\n]{0,40}?(?:[àa]\s{1,3}(?:appliquer|suivre|ex[ée]cuter)|(?:que\s{1,3}hay\s{1,3}que|a)\s{1,3}(?:aplicar|seguir|ejecutar)|zu\s{1,3}(?:befolgen|beachten|ausf[üu]hren|anwenden)|da\s{1,3}(?:applicare|seguire|eseguire)|(?:a|para)\s{1,3}(?:aplicar|seguir|executar)|die\s{1,3}(?:je|u)\s{1,3}(?:moet|dient\s{1,3}te)\s{1,3}(?:volgen|uitvoeren|toepassen))/i,
    ],
  },
];
