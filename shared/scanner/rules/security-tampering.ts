/**
 * Disabling security tools: firewalls, SELinux, AppArmor, Defender, Gatekeeper, audit and AV
 * processes, and wiping the traces afterwards.
 */
import type { Rule } from '../types.js';
import { re } from './fragments.js';

/** An antivirus or its live scanning, by name. */
const ANTIVIRUS = String.raw`(?:anti-?virus(?:\s{1,6}(?:software|protection|scanner))?|av\s{1,6}(?:software|protection|scanner)|real-?time\s{1,6}(?:protection|scanning|monitoring)|(?:windows\s{1,6}|microsoft\s{1,6})?defender(?:\s{1,6}antivirus)?|smartscreen|xprotect|endpoint\s{1,6}protection|virus\s{1,6}(?:protection|scanner|scanning))\b`;

export const SECURITY_TAMPERING_RULES: readonly Rule[] = [
  {
    id: 'SC001',
    category: 'security-tampering',
    severity: 'HIGH',
    title: 'Disabling firewalls, SELinux, AppArmor, auditd, Defender (or adding exclusions), Gatekeeper, SIP, or killing AV/EDR; an antivirus switched off in words ("turn real-time protection off")',
    message: 'disables a security control',
    where: 'any',
    needles: ['setenforce', 'selinux=', 'ufw', 'auditctl', 'systemctl', 'apparmor', 'auditd', 'firewalld', 'clamav',
      'fail2ban', 'iptables', 'netsh', 'mppreference', 'spctl', 'csrutil', 'launchservices', 'kill', 'windefend',
      'wscsvc', 'securityhealthservice', 'mpssvc', 'wdnissvc', 'randomize_va_space', 'virus', 'av ', 'real-time', 'realtime',
      'defender', 'smartscreen', 'xprotect', 'endpoint protection'],
    patterns: [
      // Not a dead man's switch while changing a remote firewall (`echo "sudo ufw disable" | at now + 5 minutes`, cancelled once the new rules let the user in).
      /\bsetenforce\s{1,3}(?:0|Permissive)\b|\bSELINUX=(?:disabled|permissive)\b|\bufw\s{1,3}disable\b(?!["']?\s{0,3}\|\s{0,3}(?:sudo\s{1,3})?at\s{1,3}now\s{0,3}\+)|\bauditctl\s{1,3}-e\s{0,3}0\b/i,
      /\bsystemctl\s{1,3}(?:stop|disable|mask|kill)\s{1,3}(?:--now\s{1,3})?(?:firewalld|apparmor|auditd|clamav-daemon|clamav-freshclam|clamd|falcon-sensor|crowdstrike|ufw|wazuh-agent|osqueryd|sentinelone|sentinel-agent|csagent|mdatp|fail2ban|nftables|rsyslog|syslog)\b|\bservice\s{1,3}(?:apparmor|auditd|ufw|firewalld|clamav-daemon|fail2ban)\s{1,3}stop\b/i,
      /\biptables\s{1,3}-P\s{1,3}INPUT\s{1,3}ACCEPT\b|\bnetsh\s{1,3}(?:advfirewall\s{1,3}set\s{1,3}\w{1,20}\s{1,3}state\s{1,3}off|firewall\s{1,3}set\s{1,3}opmode\s{1,3}disable)/i,
      /\bSet-MpPreference\b[^\n]{0,120}?-Disable(?:RealtimeMonitoring|BehaviorMonitoring|IOAVProtection|ScriptScanning|BlockAtFirstSeen|IntrusionPreventionSystem)\s{1,3}\$?(?:true|1)\b|\bAdd-MpPreference\b[^\n]{0,40}?-Exclusion(?:Path|Process|Extension|IpAddress)\b/i,
      /\bspctl\s{1,3}--master-disable\b|\bcsrutil\s{1,3}disable\b|\bdefaults\s{1,3}write\s{1,3}com\.apple\.LaunchServices\s{1,3}LSQuarantine\s{1,3}-bool\s{1,3}(?:NO|false)/i,
      /\b(?:pkill|killall|taskkill|kill\s{1,3}-9\s{1,3}\$\(pgrep)\b[^\n]{0,60}?(?:defender|MsMpEng|avast|avg|norton|mcafee|kaspersky|sophos|clamd|falcon|crowdstrike|little\s{0,2}snitch|LuLu|osqueryd|auditd|BlockBlock|sentinel|carbonblack|eset)/i,
      /\b(?:Stop-Service|Set-Service|sc(?:\.exe)?\s{1,3}(?:stop|config|delete))\s{1,3}(?:-Name\s{1,3})?["']?(?:WinDefend|Sense|wscsvc|SecurityHealthService|MpsSvc|WdNisSvc)\b/i,
      /\becho\s{1,3}0\s{0,3}>\s{0,3}\/proc\/sys\/kernel\/randomize_va_space\b/,
      // In words: "turn real-time protection off for ten minutes", "disable your antivirus", "switch off Windows Defender".
      // Not what another asks of the reader ("a skill asks you to disable antivirus: what do you do?"). Wrapped lines keep their indent, so up to six spaces.
      re(String.raw`(?=[a-z])(?<!\b(?:asks?|asking|asked|tells?|telling|told|wants?|instructs?|urges?|pressures?)\s{1,3}(?:you|the\s{1,3}user|users|them|people|someone)\s{1,3}to\s{1,3})(?:\b(?:(?:turn|switch)\s{1,6}off|disable|deactivate|pause|uninstall)\s{1,6}(?:your\s{1,6}|the\s{1,6}|any\s{1,6})?${ANTIVIRUS}|\b(?:turn|switch)\s{1,6}(?:your\s{1,6}|the\s{1,6})?${ANTIVIRUS}(?:\s{1,6}(?:protection|scanning|scanner|shield))?\s{1,6}off\b)`, 'i'),
    ],
    // Switched off for one check and straight back on in the same command or sentence: a diagnosis.
    unless: [/\bAdd-MpPreference\s{1,3}-ExclusionPath\s{1,3}(?:["'][^"'\n]{1,200}[\\/](?:node_modules|target|bin|obj|build|dist|out|\.cache|\.gradle|\.m2|\.nuget)["']\s{0,3},?\s{0,3}){1,8}$/i, /\b(?:and|then)\s{1,3}(?:re-?)?enable\s{1,3}(?:it\s{1,3})?(?:again|afterwards)\b|\bsetenforce\s{1,3}(?:1|Enforcing)\b|\bufw\s{1,3}(?:--force\s{1,3})?enable\b|\bspctl\s{1,3}--master-enable\b|\bauditctl\s{1,3}-e\s{0,3}1\b/i],
    // ... or a few commands later in the same code block.
    unlessWithinLines: 6,
    // The way back from the skill's own setup, said in the sentence: "to undo it, run `sudo ufw disable`".
    unlessAfter: /(?:\b(?:to\s{1,3}(?:undo|revert|roll\s{0,2}back|reverse)(?:\s{1,3}(?:it|this|that|these|them|everything|(?:the|this|these|those|its|our)\s{1,3}(?:[\w-]{1,20}\s{1,3})?(?:change|changes|setup|set-?up|rules?|configuration|config|hardening|steps?|polic(?:y|ies)|baseline|settings)))?(?=\s{0,3}[,:])|can\s{1,3}be\s{1,3}(?:undone|reverted|rolled\s{1,3}back)|(?:undo|revert)\s{1,3}(?:it|this|them|with)|roll\s{1,3}(?:it\s{1,3}|this\s{1,3})?back\s{1,3}(?:with|by))\b|\blze\s{1,3}(?:[\p{L}]{1,12}\s{1,3})?vr(?:á|a)tit|r(?:ü|u)ckg(?:ä|a)ngig|\bpara\s{1,3}(?:deshacer|revertir)|\bpour\s{1,3}(?:annuler|revenir\s{1,3}en\s{1,3}arri(?:è|e)re)|\bper\s{1,3}annullare|\bom\s{1,3}(?:dit\s{1,3})?(?:terug\s{1,3}te\s{1,3}draaien|ongedaan\s{1,3}te\s{1,3}maken)|\baby\s{1,3}cofn(?:ą|a)(?:ć|c)|\bgeri\s{1,3}almak\s{1,3}i(?:ç|c)in|để\s{1,3}hoàn\s{1,3}tác|元に戻す|撤销|回滚|되돌리)[^.!?\n]{0,60}$/iu,
    // A section that undoes the skill's own setup ("## Rollback: `sudo ufw disable`").
    unlessUnder: /^\s{0,3}#{1,6}\s[^\n]{0,80}?(?:\b(?:roll\s?-?back|undo(?:ing)?|revert(?:ing)?|back\s{1,3}out|uninstall(?:ing)?|r[üu]ckg[äa]ngig|zur[üu]cksetzen|revertir|deshacer|annuler|retour\s{1,3}arri[èe]re|desfazer|ripristino|terugdraaien|geri\s{1,3}al(?:ma|ın)|cofni[eę]cie|wycofanie|vr[aá]cen[ií]|återställ\w*|kembalikan|ho[aà]n\s{1,3}t[aá]c)\b|откат|відкат|ロールバック|元に戻す|回滚|롤백|ביטול|שחזור|التراجع|वापस|επαναφορ[άα](?=\s{0,3}(?:$|:|\(|αλλαγών|ρυθμίσεων))|αναίρεση)/i,
  },
  {
    id: 'SC002',
    category: 'security-tampering',
    severity: 'MEDIUM',
    title: 'Covering tracks (unset HISTFILE, history -c, deleting shell history, clearing system logs)',
    message: 'erases shell history or system logs',
    where: 'any',
    needles: ['histfile', 'history', 'histsize', 'wevtutil', 'clear-eventlog', '/var/log/'],
    patterns: [
      /\bunset\s{1,3}HISTFILE\b|\bHISTFILE=\/dev\/null|\bhistory\s{1,3}-c\b|\bHISTSIZE=0\b|\bset\s{1,3}\+o\s{1,3}history\b/,
      /\b(?:rm|shred)\s{1,3}(?:-\w{1,5}\s{1,3}){0,3}["']?(?:~|\$HOME)\/\.(?:bash|zsh)_history|(?<![>])>\s{0,3}(?:~|\$HOME)\/\.(?:bash|zsh)_history/,
      // In words, in any language: "delete `~/.bash_history`", "xoá `~/.zsh_history`", "удали `~/.bash_history`".
      /(?:\b(?:delete|remove|wipe|clear|erase|truncate|empty|shred|borra|elimina|supprime|efface|cancella|apague|usuń|smaž|sil|hapus|xo[áa]|x[óo]a|l[öo]sche?n?)|удал|видал|删除|清空|削除|삭제)[^\n]{0,40}?(?:~|\$HOME)\/\.(?:bash|zsh)_history\b/i,
      /\bwevtutil\s{1,3}cl\b|\bClear-EventLog\b|(?<![>])>\s{0,3}\/var\/log\/(?:auth\.log|syslog|secure|messages|wtmp|btmp|lastlog)\b|\btruncate\s{1,3}-s\s{0,3}0\s{1,3}\/var\/log\//i,
    ],
  },
  {
    id: 'SC005',
    category: 'security-tampering',
    severity: 'HIGH',
    title: 'Selectively removing entries from audit records (auth.log, /var/log/secure, every log under /var/log, audit logs, CloudTrail, wtmp, the Security event log, an audit table in SQL), in code or in words',
    message: 'removes chosen entries from audit records, which forges what they show',
    where: 'any',
    needles: ['auth.log', '/var/log/secure', '/var/log/*', '/var/log/syslog', '/var/log/messages', 'audit', 'cloudtrail', 'wtmp', 'btmp', 'security log', 'security event log'],
    patterns: [
      // sed's in-place delete, or a filtered copy written back, on an audit record.
      /\bsed\s{1,3}(?:-\w{0,4}i\w{0,4}|--in-place)\b[^\n]{0,160}?\/d\b[^\n]{0,160}?(?:\/var\/log\/(?:auth\.log|secure|audit\/)|\baudit\.log\b|\bwtmp\b|\bbtmp\b|cloudtrail)/i,
      /\bgrep\s{1,3}-v\b[^\n]{0,160}?(?:\/var\/log\/(?:auth\.log|secure|audit\/)|\baudit\.log\b|cloudtrail)[^\n]{0,80}?(?:>|\|\s{0,3}sponge\b|&&\s{0,3}mv\b)/i,
      // SQL that deletes, empties or drops an audit table: `DELETE FROM audit_log WHERE ...`, `TRUNCATE audit_events`, `DROP TABLE audit_log`.
      /\b(?:delete\s{1,3}from|truncate(?:\s{1,3}table)?|drop\s{1,3}table(?:\s{1,3}if\s{1,3}exists)?)\s{1,3}["'`]?(?:\w{1,30}\.)?["'`]?\w{0,20}audit\w{0,20}\b/i,
      // "Remove lines from /var/log/auth.log that show ...", "drop the entries of the audit log".
      /\b(?:remove|removing|delete|deleting|strip|stripping|scrub|scrubbing|purge|purging|drop|dropping|edit\s{1,3}out|erase|erasing|prune|pruning)\s{1,3}(?:(?:the|any|all|those|these|matching|specific|certain|individual)\s{1,3})?(?:\w{1,12}\s{1,3}){0,2}(?:lines?|entries|records|events|rows)\b[^.\n]{0,80}?\b(?:from|in|of)\s{1,3}[^.\n]{0,40}?(?:\/var\/log\/(?:auth\.log|secure|\*|syslog|messages)|\bauth\.log\b|\baudit\.log\b|\bcloudtrail\b|\baudit\s{1,3}(?:logs?|trail|records)\b|\bsecurity\s{1,3}(?:event\s{1,3})?logs?\b|\bwtmp\b)/i,
    ],
  },
  {
    id: 'SC006',
    category: 'security-tampering',
    severity: 'HIGH',
    title: 'Kubernetes cluster-admin (or admin) bound to anonymous or unauthenticated users, or to every service account',
    message: 'gives anyone who can reach the cluster its administrator role',
    where: 'any',
    needles: ['system:anonymous', 'system:unauthenticated', 'system:serviceaccounts', 'system:authenticated'],
    patterns: [
      /\bkubectl\s{1,3}create\s{1,3}(?:cluster)?rolebinding\b[^\n]{0,200}?--clusterrole[=\s]{1,3}["']?(?:cluster-)?admin\b[^\n]{0,200}?--(?:user|group)[=\s]{1,3}["']?system:(?:anonymous|unauthenticated|serviceaccounts|authenticated)\b/i,
      /\bkubectl\s{1,3}create\s{1,3}(?:cluster)?rolebinding\b[^\n]{0,200}?--(?:user|group)[=\s]{1,3}["']?system:(?:anonymous|unauthenticated|serviceaccounts|authenticated)\b[^\n]{0,200}?--clusterrole[=\s]{1,3}["']?(?:cluster-)?admin\b/i,
    ],
  },
  {
    id: 'SC007',
    category: 'security-tampering',
    severity: 'HIGH',
    title: 'SSH server opened to empty passwords, or to root logging in with a password (sshd_config PermitEmptyPasswords yes; PermitRootLogin yes beside PasswordAuthentication yes)',
    message: 'lets anyone log in over SSH with an empty or guessable password',
    where: 'any',
    needles: ['permitemptypasswords', 'permitrootlogin'],
    patterns: [
      /\bPermitEmptyPasswords\s{1,3}["'`]?yes\b/i,
      // Root by password, set in one line or one instruction: key-only root login ("prohibit-password") is the default.
      /\bPermitRootLogin\s{1,3}["'`]?yes\b[^\n]{0,120}?\bPasswordAuthentication\s{1,3}["'`]?yes\b|\bPasswordAuthentication\s{1,3}["'`]?yes\b[^\n]{0,120}?\bPermitRootLogin\s{1,3}["'`]?yes\b/i,
    ],
  },
  {
    id: 'SC008',
    category: 'security-tampering',
    severity: 'HIGH',
    title: "Deletes a branch's protection through the host's API (gh api -X DELETE repos/{owner}/{repo}/branches/main/protection, or curl -X DELETE on the same path): required reviews and checks stop applying",
    message: 'removes branch protection, so unreviewed or failing changes can land',
    where: 'any',
    needles: ['protection'],
    patterns: [
      /\b(?:gh\s{1,3}api|curl)\b[^\n]{0,120}?(?:-X|--method|--request)[\s=]{1,3}["']?DELETE\b[^\n]{0,200}?\/branches\/[^\s/"'`]{1,100}\/protection\b/i,
      /\b(?:gh\s{1,3}api|curl)\b[^\n]{0,200}?\/branches\/[^\s/"'`]{1,100}\/protection\b[^\n]{0,120}?(?:-X|--method|--request)[\s=]{1,3}["']?DELETE\b/i,
    ],
  },
  {
    id: 'SC009',
    category: 'security-tampering',
    severity: 'HIGH',
    title: 'TLS certificate checks turned off for a whole tool or shell, not one request (NODE_TLS_REJECT_UNAUTHORIZED=0, npm/yarn/pnpm strict-ssl false, git http.sslVerify false, pip/conda ssl_verify false, PYTHONHTTPSVERIFY=0, GIT_SSL_NO_VERIFY, "insecure" in ~/.curlrc)',
    message: 'turns off TLS certificate checks, so any network in between can read and change what is downloaded',
    where: 'any',
    needles: ['node_tls_reject_unauthorized', 'strict-ssl', 'strict_ssl', 'sslverify', 'ssl_verify', 'ssl-verify', 'pythonhttpsverify', 'git_ssl_no_verify', 'curlrc'],
    patterns: [
      // Set, not named: `export ...=0`, `ENV ...=0`, `$env:...`, `process.env.... = '0'`, a line of an rc or .env file,
      // or a command's prefix ("NODE_TLS_REJECT_UNAUTHORIZED=0 npm install"); "never set NODE_TLS_REJECT_UNAUTHORIZED=0" names it.
      /(?:\b(?:export|setx?|ENV)\s{1,3}|\$env:|\bprocess\.env\.|\bos\.environ\[["']|^\s{0,8})(?:NODE_TLS_REJECT_UNAUTHORIZED|PYTHONHTTPSVERIFY)["']?\]?\s{0,3}[=\s]\s{0,3}["']?0["']?(?:\s{0,3}(?:$|`)|\s{1,3}(?:node|npm|npx|yarn|pnpm|python3?|pip3?)\b|;)|(?:\b(?:export|setx?|ENV)\s{1,3}|\$env:|^\s{0,8})GIT_SSL_NO_VERIFY\s{0,3}[=\s]\s{0,3}["']?(?:1|true)["']?(?:\s{0,3}$|\s{1,3}git\b|;)/im,
      /\b(?:npm|yarn|pnpm)\s{1,3}config\s{1,3}set\s{1,3}(?:-g\s{1,3}|--global\s{1,3})?strict[-_]ssl\s{1,3}(?:false|0)\b|^\s{0,8}strict[-_]ssl\s{0,3}=\s{0,3}false\s{0,3}$/im,
      /\bgit\s{1,3}config\s{1,3}(?:--(?:global|system)\s{1,3})?http\.sslVerify\s{1,3}["']?(?:false|0)\b/i,
      /\b(?:conda|pip3?)\s{1,3}config\s{1,3}(?:--set\s{1,3}|set\s{1,3}(?:global\.)?)ssl[-_]verify\s{1,3}(?:false|0|no)\b/i,
      /\b(?:echo|printf)\s{1,3}["']?(?:-k|--insecure|insecure)["']?\s{0,3}>{1,2}\s{0,3}~?\/?[^\s]{0,40}\.curlrc\b/i,
    ],
  },
  {
    id: 'SC010',
    category: 'security-tampering',
    severity: 'HIGH',
    title: 'Authentication switched off by a flag (AUTH_BYPASS, DISABLE_AUTH, SKIP_AUTH set true) in production, or left in place afterwards',
    message: 'turns authentication off where real users are',
    where: 'any',
    needles: ['auth'],
    patterns: [
      /\b(?:AUTH_BYPASS|BYPASS_AUTH|DISABLE_AUTH|AUTH_DISABLED|SKIP_AUTH|NO_AUTH|AUTH_OFF)\s{0,3}[=:]\s{0,3}["']?(?:true|1|yes|on)\b[^.\n]{0,160}?\b(?:production|prod|live\s{1,3}(?:site|system|environment)|leave\s{1,3}(?:it|them|both|this)\s{1,3}(?:in\s{1,3}place|on|set)|keep\s{1,3}(?:it|them|both)\s{1,3}(?:in\s{1,3}place|on))\b/i,
    ],
  },
  {
    id: 'SC011',
    category: 'security-tampering',
    severity: 'HIGH',
    title: 'Commits under a bot\'s name (--author "dependabot[bot]", renovate, github-actions), so reviewers wave the change through as routine',
    message: 'passes its own commits off as a dependency bot\'s',
    where: 'any',
    needles: ['--author'],
    patterns: [/--author[=\s]{1,3}["']?(?:dependabot|renovate|github-actions|greenkeeper|snyk-bot|mergify)(?:\[bot\])?/i],
  },
  {
    id: 'SC003',
    category: 'security-tampering',
    severity: 'LOW',
    title: 'Removing macOS quarantine attributes (xattr -d com.apple.quarantine)',
    message: 'removes the quarantine flag, skipping Gatekeeper\'s check',
    where: 'any',
    needles: ['com.apple.quarantine'],
    patterns: [/\bxattr\s{1,3}-[a-z]{0,3}d[a-z]{0,3}\s{1,3}com\.apple\.quarantine\b/],
  },
  {
    id: 'SC004',
    category: 'security-tampering',
    severity: 'HIGH',
    title: 'Agent settings that turn off approvals or the sandbox (Codex approval_policy "never" or danger-full-access, Claude Code bypassPermissions or Bash(*), Gemini or Cursor yolo and auto-accept, a sandbox turned off or opened to every domain or to / for writing)',
    message: 'configures the agent to run everything without approval or outside its sandbox',
    where: ['script', 'manifest', 'other'],
    needles: ['approval_policy', 'approval-policy', 'danger-full-access', 'bypasspermissions', 'bash(*)', 'dangerously', 'yolo', 'autoaccept', 'auto_accept',
      'skippermissions', 'skip_permissions', 'sandbox', 'alloweddomains', 'allowwrite', 'allowread'],
    patterns: [
      /\bapproval[_-]policy["']?\s{0,3}[=:]\s{0,3}["']?never\b|\bdanger-full-access\b|\bbypassPermissions\b|["']Bash\(\*\)["']|--dangerously-(?:skip-permissions|bypass-approvals-and-sandbox)\b/i,
      /["']?(?:yolo|yoloMode|autoAccept|auto_accept|dangerouslySkipPermissions|skipPermissions|skip_permissions)["']?\s{0,3}[=:]\s{0,3}true\b/i,
      // The sandbox itself off, or opened to every domain and every path: `"sandbox": {"enabled": false}`, `"allowedDomains": ["*"]`, `"allowWrite": ["/"]`.
      /["']sandbox["']\s{0,3}:\s{0,3}(?:false\b|\{\s{0,3}["']enabled["']\s{0,3}:\s{0,3}false\b)|["']allowedDomains["']\s{0,3}:\s{0,3}\[\s{0,3}["']\*["']|["']allow(?:Write|Read)["']\s{0,3}:\s{0,3}\[\s{0,3}(?:["'][^"'\n]{0,40}["']\s{0,3},\s{0,3}){0,4}["'](?:\/|~|\$HOME)["']/,
    ],
  },
  {
    id: 'SC012',
    category: 'security-tampering',
    severity: 'HIGH',
    title: 'In prose, an agent setting that turns off approvals or the sandbox, written as the value to set ("add `\"defaultMode\": \"bypassPermissions\"`", "`\"allow\": [\"Bash(*)\"]`", "`approval_policy = \"never\"`"); a table of risky settings is not one',
    message: 'tells the agent to configure itself to run everything without approval or outside its sandbox',
    where: ['markdown'],
    needles: ['bypasspermissions', 'bash(*)', 'approval_policy', 'danger-full-access'],
    patterns: [
      // No table cell before it on its line: a review table lists these settings to flag them. The match starts at the setting, so a mention marker before it ("entries like") is read.
      /(?:["']defaultMode["']\s{0,3}:\s{0,3}["']bypassPermissions["']|["']allow["']\s{0,3}:\s{0,3}\[\s{0,3}(?:["'][^"'\n]{0,40}["']\s{0,3},\s{0,3}){0,4}["']Bash\(\*\)["']|\bapproval_policy\s{0,3}=\s{0,3}["']never["']|\bsandbox_mode\s{0,3}=\s{0,3}["']danger-full-access["'])(?<!\|[^\n]{0,1100})/,
    ],
  },
  {
    id: 'SC013',
    category: 'security-tampering',
    severity: 'HIGH',
    title: "Go's module checks turned off for every module, for good (go env -w GOSUMDB=off, GONOSUMDB=*, GOINSECURE=*, GOPRIVATE=*): a proxy can then serve any code",
    message: "turns off Go's checksum database or TLS for every module, so a proxy can serve altered code",
    where: 'any',
    needles: ['go env'],
    patterns: [/\bgo\s{1,3}env\s{1,3}-w\s{1,3}(?:GOSUMDB=["']?off\b|(?:GONOSUMDB|GOINSECURE|GOPRIVATE|GONOSUMCHECK)=["']?\*)/],
  },
  {
    id: 'SC014',
    category: 'security-tampering',
    severity: 'HIGH',
    title: 'A root certificate downloaded over plain http and added to the system trust store (curl http://.../root.crt, then update-ca-certificates, add-trusted-cert, certutil -addstore): whoever is on the path can then read and alter every TLS connection',
    message: 'trusts a root certificate fetched over plain http',
    where: 'any',
    needles: ['http://'],
    spansLines: true,
    patterns: [
      /\b(?:curl|wget|Invoke-WebRequest|iwr|fetch)\b[^\n]{0,120}?\bhttp:\/\/[^\s'"`]{1,200}\.(?:crt|pem|cer|der)\b[\s\S]{0,600}?\b(?:update-ca-certificates|update-ca-trust|add-trusted-cert|certutil(?:\.exe)?\s{1,3}-addstore|trust\s{1,3}anchor|Import-Certificate)\b/i,
    ],
  },
  {
    id: 'SC015',
    category: 'security-tampering',
    severity: 'HIGH',
    title: 'Package signature checks turned off for good (APT::Get::AllowUnauthenticated or Acquire::AllowInsecureRepositories "true", a [trusted=yes] source over plain http, gpgcheck=0 beside an http baseurl): any mirror or proxy on the path can then ship altered packages',
    message: 'turns off package signature checks, so altered packages install unnoticed',
    where: 'any',
    needles: ['allowunauthenticated', 'allowinsecurerepositories', 'allowdowngradetoinsecurerepositories', 'trusted=yes', 'gpgcheck'],
    spansLines: true,
    patterns: [
      /\b(?:APT::Get::AllowUnauthenticated|Acquire::AllowInsecureRepositories|Acquire::AllowDowngradeToInsecureRepositories)\s{0,3}(?:=\s{0,3})?["']?(?:true|1|yes)\b/i,
      /^\s{0,8}deb(?:-src)?\s{1,3}\[[^\]\n]{0,120}?\btrusted=yes\b[^\]\n]{0,120}\]\s{1,3}http:\/\//im,
      /\bgpgcheck\s{0,3}=\s{0,3}(?:0|false|no)\b[\s\S]{0,300}?\bbaseurl\s{0,3}=\s{0,3}http:\/\/|\bbaseurl\s{0,3}=\s{0,3}http:\/\/[\s\S]{0,300}?\bgpgcheck\s{0,3}=\s{0,3}(?:0|false|no)\b/i,
    ],
  },
  {
    id: 'SC016',
    category: 'security-tampering',
    severity: 'HIGH',
    title: 'Security checks switched off in the developer\'s tooling: every git hook disabled for every repository (git config --global core.hooksPath /dev/null), or secret and vulnerability scanners edited out of pre-commit or CI (sed ... gitleaks|bandit|semgrep|npm audit ... .pre-commit-config.yaml, .github/workflows)',
    message: 'switches off the checks that would catch what it does',
    where: 'any',
    needles: ['hookspath', 'pre-commit-config', 'workflows', 'gitlab-ci'],
    patternNeedles: [['hookspath'], ['pre-commit-config', 'workflows', 'gitlab-ci']],
    patterns: [
      /\bgit\s{1,3}config\s{1,3}(?:--global|--system)\s{1,3}core\.hooksPath\s{1,3}["']?\/dev\/null\b/i,
      /\bsed\s{1,3}-[\w.]{0,8}\b[^\n]{0,200}?(?:bandit|gitleaks|semgrep|trivy|snyk|codeql|npm\s{1,3}audit|pip-audit|detect-secrets|trufflehog|security)[^\n]{0,200}?(?:\.pre-commit-config\.ya?ml|\.github\/workflows|\.gitlab-ci\.ya?ml)/i,
    ],
  },
  {
    id: 'SC017',
    category: 'security-tampering',
    severity: 'HIGH',
    title: 'JWT checks switched off for the whole program: the library\'s decode replaced (jwt.decode = ...) or the unsigned "none" algorithm accepted (algorithms=[..., "none"])',
    message: 'makes every token pass, signed or not',
    where: ['script', 'other'],
    needles: ['jwt.decode', 'none'],
    patternNeedles: [['jwt.decode'], ['none']],
    patterns: [
      /^\s{0,8}(?:jwt|jose\.jwt|jsonwebtoken)\.decode\s{0,3}=(?!=)/im,
      /\balgorithms?\s{0,3}[=:]\s{0,3}[^\n]{0,60}?["']none["']/i,
    ],
  },
  {
    id: 'SC018',
    category: 'security-tampering',
    severity: 'HIGH',
    title: 'A server configuration that lets anyone in as an administrator or accepts unsigned tokens (allow_anonymous_admin: true, jwt_verify_signature: false, skip_signature_check = true)',
    message: 'configures the server to let anyone in',
    where: ['manifest', 'other', 'markdown'],
    needles: ['anonymous_admin', 'signature', 'skip_'],
    patternNeedles: [['anonymous_admin'], ['signature'], ['skip_']],
    patterns: [
      /\ballow_anonymous_admin["']?\s{0,3}[:=]\s{0,3}["']?(?:true|yes|on|1)\b/i,
      // YAML and JSON (`false` in lower case): a program's `"verify_signature": False` reads a token's claims without trusting them.
      /\b(?:jwt_verify_signature|verify_jwt_signature|verify_signature)["']?\s{0,3}:\s{0,3}["']?(?:false|no|off)\b/,
      /\bskip_(?:signature|sig|jwt|token|auth)_(?:checks?|verification|verify)["']?\s{0,3}[:=]\s{0,3}["']?(?:true|yes|on|1)\b/i,
    ],
  },
  {
    id: 'SC019',
    category: 'security-tampering',
    severity: 'HIGH',
    title: 'A secret or vulnerability scanner told to pass everything: an allowlist of every path or every match (".*"), Trivy skipping "/"',
    message: 'configures a security scanner to ignore everything it scans',
    where: ['manifest', 'other'],
    needles: ['allowlist', 'allow_list', 'allow-list', 'skip_dirs', 'skip-dirs'],
    spansLines: true,
    patterns: [
      // `allowlist_regexes = [".*"]`, and gitleaks' own `[allowlist]` table with `paths = ['''.*''']`.
      /\ballow[_-]?list[_-]?(?:paths|regexes|regex|files|rules)["']?\s{0,3}[=:]\s{0,3}\[\s{0,3}(?:'''|["'])\.\*(?:'''|["'])\s{0,3}\]|^\s{0,3}\[\s{0,3}(?:[\w.]{1,30}\.)?allowlist\s{0,3}\]\s{0,3}\n(?:[^\[\n][^\n]{0,200}\n){0,6}?\s{0,3}(?:paths|regexes)\s{0,3}=\s{0,3}\[\s{0,3}(?:'''|["'])\.\*(?:'''|["'])\s{0,3}\]/im,
      /\bskip[_-]dirs["']?\s{0,3}[=:]\s{0,3}\[\s{0,3}["']\/["']\s{0,3}\]/i,
    ],
  },
  {
    id: 'SC020',
    category: 'security-tampering',
    severity: 'HIGH',
    title: 'The Docker daemon opened to everyone: its socket made world-writable (chmod 666 /var/run/docker.sock), or its API served without TLS on every interface (tcp://0.0.0.0:2375 in daemon.json or dockerd -H); either is root on the host for whoever reaches it. Not a client\'s DOCKER_HOST',
    message: 'opens the Docker daemon, which is root on the host, to every local user or the network',
    where: 'any',
    needles: ['docker.sock', '2375'],
    patterns: [
      /\bchmod\s{1,3}(?:-R\s{1,3})?(?:0?[67][67][67]|a\+rw|o\+rw|ugo\+rw)\s{1,3}["']?\/(?:var\/)?run\/docker\.sock\b/,
      // The daemon listening: `"hosts": [..., "tcp://:2375"]`, `dockerd -H tcp://0.0.0.0:2375`; a client's `DOCKER_HOST=tcp://docker:2375` only connects.
      /["']hosts["']\s{0,3}:\s{0,3}\[[^\]\n]{0,200}?["']tcp:\/\/(?:0\.0\.0\.0)?:2375["']|\bdockerd\b[^\n]{0,200}?(?:-H|--host)[\s=]{1,3}["']?tcp:\/\/(?:0\.0\.0\.0)?:2375\b/,
    ],
  },
  {
    id: 'SC021',
    category: 'security-tampering',
    severity: 'HIGH',
    title: "A code host's or scanner's settings that switch secret scanning or push protection off (secret_scanning: enabled: false, push_protection: false), or make a scan ignore every path (paths-ignore: ['**'])",
    message: 'switches off the checks that catch leaked secrets and vulnerable code',
    where: ['manifest', 'other', 'script'],
    needles: ['push_protection', 'push-protection', 'secret_scanning', 'secret-scanning', 'paths_ignore', 'paths-ignore', 'ignore_paths', 'ignore-paths'],
    spansLines: true,
    patterns: [
      /\bpush[_-]protection["']?\s{0,3}[=:]\s{0,3}["']?(?:false|off|disabled)\b/i,
      /\bsecret[_-]scanning["']?\s{0,3}[=:]\s{0,3}(?:["']?(?:false|off|disabled)\b|\{?[ \t]{0,3}\n?[ \t]{0,8}["']?(?:enabled|status)["']?\s{0,3}[=:]\s{0,3}["']?(?:false|off|disabled)\b)/i,
      /\b(?:paths|ignore)[_-](?:ignore|paths)["']?\s{0,3}[=:]\s{0,3}(?:\[\s{0,3}["']\*\*(?:\/\*)?["']\s{0,3}\]|\n[ \t]{0,8}-[ \t]{1,3}["']\*\*(?:\/\*)?["'][ \t]{0,3}(?:\n|$))/i,
    ],
  },
  {
    id: 'SC022',
    category: 'security-tampering',
    severity: 'HIGH',
    title: 'A review told to pass what carries a marker, whatever it holds: report the files as clean ("no issues") whatever they contain',
    message: 'exempts marked code from review and reports it clean unread: a marker any author can plant',
    where: ['markdown', 'other'],
    needles: ['whatever', 'regardless', 'no matter'],
    // A paragraph wraps anywhere: "skip them and report\n   "no issues" for them, whatever they contain".
    spansLines: true,
    // The verdict it orders is quoted ("no issues"): not a mention, only a negation spares it.
    prose: 'negatable',
    patterns: [
      /\b(?:report|mark|list|treat|return|answer|say)\s{1,6}(?:(?:them|it|those|these|the\s{1,3}files?|such\s{1,3}files?)\s{1,6})?(?:as\s{1,6})?["“'\x60]?(?:no\s{1,3}(?:issues|findings|problems|vulnerabilities)|clean|safe|passed|approved|lgtm)["”'\x60]?[^.]{0,40}?(?:\bwhatever\s{1,3}(?:they|it)\s{1,3}contains?\b|\bregardless\s{1,3}of\s{1,3}(?:what\s{1,3}(?:they|it)\s{1,3}contains?|(?:their|its)\s{1,3}contents?)\b|\bno\s{1,3}matter\s{1,3}what\s{1,3}(?:they|it)\s{1,3}contains?\b)/i,
    ],
  },
  {
    id: 'SC023',
    category: 'security-tampering',
    severity: 'HIGH',
    title: "Switches off a cloud account's audit trail or threat detection, from the CLI or an SDK: CloudTrail stop-logging or delete-trail, GuardDuty delete-detector, AWS Config's recorder stopped or deleted, Security Hub disabled",
    message: "turns off the cloud account's audit log or threat detection, so what happens next leaves no record",
    where: 'any',
    needles: ['cloudtrail', 'guardduty', 'configservice', 'securityhub', 'stop_logging', 'delete_trail', 'delete_detector', 'configuration_recorder', 'disable_security_hub'],
    patterns: [
      /\baws\s{1,3}(?:cloudtrail\s{1,3}(?:stop-logging|delete-trail)|guardduty\s{1,3}delete-detector|configservice\s{1,3}(?:stop|delete)-configuration-recorder|securityhub\s{1,3}disable-security-hub)\b/i,
      /\.(?:stop_logging|delete_trail|delete_detector|stop_configuration_recorder|delete_configuration_recorder|disable_security_hub)\s{0,3}\(/,
    ],
  },
];
