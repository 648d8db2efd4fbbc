import { describe, expect, it } from 'vitest';
import {
  newEndpoint,
  newId,
  newParameter,
  newResponse,
  validateEndpoints,
} from '../../src/shared/openapi';

describe('newEndpoint (spec §4)', () => {
  it('starts as POST with an empty path, no parameters, no body and no responses', () => {
    const endpoint = newEndpoint();
    expect(endpoint).toEqual({
      id: expect.any(String) as string,
      method: 'POST',
      path: '',
      summary: '',
      parameters: [],
      responses: [],
    });
    expect(endpoint.requestBody).toBeUndefined();
  });

  it('gives the first endpoint one response with code 200', () => {
    expect(newEndpoint(true).responses).toEqual([
      { statusCode: 200, body: { name: '', customerJson: '' } },
    ]);
  });

  it('gives unique ids', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => newEndpoint().id));
    expect(ids.size).toBe(10_000);
    expect(newId('x')).toMatch(/^x-/);
  });

  it('survives structured cloning and JSON unchanged', () => {
    const endpoint = newEndpoint(true);
    expect(structuredClone(endpoint)).toEqual(endpoint);
    expect(JSON.parse(JSON.stringify(endpoint))).toEqual(endpoint);
  });

  it('a first endpoint needs only a path to be generatable', () => {
    const endpoint = { ...newEndpoint(true), path: '/users' };
    expect(validateEndpoints([endpoint]).canGenerate).toBe(true);
  });
});

describe('newParameter / newResponse', () => {
  it('makes path parameters required with the checkbox hidden', () => {
    expect(newParameter('path')).toMatchObject({
      location: 'path',
      required: true,
      hideRequired: true,
      name: '',
      example: '',
      description: '',
    });
    const query = newParameter('query');
    expect(query).toMatchObject({ location: 'query', required: false });
    expect(query.hideRequired).toBeUndefined();
  });

  it('makes responses with an empty body and an optional code', () => {
    expect(newResponse()).toEqual({ body: { name: '', customerJson: '' } });
    expect(newResponse(404).statusCode).toBe(404);
  });
});
