/**
 * The project upload body built in the document worker (issue 29.2): the same JSON the page
 * would build, from the text's UTF-8 bytes.
 */
import { describe, expect, it } from 'vitest';
import { projectBody } from '../../src/shared/projects';
import { createWorkerApi } from '../../src/worker';

describe('uploadBody', () => {
  it('answers the JSON body of a save as a Blob, non-ASCII text included', async () => {
    const content = 'openapi: 3.0.1\ninfo:\n  title: "Ünïcode — тест"\n';
    const fields = {
      viewStateJson: '{"v":2,"collapsed":["a"]}',
      revisionReason: 'autosave' as const,
      editSession: 'abc',
    };
    const bytes = new TextEncoder().encode(content);
    const answer = createWorkerApi().uploadBody({ ...fields, content: bytes.buffer });
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(answer.value.type).toBe('application/json');
    const text = await answer.value.text();
    expect(text).toBe(projectBody({ ...fields, content }));
    expect(JSON.parse(text)).toMatchObject({ content, viewState: { v: 2 }, editSession: 'abc' });
  });
});
