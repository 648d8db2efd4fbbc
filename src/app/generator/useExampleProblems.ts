/**
 * Examples checked against their schemas in the worker while the user edits (issue 10 point 3,
 * issue 14 point 3): only endpoints that have an example are sent, after a pause in typing.
 */
import { useEffect, useState } from 'react';
import type { Endpoint, EndpointExampleProblem } from '../../shared';
import { isAbortError, type GeneratorClient } from '../core/generator-client';
import type { EndpointStore } from './endpoint-store';

/** Pause after the last change before the examples are checked again. */
const CHECK_DEBOUNCE_MS = 400;

function hasExamples(endpoint: Endpoint): boolean {
  const bodies = [endpoint.requestBody, ...endpoint.responses.map((r) => r.body)];
  return bodies.some(
    (body) =>
      body !== undefined && (body.customerJson.trim() !== '' || (body.examples?.length ?? 0) > 0),
  );
}

export function useExampleProblems(
  store: EndpointStore,
  client: GeneratorClient,
  paused: boolean,
): EndpointExampleProblem[] {
  const [problems, setProblems] = useState<EndpointExampleProblem[]>([]);
  useEffect(() => {
    if (paused) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let latest = 0;
    const run = () => {
      const seq = ++latest;
      const endpoints = store.list().filter(hasExamples);
      if (endpoints.length === 0) {
        setProblems((previous) => (previous.length === 0 ? previous : []));
        return;
      }
      client.validateExamples(endpoints).then(
        (found) => {
          if (seq === latest) setProblems(found);
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
      unsubscribe();
      clearTimeout(timer);
    };
  }, [store, client, paused]);
  return problems;
}
