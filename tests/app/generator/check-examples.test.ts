/** Example checks send only the endpoints changed since the last check (issue 18.1). */
import { describe, expect, it } from 'vitest';
import type { Endpoint, EndpointExampleProblem } from '../../../src/shared';
import { newEndpoint } from '../../../src/shared';
import { checkExamples } from '../../../src/app/generator/useExampleProblems';

function endpoint(id: string, json: string): Endpoint {
  return {
    ...newEndpoint(),
    id,
    path: `/${id}`,
    responses: [{ statusCode: 200, body: { name: 'Body', customerJson: json } }],
  };
}

function fakeClient() {
  const sent: string[][] = [];
  return {
    sent,
    validateExamples: (endpoints: Endpoint[]) => {
      sent.push(endpoints.map((e) => e.id));
      return Promise.resolve(
        endpoints.map((e): EndpointExampleProblem => ({
          endpointId: e.id,
          body: 200,
          example: 'example',
          pointer: '',
          schemaPointer: '',
          rule: 'type',
          message: `problem of ${e.id}`,
        })),
      );
    },
  };
}

describe('checkExamples', () => {
  it('checks each view once and only the changed one after an edit', async () => {
    const client = fakeClient();
    const checked = new WeakMap<Endpoint, EndpointExampleProblem[]>();
    const views = Array.from({ length: 30 }, (_, i) => endpoint(`e${i}`, '{"a":1}'));
    const first = await checkExamples(client, views, checked);
    expect(first?.map((p) => p.endpointId)).toEqual(views.map((v) => v.id));
    // In messages of 24 views at most.
    expect(client.sent.map((ids) => ids.length)).toEqual([24, 6]);

    const edited = [...views];
    edited[7] = { ...views[7]!, summary: 'edited' };
    const second = await checkExamples(client, edited, checked);
    expect(client.sent.at(-1)).toEqual(['e7']);
    expect(second).toHaveLength(30);
    // Nothing changed: nothing is sent.
    await checkExamples(client, edited, checked);
    expect(client.sent).toHaveLength(3);
  });

  it('drops a superseded answer', async () => {
    const client = fakeClient();
    const found = await checkExamples(client, [endpoint('a', '1')], new WeakMap(), () => false);
    expect(found).toBeUndefined();
  });
});
