/**
 * Issue 20 point 5 after a reload: a restored endpoint still equal to the kept document's view
 * counts as loaded and untouched again (its own problems stay warnings); an edited one does not.
 */
import { describe, expect, it } from 'vitest';
import { parseOpenApi, validateEndpoints, type Endpoint } from '../../../src/shared';
import { isLoadedAsIs, validationView } from '../../../src/app/generator/endpoint-ops';
import { EndpointStore } from '../../../src/app/generator/endpoint-store';
import { recognizeLoadedViews } from '../../../src/app/generator/useLoadedViews';

const doc = [
  'openapi: 3.0.1',
  'info: {title: T, version: v1}',
  'paths:',
  '  /users/{id}:',
  '    get:',
  "      responses: {'200': {description: ok}}",
  '  /teams/{team}:',
  '    get:',
  "      responses: {'200': {description: ok}}",
].join('\n');

describe('recognizeLoadedViews', () => {
  it('marks restored endpoints equal to their views, so their path problems are warnings', async () => {
    // The form as a reload reads it back: JSON, no identity with any loaded view.
    const restored = JSON.parse(JSON.stringify(parseOpenApi(doc).endpoints)) as Endpoint[];
    restored[1] = { ...restored[1]!, summary: 'edited' };
    const store = new EndpointStore(restored);
    const client = {
      documentSource: doc,
      readEndpoints: (text: string) => Promise.resolve(parseOpenApi(text).endpoints),
      // The worker's session validates the views as the page counts them (loaded or edited).
      validateLatest: (endpoints: Endpoint[]) =>
        Promise.resolve(validateEndpoints(endpoints.map(validationView))),
    };
    expect(await recognizeLoadedViews(store, client as never)).toBe(1);
    const [users, teams] = store.list();
    expect(isLoadedAsIs(users!)).toBe(true);
    expect(isLoadedAsIs(teams!)).toBe(false);
    expect(store.getIssues(users!.id).map((i) => i.code)).toEqual([
      'PATH_PARAM_UNDEFINED_AS_LOADED',
    ]);
    expect(store.getIssues(teams!.id).map((i) => i.code)).toEqual(['PATH_PARAM_UNDEFINED']);
  });

  it('does nothing without a kept document', async () => {
    const store = new EndpointStore(parseOpenApi(doc).endpoints);
    const client = {
      documentSource: '',
      readEndpoints: () => Promise.reject(new Error('not called')),
      validateLatest: () => Promise.reject(new Error('not called')),
    };
    expect(await recognizeLoadedViews(store, client as never)).toBe(0);
  });
});
