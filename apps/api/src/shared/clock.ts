/** Time source. Services never call `new Date()` or `setTimeout` themselves, so tests can move time without waiting. */
export interface Clock {
  now(): Date;
  /** Waits `ms` milliseconds of this clock's time. */
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => new Date(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** A clock for tests: starts at `start` and only moves when told (a sleep moves it at once). */
export class ManualClock implements Clock {
  private current: number;
  /** Every sleep asked of this clock, in order (tests read the delays a service imposed). */
  readonly sleeps: number[] = [];
  constructor(start: Date = new Date('2026-11-21T12:00:00Z')) {
    this.current = start.getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current += ms;
  }
  async sleep(ms: number): Promise<void> {
    this.sleeps.push(ms);
    this.advance(ms);
  }
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export function addMs(date: Date, ms: number): Date {
  return new Date(date.getTime() + ms);
}
