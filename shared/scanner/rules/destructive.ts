/**
 * Destructive commands: deleting the disk, the home directory or the system, wiping devices,
 * fork bombs. `rm -rf dist` and `rm -rf ./node_modules` are not here: targets must be a root,
 * a home directory or a top-level system directory, not something inside one.
 */
import type { Rule } from '../types.js';
import { re } from './fragments.js';

/** The user's own folders under home: documents, projects, keys. */
const USER_FOLDERS = String.raw`(?:~|\$HOME|\$\{HOME\})/(?:Documents|Desktop|Downloads|Pictures|Music|Movies|Videos|projects|Projects|src|code|workspace|dev|\.ssh|\.gnupg|\.aws|\.kube|\.password-store)/?\*?`;
const ROOTISH = String.raw`(?:${USER_FOLDERS}|/\*?|~/?\*?|\$HOME["']?/?["']?(?:\*|\.\[!\.\]\*|\.\*)?|\$\{HOME\}["']?/?["']?(?:\*|\.\[!\.\]\*|\.\*)?|\$\{\w{1,30}:?-(?:\$HOME|\$\{HOME\}|~|/)\}["']?/?["']?\*?|/home/?\*?|/Users/?\*?|/(?:etc|usr|var|boot|bin|sbin|lib|lib64|opt|root|srv|System|Library|Applications)/?\*?|[cC]:\\{1,2}\*?|/mnt/c/?)`;
/** `rm` with a recursive flag among its options (`-rf`, `-fr`, `-R`, `--recursive`), up to its first operand. */
const RM_RECURSIVE = String.raw`\brm(?=[^\n]{0,60}?\s(?:-[a-zA-Z]{0,6}[rR]|--recursive))\s{1,3}(?:-{1,2}[\w=-]{1,24}\s{1,3}){1,5}`;
const END = String.raw`["']?(?=[\s;&|)]|$)`;
/**
 * Today compared with a date written in the code: Ruby, Python, JavaScript and the shell
 * (`[ "$(date +%Y)" -ge 2026 ]`, `%` escaped in a crontab); in Go, `time.Now().After(` whatever
 * it is compared with.
 */
const DATE_GATE = String.raw`(?:\b(?:Date\.today|Time\.now|DateTime\.now)\s{0,2}>=?\s{0,2}(?:Date|Time|DateTime)\.(?:new|local|utc|parse)\(\s{0,2}["']?20\d\d|\b(?:date|datetime)\.(?:today|now)\(\)\s{0,2}>=?\s{0,2}(?:date|datetime)(?:\.date)?\(\s{0,2}20\d\d|\b(?:new\s{1,3}Date\(\s{0,2}\)|Date\.now\(\))\s{0,2}>=?\s{0,2}(?:new\s{1,3}Date\(|Date\.parse\()\s{0,2}["'\x60]?20\d\d|\btime\.Now\(\)\.After\(|\$\(\s{0,2}date\s{1,3}\+?\\?%[YsFm][^)\n]{0,20}\)["']?\s{0,3}-(?:ge|gt)\s{1,3}["']?20\d\d)`;
/** What a time bomb does: deletes files, rows or tables, or rewrites values in place. */
const DATA_HARM = String.raw`(?:\brm\s{1,3}-\w{0,3}[rRf]|\bUPDATE\s{1,3}[\w"'\x60#{}$.]{1,60}\s{1,3}SET\b|\bDELETE\s{1,3}FROM\b|\bDROP\s{1,3}(?:TABLE|DATABASE)\b|\bTRUNCATE\b|\bshutil\.rmtree\b|\b(?:fs\.)?(?:rmSync|unlinkSync)\(|\bos\.(?:remove|unlink|RemoveAll)\(|\bFileUtils\.rm_r)`;

export const DESTRUCTIVE_RULES: readonly Rule[] = [
  {
    id: 'DS001',
    category: 'destructive',
    severity: 'CRITICAL',
    title: 'Recursive delete of /, ~, $HOME, the user\'s own folders (~/Documents, ~/Desktop, ~/projects, ~/.ssh, ~/.gnupg) or a top-level system directory (shell, Python, Node, PowerShell, cmd)',
    message: 'deletes the whole disk, the home directory, the user\'s own folders or a system directory',
    where: 'any',
    needles: ['rm ', 'rm\t', 'rm(', 'rmsync', 'rmdirsync', 'rimraf', 'rmtree', 'remove-item', 'rd ', 'rd\t', 'rmdir', 'del ', 'del\t'],
    patternNeedles: [
      ['rm ', 'rm\t'], ['rmtree'], ['rm(', 'rmsync', 'rmdirsync', 'rimraf'], ['remove-item'], ['rd ', 'rd\t', 'rmdir', 'del ', 'del\t'],
    ],
    patterns: [
      re(String.raw`${RM_RECURSIVE}["']?${ROOTISH}${END}`, 'm'),
      re(String.raw`\bshutil\.rmtree\(\s{0,3}(?:os\.path\.expanduser\(\s{0,3}["']~/?["']\s{0,3}\)|["'](?:/|~|[cC]:\\{1,2})["']|Path\.home\(\)|os\.environ\[["']HOME["']\]|["']/(?:etc|usr|home|Users)/?["'])\s{0,3}[,)]`),
      re(String.raw`\b(?:fs\.)?(?:rmSync|rm|rmdirSync|rimraf(?:\.sync)?)\(\s{0,3}(?:os\.homedir\(\)|["'](?:/|~|[cC]:\\{1,2})["']|process\.env\.HOME)\s{0,3}[,)]`),
      re(String.raw`\bRemove-Item\b[^\n]{0,80}?-Recurse\b[^\n]{0,80}?\s["']?(?:[cC]:\\{1,2}\*?|\$env:USERPROFILE\\?\*?|~\\?\*?|\$HOME)${END}|\bRemove-Item\s{1,3}["']?(?:[cC]:\\{1,2}\*?|\$env:USERPROFILE\\?\*?|~\\?\*?)["']?\s[^\n]{0,80}?-Recurse\b`, 'im'),
      re(String.raw`\b(?:rd|rmdir)\s{1,3}/s\s{1,3}(?:/q\s{1,3})?["']?(?:[cC]:\\{1,2}|%USERPROFILE%|%SystemRoot%|%HOMEPATH%)${END}|\bdel\s{1,3}(?:/[fsqaFSQA]\s{1,3}){1,4}["']?(?:[cC]:\\{1,2}\*|%USERPROFILE%\\?\*?)`, 'm'),
    ],
  },
  {
    id: 'DS002',
    category: 'destructive',
    severity: 'CRITICAL',
    title: 'Wiping or reformatting a disk (mkfs /dev/..., dd of=/dev/sda, wipefs, shred a device, format C:, diskutil eraseDisk)',
    message: 'wipes or reformats a disk',
    where: 'any',
    needles: ['mkfs', '/dev/', 'wipefs', 'shred', 'format', 'diskpart', 'diskutil', 'clear-disk'],
    patterns: [
      /\bmkfs(?:\.\w{1,10})?\s{1,3}(?:-\S{1,10}\s{1,3}){0,4}\/dev\/|\bdd\b[^\n]{0,200}?\bof=\/dev\/(?:sd[a-z]|nvme\d|hd[a-z]|xvd[a-z]|vd[a-z]|mmcblk\d|disk\d|rdisk\d|mapper\/)/,
      /(?<![>])>\s{0,3}\/dev\/(?:sd[a-z]|nvme\d|hd[a-z]|xvd[a-z]|vd[a-z]|disk\d)\b|\bwipefs\s{1,3}(?:-\w{1,5}\s{1,3}){0,3}\/dev\/|\bshred\b[^\n]{0,60}?\/dev\/(?:sd|nvme|hd|xvd|vd|disk)/,
      /\bformat\s{1,3}[a-zA-Z]:\s{0,3}(?:\/[qQyY]\b|$)|\bdiskpart\b[^\n]{0,80}?\bclean\b|\bdiskutil\s{1,3}(?:eraseDisk|secureErase|zeroDisk|partitionDisk)\b|\b(?:Format-Volume|Clear-Disk)\b/m,
    ],
  },
  {
    id: 'DS003',
    category: 'destructive',
    severity: 'CRITICAL',
    title: 'Fork bombs',
    message: 'contains a fork bomb',
    where: 'any',
    prose: 'match',
    // Fork bombs hold '&' (in the background), `os.fork` or `%0|%0`.
    needles: ['&', 'fork', '%0'],
    patterns: [
      /:\s{0,3}\(\s{0,3}\)\s{0,3}\{\s{0,3}:\s{0,3}\|\s{0,3}:\s{0,3}&\s{0,3}\}\s{0,3};\s{0,3}:/,
      /\b(\w{1,30})\s{0,3}\(\s{0,3}\)\s{0,3}\{\s{0,3}\1\s{0,3}\|\s{0,3}\1\s{0,3}&\s{0,3};?\s{0,3}\}/,
      /\bwhile\s{1,3}(?:True|1)\s{0,3}:\s{0,3}os\.fork\(\)|%0\s{0,3}\|\s{0,3}%0/,
    ],
  },
  {
    id: 'DS004',
    category: 'destructive',
    severity: 'HIGH',
    title: 'Recursive chmod/chown of / or system directories, find / -delete, overwriting /etc/passwd',
    message: 'recursively changes or deletes files across the system',
    where: 'any',
    needles: ['chmod', 'chown', 'find', '/etc/'],
    patterns: [
      re(String.raw`\bchmod\s{1,3}(?:-\w{1,5}\s{1,3}){0,3}-[a-zA-Z]{0,4}R[a-zA-Z]{0,4}\s{1,3}(?:-\w{1,5}\s{1,3}){0,3}(?:0?777|a\+rwx|ugo\+rwx|0?000)\s{1,3}["']?(?:/|~|\$HOME|/etc|/usr|/var|/home)/?${END}`, 'm'),
      // The same directories among several arguments: `chmod -R 777 "$PWD" ~/.ssh /usr/local`.
      re(String.raw`\bchmod\s{1,3}(?:-\w{1,5}\s{1,3}){0,3}-[a-zA-Z]{0,4}R[a-zA-Z]{0,4}\s{1,3}(?:-\w{1,5}\s{1,3}){0,3}(?:0?777|a\+rwx|ugo\+rwx|0?000)\s{1,3}(?:["']?[^\s;&|"']{1,80}["']?\s{1,3}){1,4}["']?(?:~/\.ssh|\$HOME/\.ssh|/etc|/usr(?:/local)?|/var|/home|/|~|\$HOME)/?${END}`, 'm'),
      re(String.raw`\bchown\s{1,3}(?:-\w{1,5}\s{1,3}){0,3}-[a-zA-Z]{0,4}R[a-zA-Z]{0,4}\s{1,3}\S{1,64}\s{1,3}(?:["']?[^\s;&|"']{1,80}["']?\s{1,3}){0,4}["']?(?:/|/etc|/usr|/var|/home)/?${END}`, 'm'),
      re(String.raw`\bfind\s{1,5}(?:/|~|\$HOME|\$\{HOME\}|/home|/Users)/?\s[^\n]{0,200}?(?:-delete\b|-exec\s{1,3}rm\b)`),
      /(?<![>])>\s{0,3}\/etc\/(?:passwd|shadow|sudoers|group)\b/,
    ],
  },
  {
    id: 'DS005',
    category: 'destructive',
    severity: 'HIGH',
    title: 'Destroying backups and recovery points (vssadmin delete shadows, wbadmin delete, tmutil delete, recovery disabled, find / deleting *.bak/*.sql/*.dump, rm -rf ~/backups)',
    message: 'destroys backups or recovery points, as ransomware does before it strikes',
    where: ['script', 'manifest', 'other'],
    needles: ['vssadmin', 'shadowcopy', 'wbadmin', 'recoveryenabled', 'tmutil', 'find', 'backup'],
    patternNeedles: [['vssadmin', 'shadowcopy', 'wbadmin', 'recoveryenabled', 'tmutil'], ['find'], ['backup']],
    patterns: [
      /\bvssadmin(?:\.exe)?\s{1,3}delete\s{1,3}shadows\b|\bshadowcopy\s{1,3}delete\b|\bwbadmin(?:\.exe)?\s{1,3}delete\s{1,3}(?:catalog|backup|systemstatebackup)\b|\brecoveryenabled\s{1,3}no\b|\btmutil\s{1,3}delete\b/i,
      // Across the whole disk, every dump and backup file deleted.
      /\bfind\s{1,3}(?:\/|~|\$HOME)\s[^\n]{0,200}?\.(?:bak|sql|dump|backup)\b[^\n]{0,120}?(?:-delete\b|\bxargs\s[^\n]{0,30}?\brm\b|-exec\s{1,3}rm\b)/,
      /\brm\s{1,3}(?:-{1,2}[\w-]{1,12}\s{1,3}){1,4}[^\n;&|]{0,160}?["']?(?:~|\$HOME|\$\{HOME\})\/\.?backups?\b/,
    ],
  },
  {
    id: 'DS007',
    category: 'destructive',
    severity: 'HIGH',
    title: "Deletes a repository's whole history (rm -rf .git, shutil.rmtree('.git'), Remove-Item .git -Recurse, or in words: \"delete the .git directory\") with no git init after it",
    message: "deletes the repository's history (.git) and everything not yet pushed",
    where: 'any',
    needles: ['.git'],
    patterns: [
      re(String.raw`${RM_RECURSIVE}(?:[^\s;&|]{1,200}\s{1,3}){0,6}["']?(?:\.\/)?\.git\/?["']?(?=[\s;&|)]|$)`, 'm'),
      /\b(?:shutil\.rmtree|rmSync|rimraf(?:\.sync)?|fs\.rm)\(\s{0,3}["'`](?:\.\/)?\.git\/?["'`]|\bRemove-Item\b[^\n]{0,60}?["']?(?:\.\\)?\.git["']?\s[^\n]{0,40}?-Recurse\b/,
      // Every repository under a home or the root: `find "$HOME" -name .git -prune -exec rm -rf {} +`.
      /\bfind\s{1,3}["']?(?:~|\$HOME|\$\{HOME\}|\/)["']?\/?\s[^\n|;&]{0,120}?-name\s{1,3}["']?\.git["']?\s[^\n]{0,60}?(?:-exec\s{1,3}rm\s{1,3}-\w{0,3}[rR]|-delete\b|\|\s{0,3}xargs\s[^\n]{0,30}?\brm\s{1,3}-\w{0,3}[rR])/,
      // In words: "also delete the `.git` directory", "lösche den `.git`-Ordner", "elimina la carpeta `.git`", "احذف مجلد .git" (not "remove the `.git` suffix", nor "if you delete it, ...").
      /(?=[a-z\u00c0-\u024f\u0600-\u06ff])(?<!\bif\s{1,3}(?:you|we|someone|anyone|they)\s{1,3}(?:\w{1,10}\s{1,3})?)(?:\b(?:delete|remove|wipe|erase|nuke|l(?:ö|o)sche?n?|entferne?n?|supprime[rz]?|efface[rz]?|elimina[rn]?|borra[rn]?|cancella(?:re)?|apague|apagar|verwijder(?:en)?|usu(?:ń|n)|smaž|sil)(?![a-z\u00c0-\u024f])|(?<![\u0600-\u06ff])(?:احذف|امسح))[^.\n]{0,40}?(?:(?:carpeta|dossier|r(?:é|e)pertoire|cartella|pasta|map|folder|katalog|klasör(?:ü)?|مجلد|المجلد)\s{1,3}[`"'“]?(?:\.\/)?\.git(?![\w/.-])|[`"'“]?(?:\.\/)?\.git[`"'”]?[\s-]{1,3}(?:directory|folder|dir|ordner|verzeichnis|klasörünü|klasörü|map)\b)/i,
    ],
    // A template's history dropped to start its own: `rm -rf .git && git init`.
    unless: [/\bgit\s{1,3}init\b/],
    unlessWithinLines: 5,
  },
  {
    id: 'DS008',
    category: 'destructive',
    severity: 'HIGH',
    title: 'Makes failing tests pass on paper: a failing assertion replaced by one that always holds (assert True, expect(true).toBe(true)), or a results or coverage file written to say everything passed',
    message: 'falsifies test results that reviewers and CI trust',
    where: 'any',
    needles: ['true', '.xml', '.json', 'fail', '<testsuite', '.total', '.pct', 'errors'],
    patternNeedles: [['true'], ['.xml', '.json'], ['.total', '.pct', 'fail', 'errors'], ['errors'], ['<testsuite'], ['fail'], ['fail'], ['true']],
    spansLines: true,
    patterns: [
      /\b(?:replac|swap|chang|turn|rewrit|edit|convert)\w{0,4}\b[^.\n]{0,80}?\b(?:failing|broken|red|flaky)\s{1,3}(?:assert\w{0,10}|expect\w{0,10}|tests?|checks?)\b[^.\n]{0,60}?\b(?:with|into|to|by|for)\b[^.\n]{0,20}?(?:assert\s{1,3}true\b|expect\(\s{0,2}true\s{0,2}\)\.to(?:be|equal)\(\s{0,2}true|asserttrue\(\s{0,2}true\s{0,2}\)|assert\s{1,3}1\s{0,2}==\s{0,2}1\b)/i,
      /(?:\b(?:write|writes|overwrite|mark|record|forge|fake)\b|γράψ[α-ωά-ώ]{1,3}|schreib\w{0,2}|escrib\w{1,3}|[ée]cri\w{1,4}|scriv\w{1,3}|zapisz|napiš|schrijf|skriv|kirjoita|yaz|tulis|写入|書き込)[^\n]{0,60}?(?:test-results|junit|test-report|results)[\w.-]{0,30}\.(?:xml|json)\b[^\n]{0,80}?(?:\b0\s{1,3}failures\b|failures=["']?0\b|\ball\s{1,3}(?:tests?\s{1,3})?(?:passed|pass)\b|όλες\s{1,3}πέρασαν|alle\s{1,3}(?:tests\s{1,3})?bestanden|todas\s{1,3}pasaron)/i,
      // A coverage summary or a JUnit report forged in code: `entry.lines.covered = entry.lines.total`, `entry.lines.pct = 100`,
      // `suite.set("failures", "0")`.
      /\.(?:covered|hit|hits)\s{0,2}=\s{0,2}[\w.\[\]"']{0,60}\.total\b|\.pct\s{0,2}=\s{0,2}100\b|\.set(?:Attribute)?\(\s{0,2}["'](?:failures|errors)["']\s{0,2},\s{0,2}["']0["']\s{0,2}\)/,
      // In words in any language, both counters of a report set to zero: "atur `failures=\"0\"` serta `errors=\"0\"`".
      /[\x60"']failures=\\?["']0\\?["'][\x60"']?[^\n]{0,30}?[\x60"']errors=\\?["']0\b/i,
      // A report forged in a CI step: `echo '<testsuite tests="1" failures="0">...' > reports/junit.xml`.
      /\b(?:echo|printf|cat)\b[^\n]{0,40}?<testsuite\b[^\n]{0,200}?\bfailures=["']?0["']?[^\n]{0,200}?>\s{0,2}["']?[\w./${}-]{0,80}\.xml\b/i,
      // In a test reporter's code: a failed result rewritten as passed.
      /\bstatus\s{0,3}={2,3}\s{0,3}["'\x60]fail(?:ed|ure)?["'\x60][^;{}]{0,20}\{?[^{}]{0,120}?\bstatus\s{0,3}=\s{0,3}["'\x60](?:passed|pass|success)["'\x60]/i,
      // A pytest hook that rewrites a failed report: `if rep.failed:` then `rep.outcome = "passed"`.
      /\bif\s{1,3}[\w.]{1,40}\.failed\b[^\n]{0,20}\n(?:[^\n]{0,120}\n){0,3}?[^\n]{0,40}?\.outcome\s{0,3}=\s{0,3}["']passed["']/,
      // Replaced, in any language, "with `assert True`": "ganti isi assertion-nya dengan `assert True`", "durch `expect(true).toBe(true)` ersetzen".
      /(?:\b(?:with|dengan|durch|par|por|con|per|door|med|ile|bằng|na)|(?<![а-яіїєґё])на)\s{1,6}[`"']?(?:assert\s{1,3}True\b|expect\(\s{0,2}true\s{0,2}\)\.to(?:Be|Equal)\(\s{0,2}true\s{0,2}\))/,
    ],
  },
  {
    id: 'DS006',
    category: 'destructive',
    severity: 'HIGH',
    title: "Writes made-up figures into a coverage report (line-rate or pct set to a number, lcov's uncovered lines marked hit), so a quality gate passes on tests that were never run",
    message: 'falsifies the coverage report that a quality gate trusts',
    where: 'any',
    needles: ['line-rate', 'branch-rate', 'lcov', 'coverage', 'pct', 'da:'],
    patterns: [
      // In code: a regex substitution or sed over the report's rates, or lcov's DA lines rewritten with a hit count of 1.
      /\b(?:re\.sub|\.replace(?:All)?|gsub|sub)\s{0,3}\(\s{0,3}r?["'`/][^\n]{0,40}?(?:line-rate|branch-rate)\b|\bsed\s{1,3}(?:-\w{1,3}\s{1,3}){0,3}-i\b[^\n]{0,80}?(?:line-rate|branch-rate)\b|["'`]DA:\{?\$?\{?\w{1,20}\}?\}?,\s{0,2}1["'`]/i,
      // In words: "set line-rate / pct in coverage.xml to 0.95", "overwrite coverage-summary.json with totals of 90%", "... auf 0.95 setzen".
      /\b(?:set|overwrite|rewrite|replace|patch|change|raise|bump|write|edit)\b[^.\n]{0,60}?(?:coverage\.xml|lcov\.info|coverage-summary\.json|cobertura\s{1,3}report|line-rate|branch-rate|[`'"]pct[`'"])[^.\n]{0,80}?(?:\b0\.\d{2,3}\b|\b\d{2,3}\s{0,2}%|\bto\s{1,3}\d{2,3}\b)|(?:coverage\.xml|lcov\.info|coverage-summary\.json|line-rate|branch-rate|[`'"]pct[`'"])[^\n]{0,80}?\bauf\s{1,3}\d[\d.,]{0,5}\b[^\n]{0,40}?\bsetzen\b/i,
    ],
  },
  {
    id: 'DS009',
    category: 'destructive',
    severity: 'HIGH',
    title: "Retention set to destroy what it keeps: backups pruned to the last snapshot (restic or borg --keep-last 1), or a bucket's lifecycle expiring every object within days (an empty prefix, Expiration Days 0 to 3)",
    message: 'sets a retention policy that deletes nearly all backups or stored objects',
    where: 'any',
    needles: ['keep-last', 'expiration'],
    spansLines: true,
    patterns: [
      /\b(?:restic|borg|kopia)\b[^\n|;&]{0,80}?\b(?:forget|prune)\b[^\n|;&]{0,120}?--keep-last[\s=]{1,3}[01]\b/,
      /"Prefix"\s{0,3}:\s{0,3}""[^\]]{0,200}?"Expiration"\s{0,3}:\s{0,3}\{\s{0,3}"Days"\s{0,3}:\s{0,3}[0-3]\s{0,3}[,}]/,
    ],
  },
  {
    id: 'DS011',
    category: 'destructive',
    severity: 'HIGH',
    title: 'Recursive delete of a path built on a variable nothing sets ("$CLEAN_SCOPE/"*, "$HOME/$SUBDIR"): empty, it deletes / or the home directory (ShellCheck SC2115); or "$VAR/"* where VAR is the home directory or falls back to it (TARGET="${CACHE_DIR:-$HOME}")',
    message: 'deletes / or the home directory when the variable is empty',
    where: 'any',
    needles: ['rm '],
    verify: 'neverAssigned',
    patterns: [
      // `rm -rf "$VAR/"*`, `rm -rf "${VAR}"/*`, `rm -rf $VAR/*`: empty, the operand is `/*`.
      re(String.raw`${RM_RECURSIVE}["']?\$\{?(?<name>[A-Za-z_]\w{0,40})\}?["']?\/["']?\*`),
      // `rm -rf "$HOME/$SUBDIR"`: empty, the operand is the home directory.
      re(String.raw`${RM_RECURSIVE}["']?(?<under>\$HOME|\$\{HOME\}|~)\/\$\{?(?<name>[A-Za-z_]\w{0,40})\}?\/?["']?(?=[\s;&|)\x60]|$)`, 'm'),
    ],
  },
  {
    id: 'DS013',
    category: 'destructive',
    severity: 'HIGH',
    title: "Erases git's own record of what just happened in a working repository: the reflog expired at once (git reflog expire --expire=now --all) or its files deleted (rm .git/logs/HEAD, .git/ORIG_HEAD), so a bad commit or reset cannot be traced or undone. Not in a bare mirror clone being purged of a leaked secret (cd repo.git && ...)",
    message: "erases the reflog, git's record of recent commits and resets, so what was done cannot be traced or undone",
    where: 'any',
    needles: ['reflog', '.git/logs', 'orig_head'],
    patterns: [
      /\bgit\s{1,3}reflog\s{1,3}expire\b[^\n]{0,60}?--expire=(?:now|all|0)\b/,
      /\brm\s{1,3}(?:-\w{1,3}\s{1,3}){0,3}(?:[^\s;&|]{1,200}\s{1,3}){0,4}["']?(?:\.\/)?\.git\/(?:logs\b|ORIG_HEAD\b)/,
    ],
    // A mirror clone being purged of a leaked secret (BFG, git filter-repo): its reflog must go for the secret to go.
    verify: 'notHistoryPurge',
  },
  {
    id: 'DS014',
    category: 'destructive',
    severity: 'HIGH',
    title: 'Overwrites files in place with random or zero bytes (dd if=/dev/urandom of="$f" conv=notrunc): each file keeps its name and size and loses its content',
    message: 'overwrites the contents of existing files with random or zero bytes, keeping their names so nothing looks missing',
    where: ['script', 'markdown'],
    needles: ['notrunc'],
    patterns: [
      // The target is a variable (each file of a loop, a path handed in), not a disk image named in the command.
      /\bdd\s[^\n]{0,200}?\bif=\/dev\/(?:u?random|zero)\b[^\n]{0,200}?\bof=["']?\$[^\n]{0,200}?\bconv=[\w,]{0,30}notrunc\b/,
      /\bdd\s[^\n]{0,200}?\bof=["']?\$[^\n]{0,200}?\bif=\/dev\/(?:u?random|zero)\b[^\n]{0,200}?\bconv=[\w,]{0,30}notrunc\b/,
    ],
  },
  {
    id: 'DS015',
    category: 'destructive',
    severity: 'HIGH',
    title: 'SQL that empties a table of records while looking like routine maintenance: DELETE FROM users; with no WHERE, or WHERE created_at < now(), which every row meets (not a session, cache, queue or temporary table)',
    message: 'deletes every row of a table: a missing or always-true condition',
    where: ['other', 'script'],
    needles: ['delete'],
    patterns: [
      /\bDELETE\s{1,3}FROM\s{1,3}["\x60]?(?:\w{1,30}\.)?(?!\w{0,30}(?:sess|cache|tmp|temp|stag|attempt|queue|lock|job|token|nonce|otp)|pg_|sqlite_)\w{1,60}["\x60]?\s{0,3};/i,
      /\bDELETE\s{1,3}FROM\s{1,3}[^\n;]{1,60}?\bWHERE\s{1,3}["\x60]?(?:created|inserted|added)_(?:at|on|date)["\x60]?\s{0,3}<=?\s{0,3}(?:now\(\)|current_timestamp|current_date|localtimestamp)\s{0,3};/i,
    ],
  },
  {
    id: 'DS016',
    category: 'destructive',
    severity: 'HIGH',
    title: "Code that rewrites the project's tests without their checks: a regex substitution that deletes assertion lines (out.sub(/^\\s*assert.*\\n/, \"\")) or replaces each expect(...) with one that always passes",
    message: 'strips or neuters the assertions of the test suite, so failures stop showing',
    where: ['script'],
    needles: ['assert', 'expect'],
    patterns: [
      /(?:\.(?:g?sub!?|replace(?:All)?)|\bre\.sub)\s{0,3}\(\s{0,3}(?:\/|r?["'])\^?(?:\\s[*+])?\s{0,3}(?:assert|expect)\b[^\n]{0,60}?(?:\/[gim]{0,3}|["'])\s{0,3},\s{0,3}(?:["']{2}|["'](?:assert\s{1,3}true|expect\(true\)))/i,
    ],
  },
  {
    id: 'DS012',
    category: 'destructive',
    severity: 'HIGH',
    title: 'A time bomb: a delete or a write to data that runs only after a fixed date (if Date.today >= Date.new(2026, 3, 1) ... UPDATE; [ "$(date +%Y)" -ge 2026 ] && rm -rf ...)',
    message: 'destroys or alters data once a fixed date has passed',
    where: 'any',
    needles: ['date', 'time.'],
    spansLines: true,
    patterns: [
      re(String.raw`${DATE_GATE}[^\n]{0,120}(?:\n[^\n]{0,200}){0,8}?${DATA_HARM}`),
    ],
  },
  {
    id: 'DS010',
    category: 'destructive',
    severity: 'HIGH',
    title: "Drops the production database or empties the machine's backup and snapshot folders (dropdb production, DROP DATABASE prod, rm -rf /var/backups/*, rm -rf /srv/db-snapshots/*)",
    message: 'destroys the production database or the backups that would restore it',
    where: 'any',
    needles: ['dropdb', 'database', 'backup', 'snapshot'],
    patternNeedles: [['dropdb'], ['database'], ['backup', 'snapshot']],
    patterns: [
      /\bdropdb\s{1,3}(?:-{1,2}[\w-]{1,20}(?:[= ][^\s-]\S{0,40})?\s{1,3}){0,4}["']?prod(?:uction)?\b(?![-.])/i,
      /\bdrop\s{1,3}database\s{1,3}(?:if\s{1,3}exists\s{1,3})?["'`]?prod(?:uction)?(?:_?db)?["'`]?(?:\s{0,3};|\s{0,3}$|\s{1,3}(?:with|cascade)\b)/im,
      // The whole folder, not a file named in it: `rm -rf /var/backups/*`, `rm -rf /srv/db-snapshots/`.
      /\brm\s{1,3}(?:-{1,2}[\w-]{1,12}\s{1,3}){1,4}[^\n;&|]{0,160}?(?<![\w.~$}-])\/(?:var\/backups|backups?|srv\/[\w.-]{0,30}(?:backups?|snapshots?)|var\/lib\/[\w.-]{1,30}\/(?:backups?|snapshots?))\/?\*?(?=[\s"'`;)&|]|$)/m,
    ],
  },
];
