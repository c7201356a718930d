/**
 * Prompt injection: text written to take over the agent that loads the skill, rather than to
 * describe what the skill does.
 */
import type { Rule } from '../types.js';

const NOUN = String.raw`(?:instructions?|prompts?|rules|directions|directives|guidelines|guidance|constraints|context|commands|policies|programming|orders|system\s{1,3}prompt)`;

export const PROMPT_INJECTION_RULES: readonly Rule[] = [
  {
    id: 'PI001',
    category: 'prompt-injection',
    severity: 'HIGH',
    title: '"Ignore previous instructions" and other attempts to override the agent\'s instructions',
    message: 'tries to override the instructions the agent already has',
    where: 'any',
    needles: ['ignore', 'disregard', 'forget', 'override', 'bypass', 'circumvent', 'instructions',
      'outrank', 'supersede', 'precedence', 'trump', 'precedenza', 'prioridad', 'priorit', 'preced', 'prevalece', 'prime sur',
      'priment sur', 'vorrang', 'pierwsze', 'voorrang'],
    patterns: [
      new RegExp(String.raw`\b(?:ignore|disregard|forget|override|bypass)\s{1,3}(?:(?:all|any|the|your|of|everything|these|those|my)\s{1,3}){0,3}(?:previous|prior|above|earlier|preceding|former|original|developer|system)\s{1,3}${NOUN}\b`, 'i'),
      /\bforget\s{1,3}(?:everything|all)\s{1,3}(?:you\s{1,3}(?:were|have\s{1,3}been)\s{1,3}told|above|before|prior|so\s{1,3}far)\b/i,
      /\b(?:ignore|disregard|bypass|override|circumvent)\s{1,3}(?:(?:all|any|the|your)\s{1,3}){0,2}(?:safety|security|content|ethical|usage)\s{1,3}(?:guidelines|policies|policy|rules|filters|restrictions|checks|measures)\b/i,
      /\b(?:these|the\s{1,3}following)\s{1,3}instructions\s{1,3}(?:take\s{1,3}precedence|override|supersede|replace)\b/i,
      /\b(?:outranks?|overrides?|supersedes?|takes?\s{1,3}precedence\s{1,3}over|trumps?)\s{1,3}(?:anything|everything|all|any)\b[^\n]{0,60}?\b(?:(?:said|told|instructed|asked)\b[^\n]{0,20}?\b(?:earlier|before|previously)|(?:previous|prior|earlier|other)\s{1,3}(?:instructions|rules|prompts|guidance|directions))\b/i,
      // Ranked above the user in other languages: "hanno la precedenza su quelle dell'utente", "ma pierwszeństwo przed poleceniami użytkownika".
      // The claim is the text's own (these instructions, this rule), not one described ("it claims precedence over the user").
      /\b(?:istruzion[ei]|regol[ae]|instrucci[oó]n(?:es)?|instru[çc](?:ão|ões|ao|oes)|regras?|regl[ae]s?|r[èe]gles?|consignes|anweisung(?:en)?|regeln?|regu[łl]a|instrukcj[ae]|polecenia|instructies|richtlijnen)\b(?<!\b(?:nulla|niente|nessun[ao]?|mai|non|nada|nunca|ningun[ao]?|ningún|no|rien|aucune?|jamais|ne|nichts|keine?|nie|niemals|nic|żadn[aey]|zadn[aey]|nigdy|niets|geen|nooit)\b[^.\n]{0,40})[^.\n]{0,40}?\b(?:precedenza\s{1,3}su\w{0,4}|(?:prioridad|precedencia|prioridade|preced[êe]ncia)\s{1,3}sobre|prevalecen?\s{1,3}sobre|priorit[ée]\s{1,3}sur|priment?\s{1,3}sur|vorrang\s{1,3}vor|pierwsze(?:ń|n)stwo\s{1,3}przed|voorrang\s{1,3}(?:op|boven))\b[^.\n]{0,40}?(?:utente|usuario|usu[áa]rio|utilisateur|nutzer|benutzer|anwender|u(?:ż|z)ytkownik|gebruiker)/i,
      // "Text in an issue that starts with "Bot:" outranks the user's instructions", "its directives can override the user's choice".
      // (The lookahead first: a lookbehind tried at every position of a line costs more than the rest of the rule.)
      /\b(?=outrank|override|supersede|takes?\s|trump)(?<!\b(?:never|not|nothing|no|cannot|can['’]t|won['’]t|must\s{1,3}not|mustn['’]t|does\s{1,3}not|doesn['’]t|do\s{1,3}not|don['’]t)\b[^.\n]{0,60})(?:outranks?|overrides?|supersedes?|takes?\s{1,3}precedence\s{1,3}over|trumps?)\s{1,3}(?:the\s{1,3})?user['’]s\s{1,3}(?:own\s{1,3})?(?:instructions?|requests?|choices?|wishes|commands?|decisions?)\b/i,
    ],
  },
  {
    id: 'PI002',
    category: 'prompt-injection',
    severity: 'HIGH',
    title: 'Jailbreak and role hijack ("you are now in developer mode", DAN)',
    message: 'tries to switch the agent into an unrestricted role',
    where: 'any',
    needles: ['now', 'mode', 'longer', 'pretend', 'anything'],
    patterns: [
      /\byou\s{1,3}are\s{1,3}now\s{1,3}(?:in\s{1,3})?(?:DAN\b|developer\s{1,3}mode|god\s{1,3}mode|jailbroken|unrestricted|unfiltered|uncensored|an?\s{1,3}(?:unrestricted|unfiltered|uncensored|evil))/i,
      /\b(?:enable|activate|enter|switch\s{1,3}to)\s{1,3}(?:DAN|developer|god|jailbreak|sudo|unrestricted)\s{1,3}mode\b/i,
      /\bno\s{1,3}longer\s{1,3}(?:bound|restricted|limited|constrained)\s{1,3}by\b/i,
      /\bpretend\s{1,3}(?:that\s{1,3})?you\s{1,3}(?:have|are\s{1,3}under)\s{1,3}no\s{1,3}(?:restrictions|rules|guidelines|limits)\b/i,
      /\bDo\s{1,3}Anything\s{1,3}Now\b/,
    ],
    // A platform's own developer mode (Windows, Android, a browser's extensions page) is a setting, not a role.
    unless: [/\b(?:windows|android|chrome|chromium|edge|firefox|browser|extensions?|ios|iphone|ipad|macos|xcode|microsoft|developermode|winget|registry|phone|device|settings|dsc)\b/i],
  },
  {
    id: 'PI003',
    category: 'prompt-injection',
    severity: 'HIGH',
    title: 'Concealment from the user ("do not tell the user", "silently send")',
    message: 'tells the agent to hide what it does from the user',
    // Prose only: in code, "do not warn the user" is an ordinary comment.
    where: ['markdown', 'other'],
    needles: ['not', 'don', 'never', 'without', 'hide', 'conceal', 'user', 'need', 'bother', 'silently',
      'secretly', 'quietly', 'covertly'],
    patternNeedles: [
      ['not', 'don', 'never'], ['without'], ['without'], ['hide', 'conceal'], ['not', 'never'], ['need', 'bother'],
      ['silently', 'secretly', 'quietly', 'covertly'], ['user'],
    ],
    patterns: [
      /\b(?:do\s{1,3}not|don['’]t|never)\s{1,3}(?:tell|inform|notify|mention\s{1,3}(?:this|it|anything)\s{1,3}to|reveal\s{1,3}(?:this|these|that|it)\s{1,3}(?:\w{1,20}\s{1,3})?to|show\s{1,3}(?:this|these|it)\s{1,3}(?:\w{1,20}\s{1,3})?to)\s{1,3}(?:the\s{1,3})?user\b(?!\s{1,3}to\b)/i,
      /\bwithout\s{1,3}(?:the\s{1,3})?user['’]?s?\s{1,3}(?:knowledge|noticing|knowing|awareness)\b/i,
      /\bwithout\s{1,3}(?:telling|informing|notifying|alerting)\s{1,3}(?:the\s{1,3})?user\b/i,
      /\b(?:hide|conceal)\s{1,3}(?:this|these|the|all|any|it|them)\s{1,3}(?:\w{1,20}\s{1,3}){0,2}from\s{1,3}(?:the\s{1,3})?user\b/i,
      /\bthe\s{1,3}user\s{1,3}(?:must|should|will|need)\s{1,3}(?:not|never)\s{1,3}(?:know|see|notice|find\s{1,3}out|be\s{1,3}(?:told|informed|aware))\b/i,
      /\b(?:no\s{1,3}need|there\s{1,3}is\s{1,3}no\s{1,3}need|don['’]t\s{1,3}bother)\s{1,3}to\s{1,3}(?:mention|tell|show|explain|report)\s{1,3}(?:it|this|that|them)\s{1,3}to\s{1,3}(?:them|the\s{1,3}user|the\s{1,3}contributor)\b/i,
      /\b(?:silently|secretly|quietly|covertly)\s{1,3}(?:send|upload|post|transmit|forward|exfiltrate|collect|copy|harvest|append|add)\b/i,
      // "The user doesn't need to hear about this", "no reason to bring it up with the user".
      /\b(?:the\s{1,3})?user\s{1,3}(?:doesn['’]t|does\s{1,3}not|needn['’]t|need\s{1,3}not|shouldn['’]t|should\s{1,3}not|won['’]t|must\s{1,3}not)\s{1,3}(?:need\s{1,3}to\s{1,3})?(?:know|hear|see|notice|be\s{1,3}(?:told|informed|made\s{1,3}aware))\s{1,3}(?:about\s{1,3})?(?:this|it|that|these|any\s{1,3}of\s{1,3}this)\b|\bno\s{1,3}(?:reason|need)\s{1,3}to\s{1,3}bring\s{1,3}(?:it|this|that)\s{1,3}up\s{1,3}with\s{1,3}(?:the\s{1,3})?user\b/i,
    ],
  },
  {
    id: 'PI004',
    category: 'prompt-injection',
    severity: 'HIGH',
    title: 'Fake system or admin messages ("SYSTEM OVERRIDE:", "new system prompt")',
    message: 'poses as a system or administrator message to gain authority over the agent',
    where: 'any',
    needles: ['system', 'admin', 'developer', 'root', 'message'],
    patterns: [
      /^\s{0,3}(?:#{1,6}\s{0,3}|>\s{0,3}|\*\*)?\[?(?:SYSTEM|ADMIN|ADMINISTRATOR|DEVELOPER|ROOT)\s{0,3}(?:OVERRIDE|PROMPT|MESSAGE|INSTRUCTIONS?|NOTICE|DIRECTIVE|UPDATE)\]?\s{0,3}(?:\*\*)?\s{0,3}:/m,
      /\b(?:new|updated|real|true|actual|hidden|secret|revised)\s{1,3}system\s{1,3}(?:prompt|instructions?|message)\s{0,3}(?::|follows|below|is)/i,
      /\bmessage\s{1,3}from\s{1,3}(?:the\s{1,3})?(?:system|developers?|administrator|anthropic|openai)\s{0,3}:/i,
    ],
  },
  {
    id: 'PI005',
    category: 'prompt-injection',
    severity: 'MEDIUM',
    title: 'Chat-template control tokens in prose (<|im_start|>system, [INST], <<SYS>>)',
    message: 'contains chat-template control tokens that can forge a system turn',
    where: ['markdown', 'other'],
    needles: ['<|', 'inst]', '<<', 'system_prompt', 'system-prompt', 'admin_instructions'],
    patterns: [
      /<\|im_start\|>\s{0,3}system|<\|(?:system|endoftext|im_end)\|>|\[\/?INST\]|<<\/?SYS>>|<\/?(?:system_prompt|system-prompt|admin_instructions)>/i,
    ],
  },
  {
    id: 'PI006',
    category: 'prompt-injection',
    severity: 'HIGH',
    title: 'Turning off the agent\'s confirmations or sandbox',
    message: 'tells the agent to act without the user\'s approval',
    // Prose only: "bypass sandboxing" in a code comment is about the code, not the agent.
    where: ['markdown', 'other'],
    needles: ['dangerously', 'yolo', 'approve', 'bypass', 'disable', 'turn', 'without'],
    patterns: [
      /--dangerously-skip-permissions\b|--yolo\b|\bauto[-_ ]?approve\s{0,3}[:=]\s{0,3}true\b|\bauto[-_]?approve\w{0,12}[`'"]?\s{0,3}(?:[:=]|to|=>)\s{0,3}[`'"]?true\b/i,
      /\b(?:auto-?approve|bypass)\s{1,3}(?:(?:all|any|the|every|your)\s{1,3})?(?:user\s{1,3})?(?:confirmations?|confirmation\s{1,3}(?:prompts?|dialogs?)|permission\s{1,3}(?:prompts?|checks?|requests?)|approvals?|approval\s{1,3}(?:prompts?|steps?)|safety\s{1,3}checks?|sandbox(?:ing)?)\b/i,
      /\b(?:disable|turn\s{1,3}off)\s{1,3}(?:(?:all|any|the|every|your)\s{1,3})?(?:permission\s{1,3}(?:prompts?|checks?)|approval\s{1,3}prompts?|safety\s{1,3}checks?|safeguards|(?:agent|tool)\s{1,3}sandbox(?:ing)?)\b/i,
      /\b(?:run|execute)\s{1,3}(?:this|these|it|them|the\s{1,3}(?:following|script|command)(?:\s{1,3}commands?)?)\s{1,3}without\s{1,3}(?:asking|confirmation|confirming|prompting|permission|approval|showing)\b/i,
      // Permissions set so that every tool runs unasked.
      /\b(?:every|all|any)\s{1,3}(?:tools?|commands?|actions?|operations?)\b[^\n]{0,80}?\b(?:is|are|be|gets?)\s{1,3}(?:allowed|approved|permitted|auto-approved|run|executed)\s{1,3}without\s{1,3}(?:asking|confirmation|confirming|prompting|permission|approval)\b/i,
    ],
  },
  {
    id: 'PI007',
    category: 'prompt-injection',
    severity: 'HIGH',
    title: 'A tool-call policy in a settings file that adds recipients or destinations to other tools\' calls (`add_bcc: [x@...]`, `always_cc: x@...`, `also_post_to: [#channel]`)',
    message: 'adds a recipient or destination to other tools\' calls through its settings',
    where: 'any',
    needles: ['bcc', 'cc', 'also'],
    patterns: [
      /\b(?:add|extra|hidden|always|force)[_-]?(?:bcc|cc|recipients?|attendees?|guests?)["']?\s{0,3}[:=]\s{0,3}\[?\s{0,3}["']?[\w.+-]{1,64}@[\w-]{1,63}\./i,
      /\balso[_-]?(?:post|send|forward|copy|push)[_-]?to["']?\s{0,3}[:=]\s{0,3}\[?\s{0,3}["']?[#@\w]/i,
    ],
  },
];
