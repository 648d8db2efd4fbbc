/**
 * The state of the output editor's YAML checks (monaco-yaml's worker), for the note under the
 * editor: on; off for a text above {@link YAML_CHECKS_MAX_CHARS}; or stopped
 * on this text by a failure inside the worker (a stack overflow on a deeply aliased document).
 */

/**
 * Above this many characters the YAML editor's per-text services (hover,
 * completion, folding) are off for that text: monaco-yaml's worker took 234–344 MB of heap on
 * GitHub's 13 MB description and copies the whole text on every check. Load and Generate check
 * the document in the generator worker whatever its size (up to the 64 MiB input limit).
 */
export const YAML_CHECKS_MAX_CHARS = 16 * 1024 * 1024;

/** What the output editor's YAML checks do for the text shown. */
export type YamlChecksState =
  | { kind: 'on' }
  /** Off for a text of `chars` characters (above {@link YAML_CHECKS_MAX_CHARS}). */
  | { kind: 'off'; chars: number }
  /** A check failed inside the worker on this text; `reason` is the error's own message. */
  | { kind: 'failed'; reason: string };

const ON: YamlChecksState = { kind: 'on' };
let state: YamlChecksState = ON;
const listeners = new Set<() => void>();

/** The state now (the same object until it changes, for useSyncExternalStore). */
export function yamlChecksState(): YamlChecksState {
  return state;
}

/** Calls `listener` whenever the state changes; returns the unsubscribe function. */
export function subscribeYamlChecks(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Sets the state; listeners hear of it only when it differs from the current one. */
export function setYamlChecks(next: YamlChecksState): void {
  if (JSON.stringify(next) === JSON.stringify(state)) return;
  state = next.kind === 'on' ? ON : next;
  for (const listener of listeners) listener();
}

/** The message the worker posts when one of its services fails (see yaml-worker-report.ts). */
export interface YamlWorkerFailure {
  specformYamlFailure: { service: string; reason: string };
}

/** The failure a message from the YAML worker reports, if it is one. */
export function failureOf(data: unknown): YamlWorkerFailure['specformYamlFailure'] | undefined {
  if (typeof data !== 'object' || data === null || !('specformYamlFailure' in data)) return;
  const failure = (data as YamlWorkerFailure).specformYamlFailure;
  return typeof failure?.reason === 'string' ? failure : undefined;
}

/** An error's message, whatever was thrown. */
export function reasonOf(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  if (typeof error === 'object' && error !== null && 'message' in error) {
    return String((error as { message: unknown }).message);
  }
  return String(error);
}
