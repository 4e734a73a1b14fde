/**
 * Single-flight: identical requests that arrive while one computation of theirs is running share it
 * instead of each starting their own. The entry is dropped as soon as the computation settles, so
 * nothing is cached beyond that: a request arriving afterwards computes afresh (and sees every change
 * committed before it arrived). The insights endpoints use it because one big facility's compliance
 * costs tens of milliseconds of CPU and a few MB, and a page load or a burst of users asks the same
 * question many times at once.
 */
export interface SingleFlight<T> {
  /** The running computation for `key` if there is one, else `compute()` (shared until it settles). */
  run(key: string, compute: () => Promise<T>): Promise<T>;
  /** How many computations are running (for tests). */
  readonly running: number;
}

export function createSingleFlight<T>(): SingleFlight<T> {
  const flights = new Map<string, Promise<T>>();
  return {
    run(key, compute) {
      const running = flights.get(key);
      if (running) return running;
      const flight = (async () => {
        try {
          return await compute();
        } finally {
          flights.delete(key);
        }
      })();
      flights.set(key, flight);
      return flight;
    },
    get running() {
      return flights.size;
    },
  };
}
