/** Stable codes of every failure the core reports; the app maps them to translated text. */
export type CoreErrorCode =
  | 'INPUT_TOO_LARGE'
  | 'TOO_DEEP'
  | 'JSON_INVALID'
  | 'YAML_SYNTAX'
  | 'YAML_ALIAS_LIMIT'
  | 'NOT_OPENAPI'
  | 'UNSUPPORTED_VERSION'
  /** A Swagger 2.0 document: convertSwagger2 brings it to OpenAPI 3.0. */
  | 'SWAGGER_2'
  | 'INVALID_INPUT'
  /** A document call reached a core with no open document (e.g. a restarted worker). */
  | 'NO_DOCUMENT'
  | 'CURL_INVALID'
  /** cURL text over MAX_CURL_CHARS, refused before parsing (20 MB took 5.6 s to read). */
  | 'CURL_TOO_LARGE'
  | 'HAR_INVALID'
  | 'HAR_TOO_LARGE'
  /** A document command batch built on a revision that is not the current one. */
  | 'CONFLICT'
  /** A document command names an endpoint, parameter or schema the document does not have. */
  | 'UNKNOWN_TARGET'
  /**
   * A document whose YAML aliases expand past MAX_EXPANDED_BYTES: refused by the paths that
   * expand them (conversion, Download .json, the preview), never by opening it in the form.
   */
  | 'EXPANSION_TOO_LARGE'
  /** A lint ruleset that would read the network or the file system, or run custom code. */
  | 'RULESET_REFUSED'
  /** A lint ruleset that is not one (bad YAML, unknown function or format, Spectral's refusal). */
  | 'RULESET_INVALID'
  | 'INTERNAL';

/** A failure of the core with a stable code and, where the input has them, a position. */
export class CoreError extends Error {
  override readonly name = 'CoreError';
  constructor(
    readonly code: CoreErrorCode,
    message: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(message);
  }

  /** What was measured and the limit it passed (bytes), for errors about a size. */
  size?: number;
  limit?: number;

  /** A size error that names both sizes (the user reads "70.2 MB; the limit is 64 MB"). */
  static tooLarge(
    code: 'INPUT_TOO_LARGE' | 'EXPANSION_TOO_LARGE',
    size: number,
    limit: number,
    message: string,
  ): CoreError {
    const error = new CoreError(code, message);
    error.size = size;
    error.limit = limit;
    return error;
  }
}

/** The plain, structured-clone-safe shape of an error that crosses the worker boundary. */
export interface ErrorInfo {
  code: CoreErrorCode;
  message: string;
  line?: number;
  column?: number;
  /** For a size error: the size measured and the limit, in bytes. */
  size?: number;
  limit?: number;
}

/** Converts anything thrown into an {@link ErrorInfo}; unknown failures become INTERNAL. */
export function toErrorInfo(error: unknown): ErrorInfo {
  if (error instanceof CoreError) {
    const info: ErrorInfo = { code: error.code, message: error.message };
    if (error.line !== undefined) info.line = error.line;
    if (error.column !== undefined) info.column = error.column;
    if (error.size !== undefined) info.size = error.size;
    if (error.limit !== undefined) info.limit = error.limit;
    return info;
  }
  if (error instanceof RangeError) {
    // The engine's own limit on a string or array: the output would be too large to hold.
    if (/invalid (string|array) length/i.test(error.message)) {
      return { code: 'EXPANSION_TOO_LARGE', message: error.message };
    }
    return { code: 'TOO_DEEP', message: error.message };
  }
  return { code: 'INTERNAL', message: error instanceof Error ? error.message : String(error) };
}
