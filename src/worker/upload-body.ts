/**
 * The JSON body of a project create or save, built in the document worker: escaping and UTF-8
 * encoding a 13 MB document costs a few hundred milliseconds, which the main thread must not
 * spend in one task. The page keeps the HTTP client (its bearer token, the one shared refresh
 * on 401, the retry) and sends the Blob this answers as it is.
 */
import { projectBody, type ProjectBodyFields } from '../shared/projects';

/** What the page sends: the fields, the document text as UTF-8 bytes (transferred, not cloned). */
export type UploadBodyFields = Omit<ProjectBodyFields, 'content'> & { content: ArrayBuffer };

/** The body as a Blob of JSON. */
export function uploadBody(fields: UploadBodyFields): Blob {
  const { content, ...rest } = fields;
  const text = new TextDecoder().decode(content);
  return new Blob([projectBody({ ...rest, content: text })], { type: 'application/json' });
}
