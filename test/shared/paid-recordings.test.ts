/**
 * Paid recordings that arrive together, written by one statement (recordPaidInsert's set
 * commit), against a real PostgreSQL: each is answered with its own rows, a replayed or raced
 * proof gets its PaymentReplayError and costs its neighbours nothing, and a connection lost in
 * the middle of a group writes nothing twice.
 */
import { randomBytes } from 'node:crypto';
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJob, type JobInput } from '../../shared/jobs/create.js';
import { PaymentReplayError } from '../../shared/payments/errors.js';
import { recordPaidInsert, type AcceptedPayment } from '../../shared/payments/record.js';
import { createPool } from '../../shared/db/pool.js';
import { createTestDb, type TestDb } from '../helpers/db.js';

let db: TestDb;

beforeAll(async () => {
  db = await createTestDb();
  // A resource whose INSERT ends its own connection the first time it writes a row noted 'die'
  // (a sequence, because it is not rolled back with the statement).
  await db.pool.query(`
    CREATE TABLE things (id text PRIMARY KEY, note text NOT NULL);
    CREATE SEQUENCE things_deaths;
    CREATE FUNCTION things_die() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.note = 'die' AND nextval('things_deaths') = 1 THEN PERFORM pg_terminate_backend(pg_backend_pid()); END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER things_die BEFORE INSERT ON things FOR EACH ROW EXECUTE FUNCTION things_die();
  `);
});

afterAll(async () => {
  await db.drop();
});

const FEE = 100_000n;
const input = (title: string): JobInput => ({ title, description: 'grouped', tags: ['group'], requirements: null, reward: 1_000_000n, deadline: null });

/** A payment the rail verified, with a fresh proof id unless one is given. */
function paid(proofId = `eip155:84532:0xpayer:0x${randomBytes(32).toString('hex')}`): AcceptedPayment {
  return { rail: 'x402', proofId, payer: '0x00000000000000000000000000000000000000aa', amount: FEE + 1_000_000n, currency: 'USDC', payload: { n: proofId }, requirements: {} };
}

/** The transaction ids that wrote these jobs (one per transaction; xmin). */
async function writers(jobIds: string[]): Promise<string[]> {
  const { rows } = await db.pool.query<{ xmin: string }>('SELECT xmin::text FROM jobs WHERE id = ANY($1::text[])', [jobIds]);
  return rows.map((r) => r.xmin);
}

async function countWhere(sql: string, values: unknown[]): Promise<number> {
  const { rows } = await db.pool.query<{ n: string }>(sql, values);
  return Number(rows[0].n);
}

describe('paid recordings that arrive together', () => {
  it('are written by one statement, each answered with its own job and payment', async () => {
    const posted = await Promise.all(Array.from({ length: 7 }, (_, i) => postJob(db.pool, input(`job ${i}`), FEE, paid(), null)));
    posted.forEach((p, i) => {
      expect(p.job).toMatchObject({ title: `job ${i}`, status: 'pending_payment', payment_id: p.payment.id });
      expect(p.payment).toMatchObject({ subject_id: p.job.id, status: 'pending', purpose: 'job', amount: FEE + 1_000_000n });
      expect(p.posterKey).toMatch(/^ac_job_/);
    });
    // The first starts at once on its own; the six arriving meanwhile share one transaction.
    const [first, ...rest] = await Promise.all(posted.map((p) => writers([p.job.id])));
    expect(new Set(rest.flat()).size).toBe(1);
    expect(first[0]).not.toBe(rest[0][0]);
  });

  it('give a replayed proof among them its PaymentReplayError and write every other one', async () => {
    const used = paid();
    await postJob(db.pool, input('the first use'), FEE, used, null);
    const outcomes = await Promise.allSettled([
      postJob(db.pool, input('a'), FEE, paid(), null),
      postJob(db.pool, input('b'), FEE, paid(), null),
      postJob(db.pool, input('replayed'), FEE, paid(used.proofId), null),
      postJob(db.pool, input('c'), FEE, paid(), null),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[2] as PromiseRejectedResult).reason).toBeInstanceOf(PaymentReplayError);
    expect(await countWhere("SELECT count(*) AS n FROM jobs WHERE title = 'replayed'", [])).toBe(0);
    expect(await countWhere('SELECT count(*) AS n FROM payments WHERE proof_id = $1', [used.proofId])).toBe(1);
    expect(await countWhere("SELECT count(*) AS n FROM jobs WHERE title IN ('a', 'b', 'c')", [])).toBe(3);
  });

  it('write a proof raced twice inside one group once, and refuse the other', async () => {
    const raced = paid();
    const outcomes = await Promise.allSettled([
      postJob(db.pool, input('starts alone'), FEE, paid(), null),
      postJob(db.pool, input('race 1'), FEE, raced, null),
      postJob(db.pool, input('race 2'), FEE, paid(raced.proofId), null),
      postJob(db.pool, input('bystander'), FEE, paid(), null),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect(refused[0].reason).toBeInstanceOf(PaymentReplayError);
    expect(await countWhere('SELECT count(*) AS n FROM payments WHERE proof_id = $1', [raced.proofId])).toBe(1);
    expect(await countWhere("SELECT count(*) AS n FROM jobs WHERE title IN ('race 1', 'race 2')", [])).toBe(1);
    expect(await countWhere("SELECT count(*) AS n FROM jobs WHERE title IN ('starts alone', 'bystander')", [])).toBe(2);
  });

  it('write nothing of a group whose connection is killed in the middle, then each one on its own, once', async () => {
    const insertThing = 'INSERT INTO things (id, note) VALUES ($1, $2) RETURNING id, note';
    const record = (id: string, note: string) => recordPaidInsert<{ id: string; note: string }>(db.pool, insertThing, [id, note], paid(), 'thing', id);
    const ids = ['t0', 't1', 't2', 't3', 't4'];
    // t0 starts alone; t1 to t4 form a group, whose statement ends its connection at t2.
    const recorded = await Promise.all(ids.map((id) => record(id, id === 't2' ? 'die' : 'fine')));
    expect(await countWhere("SELECT last_value AS n FROM things_deaths", [])).toBe(2);
    expect(recorded.map((r) => r.resource.id)).toEqual(ids);
    recorded.forEach((r, i) => expect(r.payment).toMatchObject({ subject_id: ids[i], purpose: 'thing', status: 'pending' }));
    expect(await countWhere('SELECT count(*) AS n FROM things', [])).toBe(5);
    expect(await countWhere("SELECT count(*) AS n FROM payments WHERE purpose = 'thing'", [])).toBe(5);
  });
});

/**
 * A loopback proxy to PostgreSQL that, once, forwards a message holding `marker` and drops what
 * the server answers to it, then closes the client's socket: the statement commits, and its
 * caller sees a lost connection.
 */
async function answerLosingProxy(target: URL, marker: string): Promise<{ port: number; server: Server; tripped: () => boolean }> {
  let armed = true;
  const server = createServer((client: Socket) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    let losing = false;
    client.on('data', (chunk) => {
      if (armed && chunk.includes(marker)) {
        armed = false;
        losing = true;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!losing) client.write(chunk);
      // The server's ReadyForQuery ('Z') ends the statement's answer: by then it has committed.
      else if (chunk.includes(Buffer.from([0x5a, 0, 0, 0, 5]))) client.destroy();
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, server, tripped: () => !armed };
}

describe('a group whose commit\'s answer is lost', () => {
  it('answers each of its recordings with the job it recorded, not as a replay', async () => {
    const url = new URL(db.url);
    const proxy = await answerLosingProxy(new URL(db.url), 'answer-lost');
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    const pool = createPool(url.toString(), 5);
    try {
      // The first starts alone; the others form a group, whose statement holds the marker.
      const titles = ['first alone', 'grouped a', 'answer-lost', 'grouped c', 'grouped d'];
      const posted = await Promise.all(titles.map((t) => postJob(pool, input(t), FEE, paid(), null)));
      expect(proxy.tripped()).toBe(true);
      expect(posted.map((p) => p.job.title)).toEqual(titles);
      for (const p of posted) expect(p.payment).toMatchObject({ subject_id: p.job.id, purpose: 'job', status: 'pending' });
      // Each job and payment once: the lost answer wrote nothing twice.
      const ids = posted.map((p) => p.job.id);
      expect(await countWhere('SELECT count(*) AS n FROM jobs WHERE id = ANY($1::text[])', [ids])).toBe(5);
      expect(await countWhere("SELECT count(*) AS n FROM payments WHERE purpose = 'job' AND subject_id = ANY($1::text[])", [ids])).toBe(5);
    } finally {
      await pool.end();
      await new Promise((resolve) => proxy.server.close(resolve));
    }
  });

  it('still refuses a proof that another request recorded', async () => {
    const proof = paid();
    await postJob(db.pool, input('the first use'), FEE, proof, null);
    await expect(postJob(db.pool, input('a replay'), FEE, proof, null)).rejects.toBeInstanceOf(PaymentReplayError);
  });
});
