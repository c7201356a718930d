/**
 * Persistence: surviving the session. Editing a shell profile, adding a cron job or a service is
 * MEDIUM (installers add PATH lines, backup tools add cron jobs); doing it with a network or
 * temp-dir payload, or planting an SSH key or sudo rule, is HIGH.
 */
import type { Rule } from '../types.js';
import { PUBLIC_KEY, SEP, SHELL, re } from './fragments.js';

const RC = String.raw`(?:(?:~|\$HOME|\$\{HOME\}|/root|/home/[\w.-]{1,32}|/Users/[\w.-]{1,32}|homedir\(\)|expanduser\(\s{0,3}["']~|Path\.home\(\))${SEP}?\.(?:bashrc|zshrc|profile|bash_profile|bash_login|zprofile|zshenv|zlogin|config/fish/config\.fish)\b|/etc/(?:profile|bash\.bashrc|zsh/zshrc|environment)\b|/etc/profile\.d/|\$PROFILE\b)`;
const APPEND = String.raw`(?:>>|\btee\s{1,3}(?:-a|--append)\s{1,3}|\bAdd-Content\s{1,3}(?:-Path\s{1,3})?)`;
const PAYLOAD = String.raw`(?:\bcurl\b|\bwget\b|\bnc\b|\bncat\b|/dev/tcp|\bbase64\b|\beval\b|python[23]?\s{1,3}-c|alias\s{1,3}(?:sudo|ssh|su|git|scp)=|LD_PRELOAD|/tmp/(?<!\bcat\s{1,3}/tmp/)(?!crontab|cron[._-])|/dev/shm|\bnohup\b|DownloadString|\biex\b)`;

export const PERSISTENCE_RULES: readonly Rule[] = [
  {
    id: 'PS001',
    category: 'persistence',
    severity: 'MEDIUM',
    title: 'Appending to shell startup files (~/.bashrc, ~/.zshrc, ~/.profile, $PROFILE)',
    message: 'modifies a shell startup file, so it runs in every new shell',
    where: 'any',
    needles: ['>>', 'tee', 'add-content', 'open', 'appendfile', 'sed'],
    patterns: [
      re(String.raw`${APPEND}\s{0,3}["']?${RC}`),
      re(String.raw`\bopen\([^\n]{0,100}?\.(?:bashrc|zshrc|profile|bash_profile|zprofile)\b[^\n]{0,60}?["']a\+?["']|\bappendFile(?:Sync)?\([^\n]{0,120}?\.(?:bashrc|zshrc|profile|bash_profile|zprofile)\b|\bsed\s{1,3}-i\b[^\n]{0,200}?${RC}`),
    ],
  },
  {
    id: 'PS002',
    category: 'persistence',
    severity: 'HIGH',
    title: 'Shell startup file gets a network, decoding, temp-dir or alias-hijacking payload',
    message: 'plants a payload in a shell startup file',
    where: 'any',
    needles: ['>>', 'tee', 'add-content'],
    patterns: [re(String.raw`${PAYLOAD}[^\n]{0,300}?${APPEND}\s{0,3}["']?${RC}`)],
    // A tool's own environment set up the documented way (`eval "$(brew shellenv)"`, `pyenv init`),
    // with nothing else of the payload list on the line.
    unless: [/^(?![\s\S]*\b(?:curl|wget|nc|ncat|base64|DownloadString|iex|nohup|LD_PRELOAD)\b|[\s\S]*\/(?:tmp|dev\/shm)\/)[\s\S]*\beval\s{1,3}["']?\$\(\s{0,3}["']?[\w./~${}-]{1,80}["']?\s{1,3}(?:shellenv|init|env|hook|activate)\b[^)\n]{0,40}\)/],
  },
  {
    id: 'PS003',
    category: 'persistence',
    severity: 'MEDIUM',
    title: 'Installing cron jobs or scheduled tasks (| crontab -, /etc/cron.d, @reboot, schtasks /create)',
    message: 'installs a scheduled job',
    where: 'any',
    needles: ['crontab', '/etc/cron', '/var/spool/cron', '@reboot', 'schtasks', 'register-scheduledtask'],
    patterns: [
      /\|\s{0,3}(?:sudo\s{1,3})?crontab\s{1,3}(?:-u\s{1,3}\S{1,32}\s{1,3})?-(?=[\s"');]|$)/m,
      /\bcrontab\s{1,3}(?:-u\s{1,3}\S{1,32}\s{1,3})?["']?(?:\/tmp\/|\/dev\/shm\/|\$TMPDIR|[\w.-]{1,60}\.(?:txt|cron|tmp)\b)/,
      /(?:>>?|\btee\s{1,3}(?:-a\s{1,3})?)\s{0,3}["']?(?:\/etc\/crontab|\/etc\/cron\.(?:d|hourly|daily|weekly|monthly)\/|\/var\/spool\/cron\/)/,
      /@reboot\b|\bschtasks(?:\.exe)?\s{1,3}\/create\b|\bRegister-ScheduledTask\b/i,
    ],
  },
  {
    id: 'PS004',
    category: 'persistence',
    severity: 'HIGH',
    title: 'Cron job that downloads, decodes or runs from a temp dir',
    message: 'schedules a job that fetches or runs a hidden payload',
    where: 'any',
    needles: ['crontab', '/etc/cron', '/var/spool/cron', '@reboot', 'curl', 'wget'],
    patterns: [
      re(String.raw`${PAYLOAD}[^\n]{0,300}?(?:\|\s{0,3}(?:sudo\s{1,3})?crontab\s{1,3}-|>>?\s{0,3}["']?(?:/etc/crontab|/etc/cron\.d/|/var/spool/cron/))`),
      re(String.raw`@reboot\b[^\n]{0,200}?${PAYLOAD}`),
      re(String.raw`(?:\*|\d{1,2}|\*/\d{1,2})(?:\s{1,3}(?:\*|\d{1,2}|\*/\d{1,2})){4}\s[^\n]{0,200}?\b(?:curl|wget)\b[^\n|]{0,200}\|\s{0,3}${SHELL}`),
    ],
  },
  {
    id: 'PS005',
    category: 'persistence',
    severity: 'HIGH',
    title: 'Writing to authorized_keys (planting an SSH key)',
    message: 'adds an SSH key to authorized_keys, a permanent backdoor',
    where: 'any',
    needles: ['authorized_keys'],
    patterns: [
      // A key written into the skill, or downloaded, then appended: someone else's key.
      re(String.raw`(?:${PUBLIC_KEY}|\b(?:curl|wget|Invoke-WebRequest|Invoke-RestMethod|iwr|irm)\b)[^\n]{0,300}?(?:>>?|\btee\s{1,3}(?:-a\s{1,3})?)\s{0,3}["']?[^\s"'|;&]{0,100}authorized_keys2?\b`, ''),
      /\b(?:appendFile|writeFile)(?:Sync)?\([^\n]{0,120}?authorized_keys|\bopen\([^\n]{0,120}?authorized_keys[^\n]{0,40}?["'][aw]\+?["']|\bAdd-Content\b[^\n]{0,120}?authorized_keys/,
    ],
  },
  {
    id: 'PS008',
    category: 'persistence',
    severity: 'MEDIUM',
    title: 'Appending to authorized_keys from a variable or the user\'s input, or adding a team\'s or vendor\'s key in prose (HIGH with a key written into the same file: CB016)',
    message: 'appends an SSH key to authorized_keys',
    where: 'any',
    needles: ['authorized_keys'],
    patterns: [
      /(?:>>?|\btee\s{1,3}(?:-a\s{1,3})?)\s{0,3}["']?[^\s"'|;&]{0,100}authorized_keys2?\b/,
      // "Append their maintenance key to the user's `~/.ssh/authorized_keys`": someone else's key, not the user's own.
      /\b(?:append|add|put|copy|write|insert|install|paste)\w{0,3}\s{1,3}(?:(?:their|our|the|this|a|an)\s{1,3})?(?:[\w'’-]{1,20}\s{1,3}){0,2}(?:maintenance|support|infrastructure|infra|ops|team['’]?s?|vendor['’]?s?|admin|recovery|backup|service|emergency|break-?glass|monitoring|partner|remote-access|helpdesk)\s{1,3}(?:ssh\s{1,3})?(?:public\s{1,3})?key\b[^\n]{0,80}?authorized_keys/i,
    ],
  },
  {
    id: 'PS006',
    category: 'persistence',
    severity: 'MEDIUM',
    title: 'Launch agents, systemd units, autostart entries and Run keys',
    message: 'installs something that starts automatically',
    where: 'any',
    needles: ['library/launch', 'launchctl', '/etc/systemd/system/', '.config/systemd/user/', 'systemctl',
      'currentversion', '.config/autostart/', 'start menu', 'shell:startup', '/etc/rc.local', '/etc/init.d/'],
    // Looking at them (ls, cat, systemctl list-*), as an audit does, installs nothing.
    unless: [/^\s{0,3}(?:sudo\s{1,3})?(?:ls|cat|find|stat|tree|less|head|tail|grep|file|du|plutil\s{1,3}-p|systemctl\s{1,3}(?:--user\s{1,3})?(?:list-[\w-]{1,20}|status|cat|is-enabled))\b/],
    patterns: [
      /Library\/Launch(?:Agents|Daemons)\/|\blaunchctl\s{1,3}(?:load|bootstrap|enable|submit)\b/,
      /\/etc\/systemd\/system\/[\w@.-]{1,100}\.(?:service|timer)\b|\.config\/systemd\/user\/|\bsystemctl\s{1,3}(?:--user\s{1,3})?enable\b/,
      /CurrentVersion\\{1,2}Run(?:Once)?\b|\.config\/autostart\/|Start Menu\\{1,2}Programs\\{1,2}Startup|shell:startup|\/etc\/rc\.local\b|\/etc\/init\.d\//i,
    ],
  },
  {
    id: 'PS007',
    category: 'persistence',
    severity: 'HIGH',
    title: 'Passwordless sudo rules and root-equivalent users (NOPASSWD into sudoers, useradd -u 0)',
    message: 'grants itself permanent root access',
    where: 'any',
    needles: ['nopasswd', '/etc/sudoers', 'useradd', 'usermod'],
    patterns: [
      /NOPASSWD\s{0,3}:[^\n]{0,200}?(?:>>|\btee\b)|(?:>>|\btee\s{1,3}-a)\s{0,3}["']?\/etc\/sudoers(?:\.d\/\S{1,60})?/,
      /\buseradd\b[^\n]{0,80}?-u\s{1,3}0\b|\buseradd\b[^\n]{0,80}?\s-o\b|\busermod\s{1,3}-[a-zA-Z]{0,3}u\s{1,3}0\b/,
    ],
  },
  {
    id: 'PS009',
    category: 'persistence',
    severity: 'HIGH',
    title: "Git hooks taken from where nobody looks: every repository's hooks path set to a temporary directory, or a hook file downloaded (curl -o .../pre-push)",
    message: 'installs git hooks that run on every commit or push, from a temporary directory or a download',
    where: 'any',
    needles: ['hookspath', 'pre-commit', 'pre-push', 'post-checkout', 'post-merge', 'commit-msg'],
    patterns: [
      /\bgit\s{1,3}config\s{1,3}(?:--global|--system)\s{1,3}core\.hooksPath\s{1,3}["']?(?:\/tmp\/|\/var\/tmp\/|\/dev\/shm\/)/i,
      /\b(?:curl|wget)\b[^\n|;&]{0,200}?\s(?:-o|-O|--output(?:-document)?)[\s=]{1,3}["']?[^\s"'|;&]{0,120}\/(?:pre-commit|pre-push|post-checkout|post-merge|commit-msg|prepare-commit-msg|post-commit|post-rewrite)["']?(?=[\s;&|`)]|$)/,
    ],
  },
];
