/**
 * Builds the JSON body of a project save off the main thread (issue 12 point 6): escaping and
 * UTF-8 encoding a 10 MB document costs a few hundred milliseconds, which the main thread must
 * not spend in one task. Answers a Blob, which the page sends as is.
 */
import { projectBody, type ProjectBodyFields } from '../shared/projects';

interface BodyRequest {
  id: number;
  /** The document text as UTF-8, transferred (no copy of megabytes on the way). */
  content: ArrayBuffer;
  fields: Omit<ProjectBodyFields, 'content'>;
}

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<BodyRequest>) => void) | null;
  postMessage(message: unknown): void;
};

scope.onmessage = (event) => {
  const { id, content, fields } = event.data;
  try {
    const text = new TextDecoder().decode(content);
    const blob = new Blob([projectBody({ ...fields, content: text })], {
      type: 'application/json',
    });
    scope.postMessage({ id, blob });
  } catch (error) {
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
