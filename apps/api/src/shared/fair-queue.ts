// A queue of expensive tasks (argon2id hashing) with bounded concurrency and fairness between
// lanes: tasks of one lane (a client network, or an account's known browser) run one after the
// other, lanes take turns (fair queueing by start tags), and the lanes of known browsers alternate with the
// others, so a flood from some networks waits behind itself instead of in front of everyone.
// Each lane and the whole queue hold a bounded number of waiting tasks; past it a task is refused
// at once (QueueFullError) rather than queued for longer than anyone would wait.

export interface Lane {
  /** Tasks with the same key share one turn. */
  key: string;
  /** Known browsers' lanes: served in turn with the other lanes, whatever their number. */
  priority: boolean;
  /** The server's own work (seeding, tests): never refused for the waiting bounds. */
  unbounded?: boolean;
}

export class QueueFullError extends Error {
  constructor(readonly scope: 'lane' | 'queue') {
    super(scope === 'lane' ? 'too many waiting tasks in this lane' : 'too many waiting tasks');
  }
}

interface Job {
  start: () => void;
}

/**
 * Start-time fair queueing over the lanes of one tier (tasks of equal cost): a task's tag is one
 * after its lane's previous task and never before the tier's current turn; a lane never seen
 * starts one after the turn. The lowest tag runs first; among equal tags, lanes served fewer times
 * first, then the order of arrival. A lane that just had a turn waits behind one that had none,
 * and since new lanes never start before the next turn, a flood of new lanes (rotating addresses)
 * cannot keep a waiting lane from its turn.
 */
interface Tagged {
  tag: number;
  served: number;
  arrival: number;
}

function before(a: Tagged, b: Tagged): boolean {
  if (a.tag !== b.tag) return a.tag < b.tag;
  if (a.served !== b.served) return a.served < b.served;
  return a.arrival < b.arrival;
}

class Tier {
  private turn = 0;
  private arrivals = 0;
  private readonly lastTag = new Map<string, number>();
  private readonly served = new Map<string, number>();
  private readonly waitingPerLane = new Map<string, number>();
  private readonly jobs: { key: string; tag: number; served: number; arrival: number; job: Job }[] = [];

  get size(): number {
    return this.jobs.length;
  }

  waiting(key: string): number {
    return this.waitingPerLane.get(key) ?? 0;
  }

  push(key: string, job: Job): void {
    const last = this.lastTag.get(key);
    const tag = last === undefined ? this.turn + 1 : Math.max(this.turn, last + 1);
    this.lastTag.set(key, tag);
    this.waitingPerLane.set(key, this.waiting(key) + 1);
    this.jobs.push({ key, tag, served: this.served.get(key) ?? 0, arrival: this.arrivals++, job });
  }

  /** The task with the lowest tag (among equals: the lane served fewer times, then the first to arrive). */
  shift(): Job | undefined {
    let best = -1;
    for (const [i, entry] of this.jobs.entries()) {
      const current = this.jobs[best];
      if (!current || before(entry, current)) best = i;
    }
    const [next] = best >= 0 ? this.jobs.splice(best, 1) : [];
    if (!next) return undefined;
    this.turn = next.tag;
    this.served.set(next.key, (this.served.get(next.key) ?? 0) + 1);
    const left = this.waiting(next.key) - 1;
    if (left > 0) this.waitingPerLane.set(next.key, left);
    else this.waitingPerLane.delete(next.key);
    this.forgetIdleLanes();
    return next.job;
  }

  /** Lanes with nothing waiting whose last tag is behind the turn would get the turn anyway. */
  private forgetIdleLanes(): void {
    if (this.lastTag.size <= 2 * this.waitingPerLane.size + 64) return;
    for (const [key, tag] of this.lastTag) {
      if (tag < this.turn && !this.waitingPerLane.has(key)) {
        this.lastTag.delete(key);
        this.served.delete(key);
      }
    }
  }
}

export interface FairQueueOptions {
  /** Tasks running at once. */
  concurrency: number;
  /** Waiting tasks per lane (not counting the running ones). */
  maxWaitingPerLane: number;
  /** Waiting tasks in all. */
  maxWaiting: number;
}

export class FairQueue {
  private running = 0;
  private waiting = 0;
  private readonly priority = new Tier();
  private readonly others = new Tier();
  /** Which tier had the last turn, so that the two alternate when both wait. */
  private lastWasPriority = false;

  constructor(private readonly options: FairQueueOptions) {
    if (!(options.concurrency >= 1)) throw new Error('a fair queue needs a concurrency of at least 1');
  }

  /** Tasks running and waiting now (for tests and metrics). */
  stats(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting };
  }

  /** Runs `task` in its lane's turn; refuses at once (QueueFullError) when the lane or the queue is full. */
  run<T>(lane: Lane, task: () => Promise<T>): Promise<T> {
    const tier = lane.priority ? this.priority : this.others;
    if (!lane.unbounded) {
      if (tier.waiting(lane.key) >= this.options.maxWaitingPerLane) return Promise.reject(new QueueFullError('lane'));
      if (this.waiting >= this.options.maxWaiting) return Promise.reject(new QueueFullError('queue'));
    }
    const result = new Promise<T>((resolve, reject) => {
      this.waiting += 1;
      tier.push(lane.key, { start: () => this.execute(task).then(resolve, reject) });
    });
    this.dispatch();
    return result;
  }

  private execute<T>(task: () => Promise<T>): Promise<T> {
    this.running += 1;
    const done = () => {
      this.running -= 1;
      this.dispatch();
    };
    let result: Promise<T>;
    try {
      result = task();
    } catch (error) {
      result = Promise.reject(error);
    }
    return result.finally(done);
  }

  private dispatch(): void {
    while (this.running < this.options.concurrency && this.waiting > 0) {
      const preferPriority = this.priority.size > 0 && (!this.lastWasPriority || this.others.size === 0);
      const tier = preferPriority ? this.priority : this.others;
      const job = tier.shift();
      if (!job) return;
      this.lastWasPriority = preferPriority;
      this.waiting -= 1;
      job.start();
    }
  }
}
