import type { Clock } from "../../src/clock";

/** A clock that only moves when told to, so time-based rules are tested without sleeping. */
export class ManualClock implements Clock {
  private current: number;
  constructor(start: Date | string = "2026-03-02T09:00:00Z") {
    this.current = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current += ms;
  }
  set(to: Date | string): void {
    this.current = new Date(to).getTime();
  }
}
