/**
 * Long main-thread work in slices: a generator does the work and yields at points where it may
 * pause; `runInSlices` runs it for up to `sliceMs` at a time and lets the browser paint and handle
 * input in between, so no single task grows with the size of the input.
 */

/** Main-thread time one slice may take before the browser gets a turn. */
export const SLICE_MS = 8;

/** Resolves after the browser has had a turn (a message task: not clamped like setTimeout). */
export function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Runs a generator to completion synchronously (small inputs, tests). */
export function runToEnd<T>(steps: Iterator<unknown, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * Runs a generator in slices of about `sliceMs`; resolves with its return value, or with
 * `undefined` when `isCancelled` turns true between slices.
 */
export async function runInSlices<T>(
  steps: Iterator<unknown, T>,
  isCancelled: () => boolean = () => false,
  sliceMs: number = SLICE_MS,
): Promise<T | undefined> {
  let sliceStart = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - sliceStart >= sliceMs) {
      await yieldToBrowser();
      if (isCancelled()) {
        steps.return?.(undefined as T);
        return undefined;
      }
      sliceStart = performance.now();
    }
  }
}

/** Characters encoded per task by {@link blobInSlices}. */
const BLOB_SLICE_CHARS = 64 * 1024;

/**
 * A Blob of `text` (UTF-8) made over several tasks: each slice is encoded in its own task, and
 * the Blob of the slices only references them. Putting a Blob in IndexedDB copies nothing on the
 * main thread, where putting a 4 MB string clones it in one task of 100–250 ms. Slices end after
 * a line feed, so no surrogate pair is split. Resolves undefined when `isCancelled` turns true.
 */
export async function blobInSlices(
  text: string,
  isCancelled: () => boolean = () => false,
): Promise<Blob | undefined> {
  const parts: Blob[] = [];
  for (let offset = 0; offset < text.length;) {
    let end = Math.min(text.length, offset + BLOB_SLICE_CHARS);
    if (end < text.length) {
      const newline = text.indexOf('\n', end);
      end = newline === -1 ? text.length : newline + 1;
    }
    parts.push(new Blob([text.slice(offset, end)], { type: 'text/plain;charset=utf-8' }));
    offset = end;
    if (offset < text.length) {
      await yieldToBrowser();
      if (isCancelled()) return undefined;
    }
  }
  return new Blob(parts, { type: 'text/plain;charset=utf-8' });
}

/** Bytes decoded per task by {@link textOfBlob}. */
const DECODE_SLICE_BYTES = 1024 * 1024;

/**
 * A Blob's text (UTF-8, as `Blob.text()` reads it) decoded over several tasks: `Blob.text()`
 * decodes the whole Blob in one task, which for a 13 MB workspace record was a task of 200 ms
 * on a reload. Each slice's bytes arrive in a task of their own and are decoded there; a
 * character split between slices is carried over by the streaming decoder.
 */
export async function textOfBlob(blob: Blob): Promise<string> {
  if (blob.size <= DECODE_SLICE_BYTES) return blob.text();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  for (let offset = 0; offset < blob.size; offset += DECODE_SLICE_BYTES) {
    const bytes = await blob.slice(offset, offset + DECODE_SLICE_BYTES).arrayBuffer();
    parts.push(decoder.decode(bytes, { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.join('');
}

/**
 * The text of UTF-8 `bytes` (as `TextEncoder` made them: a leading U+FEFF is kept) decoded over
 * several tasks, {@link DECODE_SLICE_BYTES} per task, each in a task after the caller's: a
 * 13 MB text that crossed from a worker as a string was deserialised in one task of 25–40 ms CPU
 * (more on a busy machine); its bytes cross transferred, at no cost, and are decoded here. A
 * character split between slices is carried over by the streaming decoder.
 */
export async function textOfBytes(bytes: Uint8Array): Promise<string> {
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  if (bytes.byteLength <= DECODE_SLICE_BYTES) return decoder.decode(bytes);
  const parts: string[] = [];
  for (let offset = 0; offset < bytes.byteLength; offset += DECODE_SLICE_BYTES) {
    await yieldToBrowser();
    const end = Math.min(bytes.byteLength, offset + DECODE_SLICE_BYTES);
    parts.push(decoder.decode(bytes.subarray(offset, end), { stream: true }));
  }
  parts.push(decoder.decode());
  // The join (one copy of the whole text) in a task of its own too.
  await yieldToBrowser();
  return parts.join('');
}
