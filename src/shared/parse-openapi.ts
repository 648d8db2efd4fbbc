/** Import of an OpenAPI document into the form model (spec §5). */
import type { DocumentInfo, Endpoint } from './model';

/** Something of the document the model cannot hold; never dropped silently. */
export interface ImportWarning {
  code: string;
  path?: string;
  method?: string;
  /** JSON pointer into the source document. */
  pointer: string;
  message: string;
}

export interface ParseResult {
  endpoints: Endpoint[];
  warnings: ImportWarning[];
  info?: DocumentInfo;
}

/** Reads an OpenAPI 3.0 document (YAML or JSON) into endpoints. Stub: replaced shortly. */
export function parseOpenApi(text: string): ParseResult {
  void text;
  return { endpoints: [], warnings: [] };
}
