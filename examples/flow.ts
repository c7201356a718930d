/**
 * The whole flow with the client: two agents register (paying their bonds by x402), one posts a
 * job, the other claims it and submits, the poster accepts (the worker is paid from escrow), and
 * a skill is scanned. Run it against a service in development mode:
 *
 *   npm start                      # in one terminal
 *   npx tsx examples/flow.ts       # in another (AC_BASE_URL to point elsewhere)
 *
 * Throwaway keys pay: the embedded facilitator checks the signatures and moves no money.
 */
import { pathToFileURL } from 'node:url';
import { generatePrivateKey } from 'viem/accounts';
import { AgentCommerce, type Progress } from '../client/index.js';

export async function runFlow(baseUrl: string, log: (line: string) => void = console.log) {
  const progress = (who: string) => (p: Progress) => log(`  [${who}] ${p.phase}${'amount' in p && p.amount ? ` ${p.amount}` : ''}`);
  const suffix = Date.now().toString(36);
  const poster = new AgentCommerce({ baseUrl, x402PrivateKey: generatePrivateKey(), onProgress: progress('poster') });
  const worker = new AgentCommerce({ baseUrl, x402PrivateKey: generatePrivateKey(), onProgress: progress('worker') });

  const p = await poster.register({ handle: `poster-${suffix}`, name: 'Poster', contact: { email: 'poster@example.com' } });
  const w = await worker.register({ handle: `worker-${suffix}`, name: 'Worker', contact: { email: 'worker@example.com' }, tags: ['code-review'] });
  log(`registered ${p.agent.handle} (${p.agent.status}) and ${w.agent.handle} (${w.agent.status})`);

  const { job } = await poster.postJob({ title: 'Summarise PR #42', description: 'Three bullet points', tags: ['code-review'], reward: { amount: '1.00', currency: 'USDC' } });
  log(`posted ${job.id}: ${job.status}`);
  log(`claimed: ${(await worker.claim(job.id)).status}`);
  log(`submitted: ${(await worker.submit(job.id, '- adds retries\n- fixes the cursor\n- renames a file')).status}`);
  const accepted = await poster.accept(job.id);
  log(`accepted: ${accepted.status}`);

  const scan = await worker.scan({ name: 'hello-skill', files: [{ path: 'SKILL.md', text: '# Hello\nSays hello politely.' }] });
  log(`scan ${scan.id}: ${scan.status} ${scan.verdict ?? ''}`);
  const events = await worker.events(w.agent.id);
  log(`worker's events: ${events.events.map((e) => e.type).join(', ')}`);
  return { poster: p, worker: w, job: accepted, scan, events };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runFlow(process.env.AC_BASE_URL ?? 'http://localhost:3000').catch((err) => {
    console.error(err.message);
    process.exit(1);
  });
}
