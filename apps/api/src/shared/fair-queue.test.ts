// The hashing queue's scheduling with a fake hasher (tasks that end when the test says): which
// task starts when, in order; no timing.
import { describe, expect, it } from 'vitest';
import { FairQueue, type Lane, QueueFullError } from './fair-queue.js';
import { laneOf, networkOf } from './passwords.js';

/** A queue whose tasks record their start and end only when `finish` is called. */
function harness(concurrency: number, bounds = { maxWaitingPerLane: 100, maxWaiting: 1000 }) {
  const queue = new FairQueue({ concurrency, ...bounds });
  const started: string[] = [];
  const pending = new Map<string, () => void>();
  const submit = (name: string, lane: Lane) =>
    queue.run(lane, () => {
      started.push(name);
      return new Promise<string>((resolve) => pending.set(name, () => resolve(name)));
    });
  /** Ends a running task and lets the queue start the next ones. */
  const finish = async (name: string) => {
    const end = pending.get(name);
    if (!end) throw new Error(`${name} is not running`);
    pending.delete(name);
    end();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { queue, started, submit, finish, running: () => [...pending.keys()] };
}

const net = (key: string): Lane => ({ key, priority: false });

describe('the fair hashing queue', () => {
  it('takes lanes in turn: a flood from one network waits behind itself, not in front of a newcomer', async () => {
    const { started, submit, finish } = harness(1);
    for (let i = 1; i <= 5; i += 1) void submit(`flood-${i}`, net('203.0.113.0/24'));
    void submit('honest', net('198.51.100.0/24'));
    expect(started).toEqual(['flood-1']);
    await finish('flood-1');
    // A FIFO would run flood-2 … flood-5 first.
    expect(started).toEqual(['flood-1', 'honest']);
    await finish('honest');
    await finish('flood-2');
    expect(started).toEqual(['flood-1', 'honest', 'flood-2', 'flood-3']);
  });

  it('rotates over many lanes, one task of each per round, in order of arrival', async () => {
    const { started, submit, finish, running } = harness(2);
    for (const lane of ['a', 'b', 'c']) for (let i = 1; i <= 2; i += 1) void submit(`${lane}${i}`, net(lane));
    expect(started).toEqual(['a1', 'a2']); // free slots are taken at once
    while (running().length > 0) await finish(running()[0] ?? '');
    expect(started).toEqual(['a1', 'a2', 'b1', 'c1', 'b2', 'c2']);
  });

  it('does not let a stream of new lanes (rotating addresses) keep a returning lane from its turn', async () => {
    const { started, submit, finish } = harness(1);
    void submit('honest-1', net('honest'));
    for (let i = 1; i <= 3; i += 1) void submit(`new-${i}`, net(`rotating-${i}`));
    await finish('honest-1');
    void submit('honest-2', net('honest'));
    // Every finished task brings two more new lanes; honest-2 still starts after those already waiting.
    let next = 4;
    for (let round = 0; round < 4 && !started.includes('honest-2'); round += 1) {
      await finish(started.at(-1) ?? '');
      for (let j = 0; j < 2; j += 1) void submit(`new-${next}`, net(`rotating-${next++}`));
    }
    expect(started).toEqual(['honest-1', 'new-1', 'new-2', 'new-3', 'honest-2']);
  });

  it('serves known browsers in turn with all other lanes, however many networks flood', async () => {
    const { started, submit, finish } = harness(1);
    for (let i = 1; i <= 20; i += 1) void submit(`flood-${i}`, net(`net-${i}`));
    void submit('owner', { key: 'device:7', priority: true });
    void submit('other-owner', { key: 'device:8', priority: true });
    await finish('flood-1');
    expect(started).toEqual(['flood-1', 'owner']);
    await finish('owner');
    await finish('flood-2');
    expect(started).toEqual(['flood-1', 'owner', 'flood-2', 'other-owner']);
    // Known browsers do not starve the others either: the tiers alternate.
    void submit('owner-again', { key: 'device:7', priority: true });
    await finish('other-owner');
    await finish('flood-3');
    await finish('owner-again');
    expect(started.slice(4)).toEqual(['flood-3', 'owner-again', 'flood-4']);
  });

  it('refuses at once past the waiting bounds of a lane and of the queue, and keeps serving', async () => {
    const { queue, submit, finish } = harness(1, { maxWaitingPerLane: 2, maxWaiting: 3 });
    void submit('a1', net('a'));
    void submit('a2', net('a'));
    void submit('a3', net('a'));
    await expect(submit('a4', net('a'))).rejects.toEqual(new QueueFullError('lane'));
    void submit('b1', net('b'));
    await expect(submit('c1', net('c'))).rejects.toEqual(new QueueFullError('queue'));
    const server = queue.run({ key: 'server', priority: false, unbounded: true }, async () => 'seeded');
    expect(queue.stats()).toEqual({ running: 1, waiting: 4 });
    await finish('a1');
    await finish('b1'); // b and the server had no turn yet: before a2
    await expect(server).resolves.toBe('seeded');
    await finish('a2');
    await finish('a3');
    expect(queue.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('passes a task’s failure to its caller and frees its slot', async () => {
    const queue = new FairQueue({ concurrency: 1, maxWaitingPerLane: 4, maxWaiting: 4 });
    await expect(queue.run(net('x'), async () => Promise.reject(new Error('bad hash')))).rejects.toThrow('bad hash');
    await expect(queue.run(net('x'), async () => 42)).resolves.toBe(42);
    expect(queue.stats()).toEqual({ running: 0, waiting: 0 });
  });
});

describe('lanes of requests', () => {
  it('groups addresses by network and gives a known browser its own lane', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:203.0.113.200')).toBe('203.0.113.0/24');
    expect(networkOf('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
    expect(networkOf(null)).toBe('unknown');
    expect(laneOf('203.0.113.7')).toEqual({ key: 'net:203.0.113.0/24', priority: false });
    expect(laneOf('203.0.113.7', 12)).toEqual({ key: 'device:12', priority: true });
  });
});
