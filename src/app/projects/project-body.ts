/**
 * The body of a project save: small ones are built here, large ones (from 256 K characters) by
 * src/worker/project-body-worker.ts, which answers a Blob, so the main thread neither escapes
 * nor encodes megabytes in one task.
 */
import { projectBody, type ProjectBodyFields } from '../../shared/projects';

const IN_WORKER_FROM = 256 * 1024;

type Waiting = { resolve: (body: string | Blob) => void; fields: ProjectBodyFields };

let worker: Worker | undefined;
let broken = false;
let next = 0;
const waiting = new Map<number, Waiting>();

function bodyWorker(): Worker | undefined {
  if (broken || typeof Worker === 'undefined') return undefined;
  if (worker) return worker;
  try {
    worker = new Worker(new URL('../../worker/project-body-worker.ts', import.meta.url), {
      type: 'module',
      name: 'project-body',
    });
  } catch {
    broken = true;
    return undefined;
  }
  worker.onmessage = (event: MessageEvent<{ id: number; blob?: Blob; error?: string }>) => {
    const entry = waiting.get(event.data.id);
    if (!entry) return;
    waiting.delete(event.data.id);
    entry.resolve(event.data.blob ?? projectBody(entry.fields));
  };
  worker.onerror = () => {
    // The worker cannot run here: build every body on the main thread from now on.
    broken = true;
    worker?.terminate();
    worker = undefined;
    for (const entry of waiting.values()) entry.resolve(projectBody(entry.fields));
    waiting.clear();
  };
  return worker;
}

/** The JSON body of a create or save: a string, or a Blob built off the main thread. */
export function projectRequestBody(fields: ProjectBodyFields): Promise<string | Blob> {
  const size = fields.content.length + (fields.viewStateJson?.length ?? 0);
  const target = size >= IN_WORKER_FROM ? bodyWorker() : undefined;
  if (!target) return Promise.resolve(projectBody(fields));
  return new Promise((resolve) => {
    const id = ++next;
    waiting.set(id, { resolve, fields });
    // Encoding to UTF-8 here is one fast native pass, and the buffer is transferred; a
    // structured clone of the string (or a Blob of it) copies megabytes in a slower one.
    const { content, ...rest } = fields;
    const bytes = new TextEncoder().encode(content);
    target.postMessage({ id, content: bytes.buffer, fields: rest }, [bytes.buffer]);
  });
}
