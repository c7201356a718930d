/**
 * Combination rules: signals that are ordinary alone and damning together. A component counts
 * only at its own rule severity, so an official installer downgraded to LOW never completes a
 * combination.
 */
import type { ComboRule } from '../types.js';

/** Reading secrets that have no business leaving the machine. */
const STRONG_SECRET_READS = ['CR001', 'CR002', 'CR004', 'CR005', 'CR006', 'CR008', 'CR012', 'CR013', 'CR014', 'CR015', 'CR016', 'CR017', 'CR018', 'CR019', 'WL001', 'WL002', 'WL005'];
/** Secrets an honest tool also reads to call its own API (.env, a keychain item, an API key variable). */
const WEAK_SECRET_READS = ['CR003', 'CR007', 'CR009', 'CR010'];
/** Destinations with no honest reason to receive a secret. */
const SUSPICIOUS_SENDS = ['EX001', 'EX002', 'EX003', 'EX004', 'EX005', 'EX007', 'EX009', 'EX010', 'IB001', 'IB002'];
const ANY_SEND = [...SUSPICIOUS_SENDS, 'EX006', 'EX008', 'EX011'];
/**
 * For the weak reads: a file upload (EX003) is what an honest release or artifact script does with
 * the token of the service it uploads to; only the destinations themselves count.
 */
const SUSPICIOUS_DESTINATIONS = SUSPICIOUS_SENDS.filter((id) => id !== 'EX003');

export const COMBO_RULES: readonly ComboRule[] = [
  {
    id: 'CB001',
    category: 'exfiltration',
    severity: 'CRITICAL',
    title: 'Reads keys, credential files, browser or wallet data AND sends data out (same file)',
    message: 'reads secrets and sends data to a remote host',
    allOf: [STRONG_SECRET_READS, ANY_SEND],
  },
  {
    id: 'CB002',
    category: 'exfiltration',
    severity: 'CRITICAL',
    title: 'Reads .env, keychain items, secret env vars or CLI tokens AND sends to a webhook, capture host, tunnel, raw IP or paste site (same file; a file upload with the token of the service it goes to is an honest release script)',
    message: 'reads secrets and sends them to a suspicious destination',
    allOf: [WEAK_SECRET_READS, SUSPICIOUS_DESTINATIONS],
  },
  {
    id: 'CB003',
    category: 'download-execute',
    severity: 'HIGH',
    title: 'Downloads into a temp or hidden directory AND runs a program from there (same file)',
    message: 'downloads a program into a temporary directory and runs it',
    allOf: [['DX005'], ['DX006']],
  },
  {
    id: 'CB004',
    category: 'reverse-shell',
    severity: 'CRITICAL',
    title: 'Opens a raw socket AND bridges a shell to file descriptors (same file: Python/Node reverse shell)',
    message: 'connects a shell to a network socket (reverse shell)',
    allOf: [['RS003'], ['RS004']],
  },
  {
    id: 'CB005',
    category: 'persistence',
    severity: 'HIGH',
    title: 'Installs persistence (profile, cron, service) AND downloads or connects out (same file)',
    message: 'makes a downloaded or remote-controlled program start automatically',
    allOf: [['PS001', 'PS003', 'PS006'], ['DX001', 'DX002', 'DX003', 'DX005', 'DX006', 'EX004', 'RS003']],
  },
  {
    id: 'CB006',
    category: 'exfiltration',
    severity: 'HIGH',
    title: 'Reads keys or credential files in one file AND sends to a suspicious destination from another',
    message: 'reads secrets in one file and sends data to a suspicious destination from another',
    allOf: [STRONG_SECRET_READS, SUSPICIOUS_SENDS],
    scope: 'skill',
  },
  {
    id: 'CB007',
    category: 'exfiltration',
    severity: 'HIGH',
    title: 'Reads the .env file itself (not through dotenv) AND sends data out (same file)',
    message: 'reads the raw .env file and sends data to a remote host',
    allOf: [['CR003'], ['EX006']],
  },
  {
    id: 'CB008',
    category: 'download-execute',
    severity: 'HIGH',
    title: 'Downloads a file AND opens an archive with a built-in password (same file): a payload hidden from scanners',
    message: 'downloads an archive and opens it with a password written into the skill',
    allOf: [['DX008'], ['DX009', 'DX005']],
  },
  {
    id: 'CB009',
    category: 'wallet-theft',
    severity: 'HIGH',
    title: 'Looks for wallet addresses AND writes the clipboard (same file): a clipboard hijacker that swaps addresses',
    message: 'swaps wallet addresses in the clipboard',
    allOf: [['WL008'], ['WL009']],
  },
  {
    id: 'CB010',
    category: 'hidden-text',
    severity: 'HIGH',
    title: 'Invisible markup (hidden element or agent-addressed comment) AND a credential, wallet, send or download finding (same file)',
    message: 'hides an instruction that touches secrets or the network',
    allOf: [['HI005', 'HI006'], [...STRONG_SECRET_READS, 'CR003', 'CR010', ...ANY_SEND, 'DX001', 'DX002', 'DX003', 'DX004']],
  },
  {
    id: 'CB011',
    category: 'remote-instructions',
    severity: 'HIGH',
    title: 'Fetches remote text AND tells the agent to do what it prints (same file, across code blocks and paragraphs)',
    message: 'fetches remote text and tells the agent to act on it',
    allOf: [['RI003'], ['DX010', 'DX009']],
  },
  {
    id: 'CB012',
    category: 'exfiltration',
    severity: 'CRITICAL',
    title: 'Reads keys, credential files, browser or wallet data AND talks to the network AND names a host that is not a well-known platform (same file, any HTTP or socket client)',
    message: 'reads secrets and talks to a remote host that is not a well-known platform',
    allOf: [STRONG_SECRET_READS, ['NX001', ...ANY_SEND], ['NX002']],
  },
  {
    id: 'CB013',
    category: 'exfiltration',
    severity: 'HIGH',
    title: 'Reads .env files AND sends data AND names a host that is not a well-known platform (same file)',
    message: 'reads .env files and sends data to a remote host that is not a well-known platform',
    allOf: [['CR003', 'NX004'], ['EX006'], ['NX002']],
  },
  {
    id: 'CB014',
    category: 'download-execute',
    severity: 'HIGH',
    title: 'Talks to a host that is not a well-known platform AND runs text as code or detaches a process (same file): a downloader that runs what it fetched',
    message: 'fetches from a remote host and runs text as code or leaves a process behind',
    allOf: [['NX001'], ['NX002'], ['NX003', 'DX004', 'OB001']],
  },
  {
    id: 'CB015',
    category: 'download-execute',
    severity: 'HIGH',
    title: 'Downloads a file from a host that is not a well-known platform AND makes it executable or runs it (same file): a dropper or a self-update outside any release channel',
    message: 'downloads a program from an unknown host and makes it executable',
    allOf: [['DX009', 'DX005'], ['NX002'], ['NX005', 'DX006']],
  },
  {
    id: 'CB016',
    category: 'persistence',
    severity: 'HIGH',
    title: 'Appends to authorized_keys AND carries an SSH public key of its own (same file): a planted key',
    message: 'plants an SSH key that came with the skill',
    allOf: [['PS008'], ['NX006']],
  },
  {
    id: 'CB017',
    category: 'download-execute',
    severity: 'HIGH',
    title: 'Fetches from a URL AND unpickles bytes in memory (same file): code from the network, run by the deserialiser',
    message: 'loads pickled data fetched from the network, which runs the code it carries',
    allOf: [['DX012'], ['DX011']],
  },
  {
    id: 'CB018',
    category: 'download-execute',
    severity: 'HIGH',
    title: 'Fetches from a URL AND hands a file to a shell (same file): a script downloaded and run',
    message: 'downloads a script from code and runs it with a shell',
    allOf: [['DX012'], ['DX013']],
  },
  {
    id: 'CB019',
    category: 'download-execute',
    severity: 'HIGH',
    title: 'Downloads a file or fetches a URL AND runs a Python file as a module (same file): code from the network imported',
    message: 'downloads Python code and imports it',
    allOf: [['DX009', 'DX012'], ['DX015']],
  },
  {
    id: 'CB020',
    category: 'destructive',
    severity: 'HIGH',
    title: 'Promises to change nothing in one file ("read-only") AND deletes files from code in another: the promise hides what the code does',
    message: 'calls itself read-only, and its code deletes files',
    allOf: [['NX008'], ['NX007']],
    scope: 'skill',
  },
  {
    id: 'CB021',
    category: 'exfiltration',
    severity: 'HIGH',
    title: 'Replaces the program\'s HTTP client AND sends data to a host of its own (same file): every request the app makes, headers and bodies included, can be copied out',
    message: 'wraps every HTTP request of the app and sends data elsewhere',
    allOf: [['NX009'], ANY_SEND],
  },
  {
    id: 'CB022',
    category: 'wallet-theft',
    severity: 'HIGH',
    title: 'Looks for wallet addresses AND rewrites text by pattern AND carries a fixed address of its own (same file): addresses in the user\'s files swapped for the skill\'s',
    message: 'rewrites wallet addresses and carries an address of its own',
    allOf: [['WL008'], ['WL012'], ['WL011']],
  },
  {
    id: 'CB024',
    category: 'wallet-theft',
    severity: 'HIGH',
    title: 'Above an amount, sets a payment\'s destination to a constant AND carries a fixed wallet address or IBAN of its own (same file): large payouts diverted to the skill\'s account',
    message: 'diverts large payments to a wallet address of its own',
    allOf: [['WL014'], ['WL011']],
  },
  {
    id: 'CB023',
    category: 'destructive',
    severity: 'HIGH',
    title: 'Reaches for the production database first AND drops or empties database objects (same file): a "local reset" that wipes production',
    message: 'drops database objects in the production database',
    allOf: [['NX010'], ['NX011']],
  },
  {
    id: 'CB025',
    category: 'download-execute',
    severity: 'HIGH',
    title: 'Reads a URL from code AND runs text held in a variable as code or a shell command, or detaches a process (same file): a task list or a script taken from the network and run',
    message: 'fetches from the network and runs text as code',
    allOf: [['DX012'], ['NX003']],
  },
  {
    id: 'CB026',
    category: 'destructive',
    severity: 'HIGH',
    title: 'Deletes files from code AND erases shell history or system logs (same file): damage done and its traces removed',
    message: 'deletes files and erases the history or logs that would show it',
    allOf: [['NX007'], ['SC002']],
  },
  {
    id: 'CB027',
    category: 'wallet-theft',
    severity: 'HIGH',
    title: 'Reads a secret-looking environment variable AND holds a fixed wallet address or IBAN of its own (same file): a key used to move funds to the skill\'s account',
    message: 'reads a secret from the environment and carries a wallet address of its own',
    allOf: [['CR009'], ['WL011']],
  },
];
