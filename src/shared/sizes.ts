/**
 * Size limits shared by the core, the app and the server, in UTF-8 bytes (the unit the server
 * stores and counts). Imports nothing: the server reads them without the OpenAPI core.
 */

/**
 * Largest document text accepted, in UTF-8 bytes: the unit projects are saved and counted in,
 * so a document that loads can be saved. Real descriptions reach 47 MB (Microsoft Graph beta,
 * JSON) and 13 MB (GitHub's REST description); 64 MiB holds them with room. What a document of
 * this size costs in memory is measured by `npm run bench:directory` and stated in the README.
 */
export const MAX_DOCUMENT_BYTES = 64 * 1024 * 1024;

/**
 * Size limits the user meets (a document, a project, the account quota) are stated in UTF-8
 * bytes, the unit the server stores and counts: the largest project, its document
 * text plus its view state (room for the largest document and 2 MiB of view state).
 */
export const MAX_PROJECT_BYTES = MAX_DOCUMENT_BYTES + 2 * 1024 * 1024;

/**
 * The UTF-8 length of a text without encoding it (a lone surrogate counts as the 3 bytes of
 * U+FFFD, as `TextEncoder` and `Buffer.byteLength` count it).
 */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    if (code < 0x800) {
      bytes += 1;
    } else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        // A surrogate pair: 2 code units, 4 bytes.
        bytes += 2;
        i++;
      } else bytes += 2;
    } else bytes += 2;
  }
  return bytes;
}
