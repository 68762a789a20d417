/** Time source. Services never call `new Date()` themselves, so tests can move time without waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock for tests: starts at `start` and only moves when told. */
export class ManualClock implements Clock {
  private current: number;
  constructor(start: Date = new Date('2026-11-21T12:00:00Z')) {
    this.current = start.getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current += ms;
  }
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;

export function addMs(date: Date, ms: number): Date {
  return new Date(date.getTime() + ms);
}
