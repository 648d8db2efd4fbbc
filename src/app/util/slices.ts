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

/** Characters encoded per step of {@link bytesInSlices} (a step is well under a millisecond). */
const ENCODE_STEP_CHARS = 64 * 1024;

/**
 * The UTF-8 bytes of `text` (as `TextEncoder` makes them) encoded into one buffer in slices of
 * about `sliceMs`, so that the bytes can be transferred to a worker: posting a 13 MB string
 * clones it in one task, and Blobs of its slices cost more than the clone (the Blob constructor
 * took most of a copy's main-thread time). The buffer starts at one byte per character and grows
 * when the text needs more. Resolves undefined when `isCancelled` turns true between slices.
 */
export function bytesInSlices(
  text: string,
  isCancelled: () => boolean = () => false,
  sliceMs: number = SLICE_MS,
): Promise<Uint8Array | undefined> {
  return runInSlices(encodeSteps(text), isCancelled, sliceMs);
}

/** The steps of {@link bytesInSlices}; run with {@link runToEnd}, the bytes at once. */
export function* encodeSteps(text: string): Generator<void, Uint8Array> {
  const encoder = new TextEncoder();
  let bytes = new Uint8Array(text.length);
  let written = 0;
  for (let offset = 0; offset < text.length;) {
    let end = Math.min(text.length, offset + ENCODE_STEP_CHARS);
    // A surrogate pair stays in one step (alone, each half would be encoded as U+FFFD).
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
    const { read, written: added } = encoder.encodeInto(
      text.slice(offset, end),
      bytes.subarray(written),
    );
    offset += read;
    written += added;
    if (offset < end) {
      // Full: room for the rest of this step at 3 bytes a character, the rest at one.
      const needed = written + (end - offset) * 3 + (text.length - end);
      const grown = new Uint8Array(Math.max(needed, Math.ceil(bytes.length * 1.5)));
      grown.set(bytes.subarray(0, written));
      bytes = grown;
    }
    yield;
  }
  return bytes.subarray(0, written);
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
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

/**
 * Where the slice of `text` that starts at `offset` ends: `size` characters on, after the next
 * line feed within `size` more characters. A longer line (a minified JSON document is one line
 * of 47 MB) is cut there, never between a CR and its LF (two line breaks in the model) or inside
 * a surrogate pair; before, such a text went in as one slice (a task of 0.3–1.4 s).
 */
export function textSliceEnd(text: string, offset: number, size: number): number {
  const end = offset + size;
  if (end >= text.length) return text.length;
  const limit = Math.min(text.length, end + size);
  for (let at = end; at < limit; at++) {
    if (text.charCodeAt(at) === 10) return at + 1;
  }
  if (limit === text.length) return limit;
  const last = text.charCodeAt(limit - 1);
  // A CR ending the slice goes with the LF after it; a high surrogate with its low half.
  return last === 13 || (last >= 0xd800 && last <= 0xdbff) ? limit + 1 : limit;
}
