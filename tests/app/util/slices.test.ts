import { describe, expect, it } from 'vitest';
import {
  blobInSlices,
  runInSlices,
  runToEnd,
  textOfBlob,
  textOfBytes,
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

describe('blobInSlices', () => {
  it('makes the UTF-8 Blob of a large text over several tasks, text intact', async () => {
    const line = 'описание: "😀 emoji and Cyrillic" # комментарий\n';
    const text = line.repeat(20_000); // over 1 M characters: several slices
    let turns = 0;
    const blob = await blobInSlices(text, () => {
      turns++;
      return false;
    });
    expect(turns).toBeGreaterThan(2);
    expect(blob).toBeInstanceOf(Blob);
    expect(await blob!.text()).toBe(text);
    expect(blob!.size).toBe(new TextEncoder().encode(text).length);
  });

  it('keeps a text without line feeds whole, and stops when cancelled', async () => {
    const flat = 'x'.repeat(600_000);
    expect(await (await blobInSlices(flat))!.text()).toBe(flat);
    const lines = 'a\n'.repeat(400_000);
    expect(await blobInSlices(lines, () => true)).toBeUndefined();
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
