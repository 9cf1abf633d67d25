/** Reads of one thing whose answers are applied only if no later read was asked for meanwhile. */
export interface LatestOnly {
  /** Applies what `read` settles to, unless a later read (or `supersede`) came after it. */
  apply<T>(read: Promise<T>, onValue: (value: T) => void, onError: (err: Error) => void): Promise<void>;
  /** Drops every read in flight: the caller set something newer than any of them. */
  supersede(): void;
}

/**
 * Answers can arrive out of order: an earlier read that settles last would put back what it read
 * (the channel editor showed the channel selected before the last click). The last read asked wins.
 */
export function createLatestOnly(): LatestOnly {
  let asked = 0;
  return {
    apply(read, onValue, onError) {
      const mine = ++asked;
      return read.then(
        (value) => void (mine === asked && onValue(value)),
        (err: Error) => void (mine === asked && onError(err)),
      );
    },
    supersede() {
      asked++;
    },
  };
}
