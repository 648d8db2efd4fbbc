/**
 * Heavy steps of large requests take turns of the event loop: joining, decoding or
 * parsing a large body, writing or reading a part of a large text. On the embedded database a
 * statement runs in this thread too, and answers without a turn of the loop, so steps that
 * follow one another, or steps of several requests at once, would run back to back while no
 * socket is read and every other request waits. Each step here waits for a turn in which it is
 * the only one: in between, the loop reads sockets, fires timers and runs other requests.
 */

const waiting: (() => void)[] = [];
let pumping = false;

function pump(): void {
  pumping = true;
  setImmediate(() => {
    const next = waiting.shift();
    if (next) {
      // The caller's step runs right after this callback (its microtasks), and the next
      // caller's in a later turn: an immediate queued now runs in the loop's next iteration.
      next();
      pump();
    } else {
      pumping = false;
    }
  });
}

/** Resolves in a turn of the event loop that no other caller shares, callers in order. */
export function heavyTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!pumping) pump();
  });
}
