/**
 * Runs in monaco-yaml's worker, before it. yaml-language-server catches a failing
 * check (a RangeError "Maximum call stack size exceeded" on a deeply aliased document), hands it
 * to its telemetry, which monaco-yaml's worker writes to the console, and answers as if the text
 * had no problems. Here each such failure, and any error the worker does not catch, is posted to
 * the page as well ({ specformYamlFailure }), where the output editor says that the checks
 * stopped on this text. Monaco's own protocol ignores messages without its `vsWorker` field.
 */
import { reasonOf, type YamlWorkerFailure } from './yaml-checks';

const scope = self as unknown as {
  postMessage(message: unknown): void;
  addEventListener(type: string, listener: (event: Event) => void): void;
};

function report(service: string, error: unknown): void {
  const message: YamlWorkerFailure = { specformYamlFailure: { service, reason: reasonOf(error) } };
  scope.postMessage(message);
}

const consoleError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  // monaco-yaml's telemetry: console.error('monaco-yaml', 'yaml.validation.error', error).
  if (args[0] === 'monaco-yaml' && typeof args[1] === 'string') report(args[1], args[2]);
  consoleError(...args);
};
scope.addEventListener('error', (event) => report('worker', (event as ErrorEvent).error ?? event));
scope.addEventListener('unhandledrejection', (event) =>
  report('worker', (event as PromiseRejectionEvent).reason),
);
