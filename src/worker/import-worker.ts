/**
 * The import worker: parses an OpenAPI document with the core (src/shared) and answers in chunks
 * (src/shared/import-chunks) so the main thread never deserialises a whole large document in one task.
 * Started and terminated by the app's bridge (src/app/core/generator-client) for each Load;
 * imports only src/shared.
 */
import { parseOpenApi, toErrorInfo } from '../shared';
import { postInChunks, type ImportMessage } from '../shared/import-chunks';

const scope = self as unknown as {
  postMessage(message: ImportMessage): void;
  onmessage: ((event: MessageEvent<{ text: string }>) => void) | null;
};

scope.onmessage = (event) => {
  try {
    postInChunks(parseOpenApi(event.data.text), (message) => scope.postMessage(message));
  } catch (error) {
    scope.postMessage({ type: 'error', error: toErrorInfo(error) });
  }
};
