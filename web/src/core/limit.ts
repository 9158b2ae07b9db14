// Requests at most a few at a time: the server refuses heavy requests (analysis, records,
// previews) beyond its slots with `429 busy`, so a page that asks for many (the front page's
// scenario pictures) queues them instead of having them refused and retried.

/** Runs jobs with at most `limit` under way; urgent ones go ahead of the queue. */
export class Limiter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  /** A limiter letting `limit` jobs run at once. */
  constructor(private readonly limit: number) {}

  /** Runs `job` when a slot is free; resolves or rejects as it does. */
  async run<T>(job: () => Promise<T>, urgent = false): Promise<T> {
    if (this.running >= this.limit) {
      await new Promise<void>((resolve) => (urgent ? this.waiting.unshift(resolve) : this.waiting.push(resolve)));
    } else {
      this.running += 1;
    }
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  /** How many jobs are running now. */
  get active(): number {
    return this.running;
  }
}
