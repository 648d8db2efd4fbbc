/**
 * Examples checked against their schemas in the worker while the user edits (issue 10 point 3,
 * issue 14 point 3), after a pause in typing. Answers are kept per endpoint view (views are
 * immutable: an edit makes a new one), so a check sends only the endpoints changed since the
 * last one, in messages of {@link VIEWS_PER_MESSAGE}: a keystroke sends one endpoint, not the
 * form (issue 18.1).
 */
import { useEffect, useState } from 'react';
import type { Endpoint, EndpointExampleProblem } from '../../shared';
import { isAbortError, VIEWS_PER_MESSAGE, type GeneratorClient } from '../core/generator-client';
import type { EndpointStore } from './endpoint-store';

/** Pause after the last change before the examples are checked again. */
const CHECK_DEBOUNCE_MS = 400;

const NO_PROBLEMS: EndpointExampleProblem[] = [];

function hasExamples(endpoint: Endpoint): boolean {
  const bodies = [endpoint.requestBody, ...endpoint.responses.map((r) => r.body)];
  return bodies.some(
    (body) =>
      body !== undefined && (body.customerJson.trim() !== '' || (body.examples?.length ?? 0) > 0),
  );
}

/**
 * The problems of `endpoints`, checking in the worker only the views `checked` has no answer
 * for. `isCurrent` says whether the answer is still wanted (a newer check supersedes it).
 */
export async function checkExamples(
  client: Pick<GeneratorClient, 'validateExamples'>,
  endpoints: readonly Endpoint[],
  checked: WeakMap<Endpoint, EndpointExampleProblem[]>,
  isCurrent: () => boolean = () => true,
): Promise<EndpointExampleProblem[] | undefined> {
  const unchecked = endpoints.filter((endpoint) => !checked.has(endpoint));
  for (let i = 0; i < unchecked.length; i += VIEWS_PER_MESSAGE) {
    const chunk = unchecked.slice(i, i + VIEWS_PER_MESSAGE);
    const found = await client.validateExamples(chunk);
    if (!isCurrent()) return undefined;
    const byId = new Map<string, EndpointExampleProblem[]>();
    for (const problem of found) {
      const list = byId.get(problem.endpointId);
      if (list === undefined) byId.set(problem.endpointId, [problem]);
      else list.push(problem);
    }
    for (const endpoint of chunk) checked.set(endpoint, byId.get(endpoint.id) ?? NO_PROBLEMS);
  }
  return endpoints.flatMap((endpoint) => checked.get(endpoint) ?? NO_PROBLEMS);
}

export function useExampleProblems(
  store: EndpointStore,
  client: GeneratorClient,
  paused: boolean,
  /** The document's `openapi` version: the rules differ (3.0 schema or JSON Schema 2020-12). */
  openapi: string,
): EndpointExampleProblem[] {
  const [problems, setProblems] = useState<EndpointExampleProblem[]>(NO_PROBLEMS);
  useEffect(() => {
    if (paused) return;
    // Answers for this version only: a version change checks every endpoint again.
    const checked = new WeakMap<Endpoint, EndpointExampleProblem[]>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let latest = 0;
    const run = () => {
      const seq = ++latest;
      const endpoints = store.list().filter(hasExamples);
      checkExamples(client, endpoints, checked, () => seq === latest).then(
        (found) => {
          if (found === undefined) return;
          setProblems((previous) =>
            found.length === 0 && previous.length === 0 ? previous : found,
          );
        },
        (failure: unknown) => {
          if (!isAbortError(failure)) console.warn('example check failed', failure);
        },
      );
    };
    timer = setTimeout(run, 0);
    const unsubscribe = store.subscribeChange(() => {
      clearTimeout(timer);
      timer = setTimeout(run, CHECK_DEBOUNCE_MS);
    });
    return () => {
      latest += 1;
      unsubscribe();
      clearTimeout(timer);
    };
  }, [store, client, paused, openapi]);
  return problems;
}
