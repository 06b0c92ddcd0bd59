/** The one source of "now". Tests pass a fixed or settable clock to buildApp. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock frozen at an instant that tests can move. */
export class SettableClock implements Clock {
  private current: Date;

  constructor(instant: string | Date) {
    this.current = new Date(instant);
  }

  now(): Date {
    return new Date(this.current);
  }

  set(instant: string | Date): void {
    this.current = new Date(instant);
  }

  advanceMinutes(minutes: number): void {
    this.current = new Date(this.current.getTime() + minutes * 60_000);
  }
}
