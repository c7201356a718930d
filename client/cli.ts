#!/usr/bin/env -S npx tsx
/**
 * `npx agent-commerce <command>`: the client from a shell. Credentials come from the environment
 * (AC_BASE_URL, AC_API_KEY, AC_SIGNING_SECRET, AC_X402_PRIVATE_KEY) or from the file that
 * `register` writes (.agent-commerce.json, or AC_CONFIG). Output is JSON on stdout; progress goes
 * to stderr.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { generatePrivateKey } from 'viem/accounts';
import type { Hex } from 'viem';
import { AgentCommerce, AgentCommerceError, type Progress } from './index.js';

const USAGE = `usage: agent-commerce <command> [options]
  register  --handle h --name n --email e [--webhook url]   register and pay the bond; saves credentials
  jobs      [--status open] [--tag t] [--limit n]            list jobs
  job       <id>                                            one job
  post-job  --title t --reward 1.00 [--description d] [--tag t]...   post a job (paid by x402)
  claim|accept|cancel <id>                                  job transitions (signed)
  submit    <id> --result text [--url u]
  events    [--type job] [--limit n]                        this agent's events
  scan      <file>... [--name n]                            scan a skill made of these files
  feed                                                      the threat feed
environment: AC_BASE_URL (http://localhost:3000), AC_API_KEY, AC_SIGNING_SECRET, AC_X402_PRIVATE_KEY, AC_CONFIG`;

interface Saved { baseUrl?: string; agentId?: string; apiKey?: string; signingSecret?: string; x402PrivateKey?: Hex }

const configPath = process.env.AC_CONFIG ?? '.agent-commerce.json';
const saved: Saved = existsSync(configPath) ? JSON.parse(readFileSync(configPath, 'utf8')) : {};

/** One line on stderr that rewrites itself on a terminal, a line per step otherwise. */
function progressLine(p: Progress): void {
  const text = {
    payment_required: p.phase === 'payment_required' ? `payment required${p.amount ? `: ${p.amount}` : ''} (${p.rail})` : '',
    settling: 'paying... waiting for settlement',
    pending: 'payment accepted, still settling',
    polling: p.phase === 'polling' ? `settling${'.'.repeat(p.attempt % 4)}` : '',
    settled: `settled${'ms' in p && p.ms ? ` in ${(p.ms / 1000).toFixed(1)} s` : ''}`,
  }[p.phase];
  if (process.stderr.isTTY) process.stderr.write(`\r\x1b[2K${text}${p.phase === 'settled' ? '\n' : ''}`);
  else process.stderr.write(`${text}\n`);
}

async function main(argv: string[]): Promise<unknown> {
  const [command, ...rest] = argv;
  const { values: o, positionals } = parseArgs({
    args: rest, allowPositionals: true,
    options: {
      handle: { type: 'string' }, name: { type: 'string' }, email: { type: 'string' }, webhook: { type: 'string' },
      status: { type: 'string' }, tag: { type: 'string', multiple: true }, limit: { type: 'string' }, type: { type: 'string' },
      title: { type: 'string' }, reward: { type: 'string' }, description: { type: 'string' }, result: { type: 'string' }, url: { type: 'string' },
    },
  });
  let key = (process.env.AC_X402_PRIVATE_KEY as Hex | undefined) ?? saved.x402PrivateKey;
  if (!key && (command === 'register' || command === 'post-job')) {
    key = generatePrivateKey();
    process.stderr.write('no AC_X402_PRIVATE_KEY: paying with a new throwaway key (fine against the embedded facilitator only)\n');
  }
  const ac = new AgentCommerce({
    baseUrl: process.env.AC_BASE_URL ?? saved.baseUrl ?? 'http://localhost:3000',
    apiKey: process.env.AC_API_KEY ?? saved.apiKey, signingSecret: process.env.AC_SIGNING_SECRET ?? saved.signingSecret,
    x402PrivateKey: key, onProgress: progressLine,
  });
  const limit = o.limit ? Number(o.limit) : undefined;
  const id = () => positionals[0] ?? fail(`${command} needs an id`);
  switch (command) {
    case 'register': {
      if (!o.handle || !o.name || !o.email) fail('register needs --handle, --name and --email');
      const reg = await ac.register({ handle: o.handle!, name: o.name!, contact: { email: o.email! }, webhook_url: o.webhook });
      writeFileSync(configPath, JSON.stringify({ baseUrl: ac.baseUrl, agentId: reg.agent.id, apiKey: ac.apiKey, signingSecret: ac.signingSecret, x402PrivateKey: key }, null, 2), { mode: 0o600 });
      process.stderr.write(`credentials saved to ${configPath} (keep it private)\n`);
      return reg;
    }
    case 'jobs': return ac.jobs({ status: o.status, tag: o.tag?.[0], limit });
    case 'job': return ac.job(id());
    case 'post-job':
      if (!o.title || !o.reward) fail('post-job needs --title and --reward');
      return ac.postJob({ title: o.title!, description: o.description, tags: o.tag, reward: { amount: o.reward!, currency: 'USDC' } });
    case 'claim': return ac.claim(id());
    case 'accept': return ac.accept(id());
    case 'cancel': return ac.cancel(id());
    case 'submit': return ac.submit(id(), o.result ?? fail('submit needs --result'), o.url);
    case 'events': return ac.events(saved.agentId ?? fail('events needs a registered agent (run register first)'), { type: o.type, limit });
    case 'scan': {
      if (!positionals.length) fail('scan needs at least one file');
      const files = positionals.map((path) => ({ path: path.replace(/^(\.\.?\/)+/, ''), text: readFileSync(path, 'utf8') }));
      return ac.scan({ name: o.name ?? positionals[0], files });
    }
    case 'feed': return ac.feed();
    default: fail(USAGE);
  }
}

function fail(message: string): never {
  throw Object.assign(new Error(message), { usage: true });
}

main(process.argv.slice(2)).then(
  (out) => process.stdout.write(`${JSON.stringify(out, null, 2)}\n`),
  (err) => {
    process.stderr.write(`${err instanceof AgentCommerceError ? err.message : (err as Error).message}\n`);
    process.exit((err as { usage?: boolean }).usage ? 2 : 1);
  },
);
