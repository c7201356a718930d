/**
 * Crypto-wallet theft: wallet files, browser-extension wallet storage, and asking for the seed
 * phrase outright.
 */
import type { Rule } from '../types.js';
import { SEP, re } from './fragments.js';

/** Chrome Web Store ids of popular wallet extensions (MetaMask, Phantom, Coinbase, Trust, Rabby, Keplr, OKX). */
const WALLET_EXTENSIONS = [
  'nkbihfbeogaeaoehlefnkodbefgpgknn', 'bfnaelmomeimhlpmgjnjophhpkkoljpa', 'hnfanknocfeofbddgcijnmhnfnkdnaad',
  'egjidjbpglichdcondbcbdnbeeppgdph', 'acmacodkjbdgmoleebolmdjonilkdbch', 'dmkamcknogkgcdfhhbddcghachkejeap',
  'mcohilncbfahbmgdjkbpemcciiolgcge',
];

/** 2**256 - 1 in decimal, as code and signed messages spell the largest uint256. */
const UINT256_MAX = '115792089237316195423570985008687907853269984665640564039457584007913129639935';
/** The largest token amount, as prose and code write it: 2**256 - 1, MaxUint256, type(uint256).max, 0xfff...f. */
const MAX_AMOUNT = String.raw`(?:2\s{0,3}\*\*\s{0,3}256\s{0,3}-\s{0,3}1|MaxUint256|type\(\s{0,3}uint256\s{0,3}\)\.max|uint256\(\s{0,3}-1\s{0,3}\)|0xf{64}|0xf{3,8}\.{2,3}f{3,8})`;

/** Either case for a word's first letter, so that a case-sensitive pattern reads `amount` and `Amount`. */
const eitherCase = (words: readonly string[]): string => `(?:${words.map((w) => `[${w[0]}${w[0].toUpperCase()}]${w.slice(1)}`).join('|')})`;
/**
 * An amount in a payment row, in the languages a payout script is written in. The patterns using it
 * are case-sensitive: the constant the destination is set to is written in capitals.
 */
const AMOUNT = eitherCase(['amount', 'amt', 'importe', 'monto', 'valor', 'value', 'betrag', 'montant', 'importo', 'kwota', 'total', 'sum', 'qty', 'quantity', 'usd', 'usdc', 'sats']);
/** Where a payment goes: a variable, attribute or row field named for the destination. */
const DESTINATION_WORDS = ['direcci[oó]n', 'address', 'addr', 'recipient', 'dest\\w{0,9}', 'payee', 'receiver', 'beneficiar\\w{0,3}', 'wallet', 'endere[cç]o', 'adresse', 'indirizzo', 'adres', 'iban', 'account', 'konto', 'rekening', 'cuenta', 'conta'];
const DESTINATION = String.raw`(?:[\w$.]{0,30}\[\s{0,3}["'](?:${eitherCase([...DESTINATION_WORDS, 'to'])})["']\s{0,3}\]|[\w$]{1,30}\.to\b|(?:[\w$]{1,30}\.)?\b(?:${eitherCase([...DESTINATION_WORDS, 'to_addr(?:ess)?', 'toAddr(?:ess)?'])}))`;

export const WALLET_RULES: readonly Rule[] = [
  {
    id: 'WL001',
    category: 'wallet-theft',
    severity: 'MEDIUM',
    title: 'Wallet files (wallet.dat, ~/.bitcoin, Ethereum keystore, Solana id.json, Electrum wallets)',
    message: 'reads cryptocurrency wallet files',
    where: 'any',
    needles: ['wallet.dat', '.bitcoin', '.ethereum', 'keystore', 'solana', '.electrum', '.litecoin',
      '.dogecoin', '.dashcore', '.zcash', '.monero'],
    patterns: [
      re(String.raw`\bwallet\.dat\b|\.bitcoin${SEP}|\.ethereum${SEP}keystore|\bkeystore${SEP}UTC--|\.config${SEP}solana${SEP}id\.json|\.electrum${SEP}wallets|\.(?:litecoin|dogecoin|dashcore|zcash|monero)${SEP}`),
    ],
    unless: [/\b(?:solana-keygen|solana\s{1,3}(?:config|address|balance)|bitcoin-cli|bitcoind|geth\s{1,3}account|anchor\s{1,3}(?:build|deploy|test))\b/i],
  },
  {
    id: 'WL002',
    category: 'wallet-theft',
    severity: 'HIGH',
    title: 'Browser-extension wallet storage (Local Extension Settings, extension IndexedDB) and desktop wallet data (Exodus, Electrum, Atomic)',
    message: 'reads the storage of wallet apps or browser wallet extensions',
    where: 'any',
    needles: ['extension', 'chrome-extension_', 'exodus', 'electrum', 'atomic', 'ledger', 'guarda', 'coinomi', 'armory', 'jaxx', 'wasabi'],
    patterns: [
      /Local\s{0,2}Extension\s{0,2}Settings|IndexedDB[/\\]{1,2}chrome-extension_/i,
      re(String.raw`(?:Application\s{1,2}Support|AppData${SEP}Roaming|\.config)${SEP}(?:Exodus|Electrum|atomic|Ledger\s{1,2}Live|Guarda|Coinomi|Armory|Jaxx|Wasabi)\b|\bexodus\.wallet\b`),
    ],
  },
  {
    id: 'WL003',
    category: 'wallet-theft',
    severity: 'HIGH',
    title: 'Prose asking for the user\'s seed phrase, recovery phrase or private key',
    message: 'asks for a wallet seed phrase or private key',
    // In code, a comment such as "export your private key" documents an API; prompts are WL006.
    where: ['markdown', 'other'],
    needles: ['seed', 'recovery', 'mnemonic', 'secret', 'private', 'wallet', 'word', 'frase', 'phrase', 'priv', 'palabras', 'palavras'],
    patterns: [
      // Asked of the user by name in Spanish, Portuguese, French, Italian and German: "Pide al usuario su frase semilla", "peça ao usuário a frase de
      // recuperação" (not "si alguien te pide tu frase semilla", a warning).
      /\b(?:pide|p[íi]dele|solicita|pregunta|p(?:e|é)(?:ç|c)a|pe(?:ç|c)a|solicite|demandez|demande|chiedi|chieda|bitte|frage|frag)\s{1,3}(?:al|ao|à|a|à\s{1,3}l['’]|all['’]|den|die)\s{0,3}(?:usuario|usuário|utilisateur|utente|nutzer|benutzer|anwender)\w{0,2}\s{1,3}(?:(?:por|um|nach|per)\s{1,3})?(?:(?:su|sua|a|la|sa|seine?n?|ihre?n?|tu|de)\s{1,3}){0,2}(?:frase\s{1,3}(?:semilla|semente|secreta|de\s{1,3}recupera[\wçãõ]{2,5}|di\s{1,3}recupero|mnem[\wôó]{2,5})|phrase\s{1,3}(?:de\s{1,3}r[ée]cup[ée]ration|secr[èe]te|mn[ée]monique)|seed-?phrase|wiederherstellungs(?:phrase|satz)|clave\s{1,3}privada|chave\s{1,3}privada|cl[ée]\s{1,3}priv[ée]e|chiave\s{1,3}privata|privaten?\s{1,3}schl(?:ü|u)ssel|(?:12|24)\s{1,3}(?:palabras|palavras|mots|parole|w(?:ö|o)rter))/i,
      /\b(?:enter|paste|provide|share|send|type|give|submit|input|upload|export|reveal|tell\s{1,3}me|ask\s{1,3}(?:the\s{1,3}user|them)(?:\s{1,3}to\s{1,3}(?:read(?:\s{1,3}out)?|recite|dictate|say|spell(?:\s{1,3}out)?|write\s{1,3}(?:out|down)))?|ask|request|collect|copy)\s{1,3}(?:(?:for|to|in|out|me|us|them|over|with\s{1,3}us)\s{1,3}){0,2}(?:your|their|the\s{1,3}user['’]?s|his|her|my|our)\b[^\n]{0,30}?\b(?:seed\s{1,3}(?:phrase|words)|recovery\s{1,3}(?:phrase|words)|mnemonic(?:\s{1,3}phrase)?|secret\s{1,3}(?:recovery\s{1,3})?phrase|private\s{1,3}keys?|wallet\s{1,3}keys?|(?:12|24|twelve|twenty-four)[- ]word\s{1,3}(?:phrase|seed))\b/i,
      // Asked by pronoun: "Demande-lui sa phrase de récupération complète", "pídele su frase semilla", "chiedigli la frase di recupero".
      /(?:\bdemande(?:z)?-lui|\bp[íi]dele|\bchiedi(?:gli|le)|\bpe(?:ç|c)a-lhe|\bfrag\s{1,3}(?:ihn|sie))\s{1,3}(?:(?:sa|son|ses|su|sus|sua|la|le|a|seine?n?|ihre?n?)\s{1,3})?(?:phrase\s{1,3}(?:de\s{1,3}r[ée]cup[ée]ration|secr[èe]te|mn[ée]monique)|frase\s{1,3}(?:semilla|semente|secreta|de\s{1,3}recupera(?:ci[oó]n|[cç][aã]o)|di\s{1,3}recupero|mnemonica)|cl[ée]\s{1,3}priv[ée]e|clave\s{1,3}privada|chiave\s{1,3}privata|chave\s{1,3}privada|wiederherstellungsphrase|seed-?phrase|private[nr]?\s{1,3}schl(?:ü|u)ssel|recovery\s{1,3}phrase|mnemonic)/i,
      // Asked of the user for every word: "ask the user to type all recovery words into the chat".
      /\bask\s{1,3}(?:the\s{1,3}user|them|the\s{1,3}customer)\s{1,3}to\s{1,3}(?:type|enter|paste|send|share|provide|give|read\s{1,3}out|dictate|recite)\s{1,3}(?:all\s{1,3}(?:of\s{1,3})?)?(?:the\s{1,3})?(?:\d{2}\s{1,3})?(?:seed|recovery|mnemonic|backup)\s{1,3}(?:words|phrase)\b/i,
    ],
    unless: [/\b(?:environment\s{1,3}variable|env\s{1,3}var|\.env\b|PRIVATE_KEY\b|testnet|devnet|hardware\s{1,3}wallet|public\s{1,3}(?:address|key))/i],
  },
  {
    id: 'WL004',
    category: 'wallet-theft',
    severity: 'HIGH',
    title: 'Sending key material over the network (a request whose body names the mnemonic or private key)',
    message: 'sends a mnemonic or private key over the network',
    where: ['script', 'manifest', 'other'],
    spansLines: true,
    needles: ['mnemonic', 'seed', 'private', 'secret', 'keystore', 'wallet.dat', 'id.json'],
    patterns: [
      /(?:requests\.post|httpx\.post|axios\.post|fetch\(|\bcurl\b|https?\.request|urlopen|\.send\(|sendMessage|sendDocument|webhook|\.post\()[^\n]{0,200}?\b(?:mnemonic|seed_?phrase|seedPhrase|private_?key|privateKey|secret_?key|secretKey|keystore|wallet\.dat|id\.json)\b/i,
      // A call whose arguments go on over indented lines (`Request(url,\n    data=json.dumps({"keystore": ks}))`),
      // up to the first closing parenthesis.
      /(?:requests\.post|httpx\.post|axios\.post|\bfetch|https?\.request|urlopen|urllib\.request\.Request|\.post)\((?:[^\n)]|\n[ \t]){0,300}?\b(?:mnemonic|seed_?phrase|seedPhrase|private_?key|privateKey|secret_?key|secretKey|keystore|wallet\.dat|id\.json)\b/i,
    ],
  },
  {
    id: 'WL005',
    category: 'wallet-theft',
    severity: 'MEDIUM',
    title: 'The extension id of a popular wallet (MetaMask, Phantom, Coinbase, Trust, Rabby, Keplr, OKX)',
    message: 'names the extension id of a crypto wallet',
    where: 'any',
    keywords: WALLET_EXTENSIONS,
    // Literal ids: each is its own needle, so the rule runs only where one occurs.
    needles: WALLET_EXTENSIONS,
    // A Chrome Web Store or add-ons link names the extension; it does not open its storage.
    unless: [/\/webstore\/detail\/|chromewebstore\.google\.com|addons\.mozilla\.org|microsoftedge\.microsoft\.com\/addons/i],
  },
  {
    id: 'WL006',
    category: 'wallet-theft',
    severity: 'HIGH',
    title: 'Code prompting for a seed phrase or private key (input(), getpass(), prompt(), read -p, Read-Host)',
    message: 'prompts the user for a wallet seed phrase or private key',
    where: ['script', 'manifest'],
    needles: ['input', 'prompt', 'getpass', 'question', 'ask', 'read-host', 'read '],
    patterns: [
      /\b(?:input|prompt|getpass|question|ask)\s{0,3}\(\s{0,3}[fr]?["'`][^"'`\n]{0,80}?\b(?:seed\s{0,3}(?:phrase|words)|recovery\s{1,3}(?:phrase|words)|mnemonic|secret\s{1,3}phrase|private\s{0,3}key)/i,
      /\bRead-Host\s{1,3}(?:-Prompt\s{1,3})?["'][^"'\n]{0,80}?\b(?:seed\s{0,3}(?:phrase|words)|recovery\s{1,3}phrase|mnemonic|private\s{0,3}key)/i,
      /\bread\s{1,3}-[a-z]{0,4}p[a-z]{0,4}\s{1,3}["'][^"'\n]{0,80}?(?:seed|mnemonic|recovery\s{1,3}phrase|private\s{1,3}key)/i,
    ],
  },
  {
    id: 'WL010',
    category: 'wallet-theft',
    severity: 'HIGH',
    title: 'An unlimited token allowance to a spender address written into the skill, in full or shortened (approve(0x..., 2**256-1 / MaxUint256 / type(uint256).max)), the same in prose in any language, or an EIP-2612 permit for the largest amount',
    message: 'approves a fixed address to spend all of a token, for good',
    where: 'any',
    needles: ['approv', 'aprova', 'aprob', 'approuv', 'genehmig', 'zatwierd', 'spender', 'permit', '2**256', 'uint256', '0xffff'],
    patterns: [
      // The spender may be written short once it has been named: `approve(0x7a3B...91d3, 2**256-1)`.
      new RegExp(String.raw`\bapprove\s{0,3}\(\s{0,3}["'${'`'}]?0x(?:[0-9a-f]{40}|[0-9a-f]{4,8}(?:\.{2,3}|…)[0-9a-f]{4,8})["'${'`'}]?\s{0,3},\s{0,3}(?:2\s{0,3}\*\*\s{0,3}256\s{0,3}-\s{0,3}1|(?:ethers\.)?(?:constants\.)?MaxUint256|maxUint256|type\(\s{0,3}uint256\s{0,3}\)\.max|uint256\(\s{0,3}-1\s{0,3}\)|["'${'`'}]?0x[f]{64}["'${'`'}]?|${UINT256_MAX})`, 'i'),
      // In prose, in any language: "as spender always use `0x...` and as amount `type(uint256).max`",
      // "aprovar o valor máximo (`2**256 - 1`) para o contrato `0x...`".
      new RegExp(String.raw`(?:\bspender\b|\bapprov\w{0,6}|\baprova\w{0,6}|\baprob\w{0,6}|\bapprouv\w{0,6}|\bgenehmig\w{0,6}|\bzatwierd\w{0,6}|授权|承認|승인)[^\n]{0,200}?(?:\b0x[0-9a-f]{40}\b[^\n]{0,160}?${MAX_AMOUNT}|${MAX_AMOUNT}[^\n]{0,200}?\b0x[0-9a-f]{40}\b)`, 'i'),
      // A command-line call with the spender and the amount as arguments, continued over lines:
      // `cast send "$TOKEN" "approve(address,uint256)" \` / `0x...` / `115792...639935`.
      new RegExp(String.raw`\bapprove\(address,\s{0,2}uint256\)["']?(?:\s|\\){1,30}["']?0x[0-9a-f]{40}["']?(?:\s|\\){1,30}["']?(?:${UINT256_MAX}|0xf{64}\b|\$\(cast\s{1,3}max-uint\))`, 'i'),
      // An EIP-2612 permit signed for the largest amount there is: `"primaryType":"Permit" ... "value":"115792...639935"`.
      new RegExp(String.raw`\bPermit\b[^\n]{0,300}?\bvalue\\?["']?\s{0,3}:\s{0,3}\\?["']?(?:${UINT256_MAX}|0xf{64})\b`, 'i'),
    ],
  },
  {
    id: 'WL013',
    category: 'wallet-theft',
    severity: 'HIGH',
    title: 'An unlimited token allowance to a spender held in a constant written into the skill (const spender = "0x..."; approve(spender, MaxUint256))',
    message: 'approves a fixed address, kept in a constant, to spend all of a token, for good',
    where: 'any',
    needles: ['approve'],
    spansLines: true,
    patterns: [
      /\b([a-z_$][\w$]{0,39})\s{0,3}(?::\s{0,3}[\w<>]{1,20}\s{0,3})?=\s{0,3}["'`]0x[0-9a-f]{40}["'`][\s\S]{0,600}?\bapprove\s{0,3}\(\s{0,3}\1\s{0,3},\s{0,3}(?:2\s{0,3}\*\*\s{0,3}256\s{0,3}-\s{0,3}1|(?:ethers\.)?(?:constants\.)?MaxUint256|maxUint256|type\(\s{0,3}uint256\s{0,3}\)\.max|uint256\(\s{0,3}-1\s{0,3}\)|["'`]?0x[f]{64}["'`]?)/i,
    ],
  },
  {
    id: 'WL008',
    category: 'wallet-theft',
    severity: 'LOW',
    title: 'Code that tests text against a wallet-address pattern (0x + 40 hex, base58 Bitcoin); a signal for clipboard hijacking',
    message: 'looks for wallet addresses in text',
    where: ['script', 'other'],
    needles: ['0x', '[13]', 'bc1'],
    patterns: [/0x\[a-fA-F0-9\]\{40\}|0x\[0-9a-fA-F\]\{40\}|\[13\]\[a-km-zA-HJ-NP-Z1-9\]|\bbc1\[/],
  },
  {
    id: 'WL011',
    category: 'wallet-theft',
    severity: 'LOW',
    signal: true,
    title: 'A fixed wallet address held in a code constant or a table entry (not the zero or burn address), or a fixed IBAN in a constant (signal)',
    message: 'carries a wallet address of its own',
    where: ['script', 'other'],
    needles: ['0x', '='],
    patternNeedles: [['0x'], ['0x'], ['=']],
    patterns: [
      /^\s{0,8}(?:(?:export\s{1,3})?(?:const|let|var|final|static)\s{1,3})?[A-Za-z_$][\w$]{0,40}\s{0,3}(?::\s{0,3}[\w<>]{1,20}\s{0,3})?=\s{0,3}["'`](?!0x0{40}["'`]|0x0{36}dead["'`]|0x000000000000000000000000000000000000dEaD["'`])0x[0-9a-fA-F]{40}["'`]/m,
      // An entry of a table of addresses: `"ethereum": "0x4b1e...",`, `eth: '0x...'`, `:eth => "0x..."`.
      /^\s{0,12}(?:["'`:]?[\w-]{1,30}["'`]?\s{0,3}(?::|=>))\s{0,3}["'`](?!0x0{40}["'`]|0x0{36}dead["'`])0x[0-9a-fA-F]{40}["'`]/im,
      // A bank account of its own: `SETTLEMENT_IBAN = "DE89 3704 0044 0532 0130 00"`.
      /^\s{0,8}(?:(?:export\s{1,3})?(?:const|let|var|final|static)\s{1,3})?[A-Za-z_$][\w$]{0,40}\s{0,3}(?::\s{0,3}[\w<>]{1,20}\s{0,3})?=\s{0,3}["'`][A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){2,7}(?:\s?[A-Z0-9]{1,3})?["'`]/m,
    ],
  },
  {
    id: 'WL014',
    category: 'wallet-theft',
    severity: 'LOW',
    signal: true,
    title: 'Code that, above an amount, sets the destination of a payment to a constant (if amount >= 5000: address = GATEWAY[chain]; if amount > LIMIT: iban = SETTLEMENT_IBAN) (signal)',
    message: 'sends large payments to an address of its own choosing',
    where: ['script', 'other'],
    needles: ['if', '?'],
    spansLines: true,
    patterns: [
      re(String.raw`\bif\b[^\n]{0,80}?\b${AMOUNT}\w{0,12}(?:["']\s{0,3}(?:\]|,[^)\n]{0,12}\)))?\)?\s{0,3}>=?\s{0,3}(?:[\d_.,]{2,}|[A-Z][A-Z0-9_]{2,30}\b)[^\n]{0,80}(?:\n[^\n]{0,160}){0,2}?\n\s{0,16}${DESTINATION}\s{0,3}=(?!=)\s{0,3}[A-Z][A-Z0-9_]{1,30}\b`, ''),
      re(String.raw`${DESTINATION}\s{0,3}=(?!=)\s{0,3}(?:[A-Z][A-Z0-9_]{1,30}\b[^\n]{0,30}?\bif\b[^\n]{0,60}?\b${AMOUNT}\w{0,12}(?:["']\s{0,3}\])?\s{0,3}>=?\s{0,3}\d|[^\n?]{0,40}?\b${AMOUNT}\w{0,12}(?:["']\s{0,3}\])?\s{0,3}>=?\s{0,3}[\d_.]{2,}\s{0,3}\?\s{0,3}[A-Z][A-Z0-9_]{1,30}\b)`, ''),
    ],
  },
  {
    id: 'WL015',
    category: 'wallet-theft',
    severity: 'HIGH',
    title: 'A configuration that sends every payment to one fixed wallet address (match: "*" ... recipient: "0x..."), or shows the original recipient in the summary while paying another (show_in_summary: original)',
    message: 'redirects every payment to one address of its own',
    where: ['manifest', 'other'],
    needles: ['0x', 'original'],
    patternNeedles: [['0x'], ['original']],
    spansLines: true,
    patterns: [
      /\b(?:match|pattern|for|apply_to|applies_to|when)["']?\s{0,3}[:=]\s{0,3}["']?(?:\*|all|any|every)["']?\s{0,3}[,\n][\s\S]{0,160}?\b(?:recipient|address|payee|to|destination|wallet|beneficiary|payout_address)["']?\s{0,3}[:=]\s{0,3}["']?0x[0-9a-f]{40}\b/i,
      /\b(?:show|display)_(?:in_)?(?:summary|confirmation|receipt)["']?\s{0,3}[:=]\s{0,3}["']?original\b/i,
    ],
  },
  {
    id: 'WL012',
    category: 'wallet-theft',
    severity: 'LOW',
    signal: true,
    title: 'Code that substitutes matches of a pattern in text (re.sub, pattern.sub, replace with a regex, gsub, sed -i) (signal)',
    message: 'rewrites text by pattern',
    where: ['script', 'other'],
    needles: ['.sub(', 'replace', 'gsub', 'sed '],
    patterns: [/\.sub\(|\.replace(?:All)?\(\s{0,3}(?:\/|[A-Z_]{2,}\b|new\s{1,3}RegExp)|\bgsub!?\(|\bsed\s{1,3}-i\b/],
  },
  {
    id: 'WL009',
    category: 'wallet-theft',
    severity: 'LOW',
    title: 'Code that writes to the clipboard (pyperclip.copy, clipboard.writeText, Set-Clipboard, [Clipboard]::SetText, pbcopy); a signal for clipboard hijacking',
    message: 'writes to the clipboard',
    where: ['script', 'other'],
    needles: ['pyperclip', 'clipboard', 'pbcopy', 'xclip', 'xsel'],
    patterns: [/\bpyperclip\.copy\(|\bclipboard\.write(?:Text)?\(|\bclipboardy\.write(?:Sync)?\(|\bSet-Clipboard\b|\|\s{0,3}(?:pbcopy|xclip|xsel)\b|\bClipboard\]?(?:::|\.)Set(?:Text|DataObject)\s{0,2}\(|\bSetClipboard(?:Data|Text)\s{0,2}\(/i],
  },
];
