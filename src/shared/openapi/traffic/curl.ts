/**
 * cURL command lines (DevTools "Copy as cURL" for bash or cmd, hand-written ones, several
 * commands separated by newlines, `;` or `&&`) read into {@link TrafficRecord}s.
 * The shell grammar understood: whitespace, backslash-newline continuations, '…', "…", $'…'
 * (ANSI-C escapes), backslash escapes, and cmd's ^ escapes. Options curl documents as taking a
 * value consume the next word; unknown ones are ignored with a warning. Nothing is executed and
 * no file is read (`-d @file` keeps no body).
 */
import { CoreError } from '../errors';
import type { ImportWarning } from '../read-openapi';
import { baseMediaType, type TrafficRecord } from './record';

/**
 * Longest cURL text read, in UTF-16 code units (`text.length`), checked before any
 * parsing. 1 MiB holds hundreds of "Copy all as cURL" commands with their bodies (a command is
 * typically 1-10 KB) and reads in about 100 ms; 20 MB took 5.6 s and 531 MB in the worker.
 * Larger captures belong in a HAR file (32 MiB). See docs/decisions.md.
 */
export const MAX_CURL_CHARS = 1024 * 1024;

/** Marks the end of one command in the word list. */
const END = '\u0000;';

function invalid(message: string): CoreError {
  return new CoreError('CURL_INVALID', message);
}

function ansiC(text: string, start: number): [string, number] {
  let out = '';
  let i = start;
  while (i < text.length) {
    const ch = text[i] as string;
    if (ch === "'") return [out, i + 1];
    if (ch !== '\\') {
      out += ch;
      i++;
      continue;
    }
    const next = text[i + 1] ?? '';
    i += 2;
    const simple: Record<string, string> = {
      n: '\n',
      t: '\t',
      r: '\r',
      '\\': '\\',
      "'": "'",
      '"': '"',
      a: '\x07',
      b: '\b',
      e: '\x1b',
      f: '\f',
      v: '\v',
      '?': '?',
    };
    if (next in simple) {
      out += simple[next];
    } else if (next === 'x' || next === 'u' || next === 'U') {
      const max = next === 'x' ? 2 : next === 'u' ? 4 : 8;
      const match = /^[0-9a-fA-F]+/.exec(text.slice(i, i + max));
      if (match === null) out += `\\${next}`;
      else {
        const code = parseInt(match[0], 16);
        out += code <= 0x10ffff ? String.fromCodePoint(code) : '';
        i += match[0].length;
      }
    } else if (/[0-7]/.test(next)) {
      const match = /^[0-7]{1,3}/.exec(text.slice(i - 1, i + 2)) as RegExpExecArray;
      out += String.fromCharCode(parseInt(match[0], 8) & 0xff);
      i += match[0].length - 1;
    } else {
      out += `\\${next}`;
    }
  }
  throw invalid('A quoted string is not closed.');
}

/** Splits shell text into words; {@link END} separates commands. */
export function shellWords(input: string): string[] {
  // cmd (DevTools "Copy as cURL (cmd)"): ^ escapes the next character, ^ at a line end continues.
  const cmd = /\^"/.test(input) || /\^\r?\n/.test(input);
  const text = cmd ? input.replace(/\^\r?\n/g, '').replace(/\^([\s\S])/g, '$1') : input;
  const words: string[] = [];
  let word = '';
  let inWord = false;
  const flush = () => {
    if (inWord) words.push(word);
    word = '';
    inWord = false;
  };
  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    if (ch === '\\' && !cmd) {
      const next = text[i + 1];
      if (next === '\n') i += 2;
      else if (next === '\r' && text[i + 2] === '\n') i += 3;
      else if (next === undefined) i++;
      else {
        word += next;
        inWord = true;
        i += 2;
      }
    } else if (ch === "'" && !cmd) {
      const end = text.indexOf("'", i + 1);
      if (end < 0) throw invalid('A quoted string is not closed.');
      word += text.slice(i + 1, end);
      inWord = true;
      i = end + 1;
    } else if (ch === '$' && text[i + 1] === "'" && !cmd) {
      const [value, next] = ansiC(text, i + 2);
      word += value;
      inWord = true;
      i = next;
    } else if (ch === '"') {
      i++;
      inWord = true;
      let closed = false;
      while (i < text.length) {
        const c = text[i] as string;
        if (c === '"') {
          closed = true;
          i++;
          break;
        }
        if (
          c === '\\' &&
          !cmd &&
          i + 1 < text.length &&
          '$`"\\\n'.includes(text[i + 1] as string)
        ) {
          if (text[i + 1] !== '\n') word += text[i + 1];
          i += 2;
          continue;
        }
        word += c;
        i++;
      }
      if (!closed) throw invalid('A quoted string is not closed.');
    } else if (ch === '\n' || ch === ';' || (ch === '&' && text[i + 1] === '&') || ch === '|') {
      flush();
      words.push(END);
      i += ch === '&' || (ch === '|' && text[i + 1] === '|') ? 2 : 1;
    } else if (ch === ' ' || ch === '\t' || ch === '\r') {
      flush();
      i++;
    } else if (ch === '#' && !inWord) {
      // A comment runs to the end of the line.
      while (i < text.length && text[i] !== '\n') i++;
    } else {
      word += ch;
      inWord = true;
      i++;
    }
  }
  flush();
  return words;
}

/** Options that take a value (short letters and long names, as curl documents them). */
const SHORT_WITH_VALUE = new Set('XHdbcuAeoxmwrTEKYyzDFUtQPC'.split(''));
const LONG_WITH_VALUE = new Set([
  'request',
  'header',
  'data',
  'data-raw',
  'data-binary',
  'data-ascii',
  'data-urlencode',
  'json',
  'form',
  'form-string',
  'cookie',
  'cookie-jar',
  'user',
  'user-agent',
  'referer',
  'output',
  'url',
  'proxy',
  'max-time',
  'connect-timeout',
  'write-out',
  'retry',
  'retry-delay',
  'retry-max-time',
  'upload-file',
  'cacert',
  'capath',
  'cert',
  'cert-type',
  'key',
  'key-type',
  'resolve',
  'connect-to',
  'limit-rate',
  'range',
  'dump-header',
  'oauth2-bearer',
  'config',
  'max-redirs',
  'proxy-user',
  'interface',
  'local-port',
  'speed-limit',
  'speed-time',
  'time-cond',
  'stderr',
  'trace',
  'trace-ascii',
  'request-target',
  'aws-sigv4',
  'unix-socket',
  'dns-servers',
  'ciphers',
  'pass',
  'telnet-option',
  'quote',
  'continue-at',
  'ftp-port',
  'variable',
  'expand-url',
  'expand-data',
  'expand-header',
  'url-query',
  'proto',
  'proto-redir',
  'noproxy',
  'preproxy',
  'hostpubmd5',
  'hostpubsha256',
  'pinnedpubkey',
]);
const SHORT_LONG: Record<string, string> = {
  X: 'request',
  H: 'header',
  d: 'data',
  b: 'cookie',
  u: 'user',
  A: 'user-agent',
  e: 'referer',
  F: 'form',
  G: 'get',
  I: 'head',
  T: 'upload-file',
};
/** Flags that are fine to ignore silently (output, TLS, redirects, verbosity, protocol). */
const QUIET_FLAGS = new Set([
  'compressed',
  'silent',
  'show-error',
  'location',
  'insecure',
  'include',
  'verbose',
  'fail',
  'fail-with-body',
  'http1.0',
  'http1.1',
  'http2',
  'http2-prior-knowledge',
  'http3',
  'no-buffer',
  'globoff',
  'progress-bar',
  'no-progress-meter',
  'location-trusted',
  'tlsv1.2',
  'tlsv1.3',
  'ipv4',
  'ipv6',
  'raw',
  'tr-encoding',
  'path-as-is',
  'no-keepalive',
  'remote-name',
  'remote-name-all',
  'remote-header-name',
  's',
  'S',
  'L',
  'k',
  'i',
  'v',
  'f',
  'N',
  'g',
  'O',
  'J',
  '4',
  '6',
  '#',
  'q',
  'Z',
  'parallel',
]);

function encodeDataUrlencode(value: string): string {
  // curl: "content" → encode all; "name=content" → name=encoded; "@file"/"name@file" → read file.
  const eq = value.indexOf('=');
  if (eq < 0) return encodeURIComponent(value);
  return `${value.slice(0, eq)}=${encodeURIComponent(value.slice(eq + 1))}`;
}

function parseCommand(
  words: string[],
  index: number,
  warnings: ImportWarning[],
): TrafficRecord | undefined {
  const pointer = `/${index}`;
  const warn = (code: string, message: string) => warnings.push({ code, pointer, message });
  let i = 0;
  if (words[0] === '$') i++;
  const program = words[i] ?? '';
  if (!/(?:^|[/\\])curl(?:\.exe)?$/i.test(program)) {
    warn('CURL_NOT_CURL', 'A command that is not curl is skipped.');
    return undefined;
  }
  i++;
  let method: string | undefined;
  let url: string | undefined;
  let head = false;
  let get = false;
  const headers: [string, string][] = [];
  const data: string[] = [];
  const form: string[] = [];
  let json = false;
  let fileBody = false;
  const apply = (name: string, value: string | undefined) => {
    switch (name) {
      case 'request':
        method = (value as string).toUpperCase();
        return;
      case 'header': {
        const text = value as string;
        const colon = text.indexOf(':');
        if (colon <= 0) {
          // "Name;" sends an empty header; "@file" reads headers from a file.
          if (text.endsWith(';')) headers.push([text.slice(0, -1).trim(), '']);
          return;
        }
        const headerValue = text.slice(colon + 1).trim();
        // "Name:" with no value removes a header curl would send.
        if (headerValue !== '') headers.push([text.slice(0, colon).trim(), headerValue]);
        return;
      }
      case 'data':
      case 'data-ascii':
      case 'data-binary':
      case 'data-raw':
      case 'json':
      case 'data-urlencode': {
        const text = value as string;
        if (name === 'json') json = true;
        if (name !== 'data-raw' && text.startsWith('@')) {
          fileBody = true;
          return;
        }
        data.push(name === 'data-urlencode' ? encodeDataUrlencode(text) : text);
        return;
      }
      case 'form':
      case 'form-string':
        form.push(value as string);
        return;
      case 'user':
        headers.push(['Authorization', `Basic ${value as string}`]);
        return;
      case 'oauth2-bearer':
        headers.push(['Authorization', `Bearer ${value as string}`]);
        return;
      case 'cookie':
        headers.push(['Cookie', value as string]);
        return;
      case 'user-agent':
        headers.push(['User-Agent', value as string]);
        return;
      case 'referer':
        headers.push(['Referer', value as string]);
        return;
      case 'url':
        url ??= value;
        return;
      case 'get':
        get = true;
        return;
      case 'head':
        head = true;
        return;
      case 'upload-file':
        method ??= 'PUT';
        fileBody = true;
        return;
      default:
        if (!QUIET_FLAGS.has(name) && !LONG_WITH_VALUE.has(name)) {
          warn(
            'CURL_OPTION_IGNORED',
            `The option ${name.length === 1 ? '-' : '--'}${name} is ignored.`,
          );
        }
    }
  };
  for (; i < words.length; i++) {
    const word = words[i] as string;
    if (word.startsWith('--') && word.length > 2) {
      const eq = word.indexOf('=');
      const name = (eq > 0 ? word.slice(2, eq) : word.slice(2)).toLowerCase();
      if (LONG_WITH_VALUE.has(name)) {
        let value: string | undefined;
        if (eq > 0) value = word.slice(eq + 1);
        else {
          value = words[++i];
          if (value === undefined || value === END)
            throw invalid(`The option --${name} has no value.`);
        }
        apply(name, value);
      } else {
        apply(name, undefined);
      }
    } else if (word.startsWith('-') && word.length > 1) {
      for (let k = 1; k < word.length; k++) {
        const letter = word[k] as string;
        if (SHORT_WITH_VALUE.has(letter)) {
          let value = word.slice(k + 1);
          if (value === '') {
            value = words[++i] as string;
            if (value === undefined || value === END)
              throw invalid(`The option -${letter} has no value.`);
          }
          apply(SHORT_LONG[letter] ?? letter, value);
          break;
        }
        apply(SHORT_LONG[letter] ?? letter, undefined);
      }
    } else {
      url ??= word;
    }
  }
  if (url === undefined) throw invalid(`Command ${index + 1} has no URL.`);
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `http://${url}`;
  let parsed: URL;
  try {
    parsed = new URL(withScheme);
  } catch {
    throw invalid(`The URL of command ${index + 1} is not valid.`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw invalid(`Command ${index + 1} is not an HTTP request.`);
  }
  if (fileBody) warn('CURL_FILE_BODY', 'A body read from a file is not kept.');
  let body: TrafficRecord['body'];
  const contentType = headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1];
  if (get && data.length > 0) {
    parsed.search += (parsed.search === '' ? '' : '&') + data.join('&');
  } else if (data.length > 0) {
    const text = data.join(json ? '' : '&');
    let mediaType = baseMediaType(contentType);
    if (mediaType === '')
      mediaType =
        json || looksLikeJson(text) ? 'application/json' : 'application/x-www-form-urlencoded';
    body = { mediaType, text };
  } else if (form.length > 0) {
    body = { mediaType: 'multipart/form-data', text: form.join('\n') };
  }
  return {
    method: head ? 'HEAD' : (method ?? (body !== undefined ? 'POST' : 'GET')),
    url: parsed.href,
    headers,
    ...(body === undefined ? {} : { body }),
    pointer,
  };
}

function looksLikeJson(text: string): boolean {
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Throws CURL_TOO_LARGE when the text is over {@link MAX_CURL_CHARS}, before it is read. */
export function assertCurlSize(text: string): void {
  if (text.length > MAX_CURL_CHARS) {
    throw new CoreError(
      'CURL_TOO_LARGE',
      `The cURL text is ${(text.length / 1024 / 1024).toFixed(1)} MiB; the limit is ${
        MAX_CURL_CHARS / 1024 / 1024
      } MiB.`,
    );
  }
}

/** Reads one or more cURL commands; CURL_INVALID when the text holds none or a broken one. */
export function readCurl(text: string, warnings: ImportWarning[]): TrafficRecord[] {
  if (typeof text !== 'string') throw invalid('Expected the text of a cURL command.');
  assertCurlSize(text);
  const words = shellWords(text);
  const commands: string[][] = [[]];
  for (const word of words) {
    if (word === END) {
      if ((commands[commands.length - 1] as string[]).length > 0) commands.push([]);
    } else (commands[commands.length - 1] as string[]).push(word);
  }
  const records: TrafficRecord[] = [];
  for (const command of commands) {
    if (command.length === 0) continue;
    const record = parseCommand(command, records.length, warnings);
    if (record !== undefined) records.push(record);
  }
  if (records.length === 0) throw invalid('The text holds no cURL command.');
  return records;
}
