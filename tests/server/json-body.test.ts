/**
 * JSON bodies are read by the app's own parser (issue 21.4, plugins/no-nul): a large one is
 * decoded about a MiB per turn of the event loop, then parsed in a turn of its own. A character
 * split between two chunks or two steps is kept whole, bytes that are not UTF-8 are a 400
 * wherever they fall, and what is stored is exactly what was sent.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { completeUtf8 } from '../../src/server/plugins/no-nul';
import { bearer, signedInSubscriber, useTestApp } from './helpers';

const MIB = 1024 * 1024;

describe('completeUtf8', () => {
  it('ends before a sequence that is not complete yet', () => {
    const bytes = (...b: number[]) => Uint8Array.from(b);
    expect(completeUtf8(bytes())).toBe(0);
    expect(completeUtf8(bytes(0x61))).toBe(1);
    expect(completeUtf8(Buffer.from('aж'))).toBe(3);
    expect(completeUtf8(Buffer.from('aж').subarray(0, 2))).toBe(1);
    expect(completeUtf8(Buffer.from('a€').subarray(0, 3))).toBe(1);
    expect(completeUtf8(Buffer.from('a😀').subarray(0, 4))).toBe(1);
    expect(completeUtf8(Buffer.from('a😀'))).toBe(5);
    // Not UTF-8 at all: left to isUtf8.
    expect(completeUtf8(bytes(0x80, 0x80, 0x80, 0x80))).toBe(4);
  });
});

const subscriber = signedInSubscriber;

/** Sends `body` over a real connection in the given pieces, each written on its own. */
function post(
  port: number,
  path: string,
  headers: Record<string, string>,
  pieces: Buffer[],
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const length = pieces.reduce((sum, piece) => sum + piece.length, 0);
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': length },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode!, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    request.on('error', reject);
    const write = (index: number) => {
      if (index === pieces.length) {
        request.end();
        return;
      }
      request.write(pieces[index], () => setTimeout(() => write(index + 1), 5));
    };
    write(0);
  });
}

/** The bytes cut after each of `cuts` (byte offsets). */
const cut = (bytes: Buffer, cuts: number[]) =>
  [0, ...cuts, bytes.length]
    .slice(1)
    .map((end, i, ends) => bytes.subarray(i ? ends[i - 1] : 0, end));

describe('JSON bodies read chunk by chunk', () => {
  const t = useTestApp({
    projects: {
      maxBytes: 12 * MIB,
      maxPerAccount: 100,
      quotaBytes: 1024 * MIB,
      largeWriteBytes: MIB,
      largeWrites: 1,
    },
  });

  it('keeps characters split between chunks, and refuses bytes that are not UTF-8', async () => {
    const user = await subscriber(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const auth = bearer(user.tokens.accessToken);
    const path = '/api/v1/customer/projects';

    const content = 'ж€😀 — текст';
    const bytes = Buffer.from(JSON.stringify({ name: 'Пример', content }));
    // Cut inside every multi-byte character of the content.
    const start = bytes.indexOf(Buffer.from('ж'));
    const created = await post(port, path, auth, cut(bytes, [start + 1, start + 3, start + 6]));
    expect(created.status).toBe(201);
    const { id } = JSON.parse(created.body) as { id: string };
    const stored = await t.app.inject({ method: 'GET', url: `${path}/${id}`, headers: auth });
    expect(stored.json()).toMatchObject({ name: 'Пример', content });

    // A lead byte at the end of one chunk, followed by ASCII in the next: not UTF-8.
    const broken = Buffer.concat([
      Buffer.from('{"name":"x","content":"a'),
      Buffer.from([0xd0]),
      Buffer.from('b"}'),
    ]);
    const refused = await post(port, path, auth, cut(broken, [broken.indexOf(0xd0) + 1]));
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body)).toMatchObject({ message: expect.stringMatching(/UTF-8/) });
    // A body that ends inside a character.
    const truncated = Buffer.concat([
      Buffer.from('{"name":"x","content":"a"}'),
      Buffer.from([0xf0, 0x9f]),
    ]);
    expect((await post(port, path, auth, [truncated])).status).toBe(400);

    // A large body (read in turns): a character split between its chunks, kept.
    const large = `${'😀ж'.repeat(MIB / 2)}end`;
    const largeBytes = Buffer.from(JSON.stringify({ name: 'Large', content: large }));
    const pieces = cut(largeBytes, [1001, 65_537, 65_539, MIB + 1, 2 * MIB + 2]);
    const big = await post(port, path, auth, pieces);
    expect(big.status).toBe(201);
    const bigId = (JSON.parse(big.body) as { id: string }).id;
    const loaded = await t.app.inject({ method: 'GET', url: `${path}/${bigId}`, headers: auth });
    expect(loaded.json<{ content: string }>().content === large).toBe(true);
  });
});
