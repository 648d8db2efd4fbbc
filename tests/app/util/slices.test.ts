import { describe, expect, it } from 'vitest';
import {
  bytesInSlices,
  encodeSteps,
  runInSlices,
  runToEnd,
  textOfBlob,
  textOfBytes,
  textSliceEnd,
} from '../../../src/app/util/slices';

function* counting(steps: number, log: string[]): Generator<void, number> {
  for (let i = 0; i < steps; i++) {
    log.push(`step ${i}`);
    yield;
  }
  return steps;
}

describe('runInSlices', () => {
  it('gives the browser a turn between slices and returns the result', async () => {
    const log: string[] = [];
    const done = runInSlices(counting(3, log), () => false, 0);
    // The first slice ran synchronously; the rest waits for a message task.
    expect(log).toEqual(['step 0']);
    log.push('browser turn');
    expect(await done).toBe(3);
    expect(log).toEqual(['step 0', 'browser turn', 'step 1', 'step 2']);
  });

  it('stops between slices once cancelled', async () => {
    const log: string[] = [];
    let cancelled = false;
    const done = runInSlices(counting(5, log), () => cancelled, 0);
    cancelled = true;
    expect(await done).toBeUndefined();
    expect(log).toEqual(['step 0']);
  });

  it('runs a slice to its time budget before yielding', async () => {
    const log: string[] = [];
    expect(await runInSlices(counting(50, log), () => false, 10_000)).toBe(50);
    expect(log).toHaveLength(50);
  });
});

describe('runToEnd', () => {
  it('runs the generator synchronously', () => {
    expect(runToEnd(counting(4, []))).toBe(4);
  });
});

describe('bytesInSlices', () => {
  /** Whether `bytes` are the UTF-8 of `text` (compared natively: toEqual goes byte by byte). */
  const isUtf8Of = (bytes: Uint8Array | undefined, text: string) =>
    bytes !== undefined && Buffer.from(new TextEncoder().encode(text)).equals(bytes);

  it('encodes a large text as TextEncoder does, over several tasks', async () => {
    const line = 'описание: "😀 emoji and Cyrillic" # комментарий\n';
    const text = line.repeat(20_000); // about 1 M characters, mostly 2 and 4 bytes a character
    let turns = 0;
    const bytes = await bytesInSlices(
      text,
      () => {
        turns++;
        return false;
      },
      0,
    );
    expect(turns).toBeGreaterThan(2);
    expect(isUtf8Of(bytes, text)).toBe(true);
    expect(new TextDecoder().decode(bytes)).toBe(text);
  });

  it('keeps surrogate pairs whole across its steps, a BOM and a lone surrogate as TextEncoder does', () => {
    // A pair at every step boundary (64 K characters): 65,535 characters, then the pair.
    const pairAtEdge = ('a'.repeat(65_535) + '🍫').repeat(4);
    expect(isUtf8Of(runToEnd(encodeSteps(pairAtEdge)), pairAtEdge)).toBe(true);
    const odd = '\uFEFFkey: \uD800 lone\n' + 'x'.repeat(70_000) + '\uDC00';
    expect(isUtf8Of(runToEnd(encodeSteps(odd)), odd)).toBe(true);
  });

  it('grows its buffer for a text of 3-byte characters, and encodes nothing of an empty one', () => {
    const wide = '—'.repeat(200_000);
    const bytes = runToEnd(encodeSteps(wide));
    expect(bytes.byteLength).toBe(600_000);
    expect(isUtf8Of(bytes, wide)).toBe(true);
    expect(runToEnd(encodeSteps('')).byteLength).toBe(0);
  });

  it('stops when cancelled', async () => {
    expect(await bytesInSlices('a\n'.repeat(400_000), () => true, 0)).toBeUndefined();
  });
});

describe('textOfBlob', () => {
  it('reads a large Blob as a UTF-8 decode of it, characters split between slices included', async () => {
    // Multi-byte characters (2, 3 and 4 bytes in UTF-8) across the 1 MiB slice boundaries.
    const unit = 'ab·c—d🍫e\n';
    const text = '\uFEFF' + unit.repeat(Math.ceil((3 * 1024 * 1024) / unit.length));
    const blob = new Blob([text]);
    expect(blob.size).toBeGreaterThan(3 * 1024 * 1024);
    const read = await textOfBlob(blob);
    // As the browsers' Blob.text(): the byte order mark is dropped.
    expect(read === text.slice(1)).toBe(true);
  });

  it('reads a small Blob at once', async () => {
    expect(await textOfBlob(new Blob(['openapi: 3.0.3\n']))).toBe('openapi: 3.0.3\n');
  });
});

describe('textOfBytes', () => {
  it('decodes UTF-8 bytes over several tasks, characters split between slices and a BOM kept', async () => {
    const unit = 'ab·c—d🍫e\n';
    const text = '\uFEFF' + unit.repeat(Math.ceil((3 * 1024 * 1024) / unit.length));
    const bytes = new TextEncoder().encode(text);
    expect(bytes.byteLength).toBeGreaterThan(3 * 1024 * 1024);
    let turns = 0;
    const channel = new MessageChannel();
    const decoding = textOfBytes(bytes);
    // The decode yields: other tasks run before it is done.
    channel.port1.onmessage = () => (turns += 1);
    channel.port2.postMessage(null);
    const read = await decoding;
    channel.port1.close();
    expect(turns).toBe(1);
    expect(read === text).toBe(true);
  });

  it('decodes small bytes at once', async () => {
    expect(await textOfBytes(new TextEncoder().encode('openapi: 3.0.3\n'))).toBe(
      'openapi: 3.0.3\n',
    );
  });
});

describe('textSliceEnd', () => {
  /** The slices of `text` as the fill cuts them. */
  const slices = (text: string, size: number) => {
    const parts: string[] = [];
    for (let offset = 0; offset < text.length;) {
      const end = textSliceEnd(text, offset, size);
      expect(end).toBeGreaterThan(offset);
      parts.push(text.slice(offset, end));
      offset = end;
    }
    return parts;
  };

  it('ends a slice after a line feed near its size', () => {
    const text = 'aaaa\nbbbbbb\ncc\ndddddddd\n';
    const parts = slices(text, 6);
    expect(parts.join('')).toBe(text);
    for (const part of parts.slice(0, -1)) expect(part.endsWith('\n')).toBe(true);
  });

  it('cuts one long line (a minified JSON document) into slices of about the size', () => {
    const text = `{"a":"${'x'.repeat(100_000)}"}`;
    const parts = slices(text, 1000);
    expect(parts.join('')).toBe(text);
    expect(Math.max(...parts.map((part) => part.length))).toBeLessThanOrEqual(2001);
    expect(parts.length).toBeGreaterThan(40);
  });

  it('never parts a CR from its LF, nor the halves of a surrogate pair', () => {
    for (const pair of ['\r\n', '😀']) {
      for (let at = 1990; at < 2010; at++) {
        const text = 'x'.repeat(at) + pair + 'y'.repeat(3000);
        const parts = slices(text, 1000);
        expect(parts.join('')).toBe(text);
        for (const part of parts) {
          const last = part.charCodeAt(part.length - 1);
          expect(last === 13 || (last >= 0xd800 && last <= 0xdbff)).toBe(false);
        }
      }
    }
  });
});
