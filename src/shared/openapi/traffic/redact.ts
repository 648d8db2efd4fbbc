/**
 * Secret redaction for the traffic import: one mechanism for every place a value
 * can sit — request and response headers, query strings and whole URLs (a `Location` too),
 * path segments, and bodies of every type (JSON with non-string values, form-urlencoded,
 * multipart, XML, text, NDJSON, GraphQL, and bodies that do not parse). See docs/decisions.md
 * ("Traffic redaction") for the documented lists.
 *
 * A value is a secret
 * - by its name: {@link isSecretName} splits the name into words across naming styles
 *   (camelCase, snake_case, kebab-case, `X-` prefixes) and looks for secret words;
 * - by its shape, under any name: {@link isSecretValue} (JWTs, `Bearer …`-style credentials,
 *   well-known key prefixes, PEM private keys, long high-entropy strings).
 *
 * {@link Redactions} counts the distinct secret values replaced, so that the import's warning
 * "N secret values were replaced" says exactly what happened.
 *
 * Keys are judged as values are: a JSON key, a form field's or a query
 * parameter's name that is a secret by its shape (a session map keyed by its JWTs, an AWS key as
 * a field name) is replaced too, kept distinct from its siblings.
 *
 * Personal data is replaced wherever it sits, by typed placeholders that keep the
 * example valid: e-mail addresses by `user@example.com` (`user2@example.com`… for the next
 * distinct ones), card numbers (13–19 digits of a known brand that pass the Luhn check, with or
 * without spaces or dashes) by that brand's test number (`4242424242424242` for Visa). See
 * {@link replacePersonal}.
 */

/** What replaces every secret value. */
export const REDACTED = '<redacted>';
/** The placeholder inside URLs and form bodies. */
const REDACTED_URL = encodeURIComponent(REDACTED);
/** The placeholder inside XML and HTML text (keeps the markup well-formed). */
const REDACTED_XML = '&lt;redacted&gt;';

/** The distinct secret values (and personal data) replaced during one import. */
export class Redactions {
  private readonly values = new Set<string>();
  private readonly addresses = new Map<string, string>();
  private readonly cards = new Set<string>();
  /** How many distinct secret values were replaced. */
  get count(): number {
    return this.values.size;
  }
  /** How many distinct e-mail addresses were replaced. */
  get emails(): number {
    return this.addresses.size;
  }
  /** How many distinct card numbers were replaced. */
  get cardNumbers(): number {
    return this.cards.size;
  }
  /** The placeholder of an e-mail address: the same address gets the same one in one import. */
  email(address: string): string {
    const key = address.toLowerCase();
    let placeholder = this.addresses.get(key);
    if (placeholder === undefined) {
      const n = this.addresses.size + 1;
      placeholder = n === 1 ? EMAIL_PLACEHOLDER : `user${n}@example.com`;
      this.addresses.set(key, placeholder);
    }
    return placeholder;
  }
  /** Records that a card number (its digits) was replaced. */
  card(digits: string): void {
    this.cards.add(digits);
  }
  /** Records that `value` was replaced; returns the placeholder to write. */
  note(value: string, placeholder = REDACTED): string {
    // `Bearer X` and `X` are one secret: the credential is counted without its scheme word.
    const scheme = AUTH_SCHEME_RE.exec(value.trim());
    this.values.add(scheme === null ? value.trim() : (scheme[2] as string).trim());
    return placeholder;
  }
}

// ---- names ----

/** Words that make a name secret wherever they sit in it (after splitting into words). */
const SECRET_WORDS = new Set([
  'password',
  'passwords',
  'passwd',
  'pwd',
  'pass',
  'passcode',
  'passphrase',
  'pin',
  'otp',
  'totp',
  'hotp',
  'mfa',
  'secret',
  'secrets',
  'token',
  'tokens',
  'apikey',
  'apikeys',
  'authorization',
  'authentication',
  'auth',
  'cookie',
  'cookies',
  'session',
  'sessionid',
  'sid',
  'csrf',
  'xsrf',
  'dpop',
  'signature',
  'sig',
  'credential',
  'credentials',
  'jwt',
  'bearer',
  'hmac',
  'salt',
  'cvv',
  'cvc',
]);

/** Words that make a name secret only as its last word (`access`, `x_refresh`; not `access_level`). */
const SECRET_LAST_WORDS = new Set(['access', 'refresh']);

/** Words before `key` that make it a credential (`api_key`, `privateKey`, `X-Client-Key`). */
const KEY_QUALIFIERS = new Set([
  'api',
  'access',
  'secret',
  'private',
  'client',
  'signing',
  'sign',
  'encryption',
  'master',
  'license',
  'licence',
  'auth',
  'app',
  'application',
  'subscription',
  'developer',
  'consumer',
  'session',
  'shared',
  'webhook',
  'account',
  'service',
  'admin',
  'partner',
  'merchant',
  'integration',
  'ssh',
  'hmac',
  'x',
]);

/** Words before `code` that make it a one-time code or grant (`verification_code`, `device_code`). */
const CODE_QUALIFIERS = new Set([
  'verification',
  'verify',
  'auth',
  'authorization',
  'otp',
  'mfa',
  'sms',
  'totp',
  'confirmation',
  'confirm',
  'reset',
  'activation',
  'recovery',
  'backup',
  'security',
  'login',
  'access',
  'pairing',
  'device',
  'user',
  'invite',
  'invitation',
  'magic',
  'one',
  'time',
  '2fa',
  'twofa',
]);

/** Glued spellings found inside a squashed name (`APIKEY`, `csrfmiddlewaretoken`, `DPoP`). */
const SECRET_SQUASHED_RE =
  /password|passwd|passphrase|passcode|apikey|accesstoken|refreshtoken|idtoken|authtoken|sessionid|sessid|privatekey|clientsecret|secretkey|accesskey|csrf|xsrf|authorization|authentication|credential|dpop|jwt/;

/** A last word that describes a secret rather than holding one (`token_type`, `password_expires_at`). */
const DESCRIPTOR_LAST_WORDS = new Set([
  'type',
  'types',
  'kind',
  'format',
  'count',
  'expires',
  'expiry',
  'expiration',
  'exp',
  'ttl',
  'timeout',
  'duration',
  'length',
  'len',
  'lifetime',
  'age',
  'url',
  'uri',
  'endpoint',
  'path',
  'name',
  'label',
  'hint',
  'policy',
  'required',
  'enabled',
  'status',
  'scope',
  'scopes',
  'at',
  'in',
  'date',
  'time',
  'created',
  'updated',
  'changed',
  'version',
  'algorithm',
  'alg',
  'method',
  'mode',
  'header',
  'field',
  'param',
  'location',
  'strength',
  'rules',
  'consent',
  'level',
  'levels',
  'limit',
  'min',
  'max',
]);

/** Words that make `token(s)` a count, not a credential (`max_tokens`, `prompt_tokens`). */
const COUNT_WORDS = new Set([
  'max',
  'min',
  'total',
  'count',
  'num',
  'limit',
  'used',
  'remaining',
  'prompt',
  'completion',
  'input',
  'output',
  'cached',
  'reasoning',
]);

/** Names secret only in URLs and forms (OAuth codes, CAS tickets, signed-URL hashes). */
const QUERY_ONLY_NAMES = new Set(['code', 'ticket', 'hash', 'state_token', 'nonce_token']);

/** Header names whose values are always secrets. */
const SECRET_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'authentication',
  'cookie',
  'set-cookie',
  'set-cookie2',
  'dpop',
  'www-authenticate-token',
]);

/** `X-Access-Token` → x, access, token; `clientSecret` → client, secret; `APIKey` → api, key. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+|(?<=[a-z])(?=[0-9])|(?<=[0-9])(?=[a-z])/)
    .filter((word) => word !== '');
}

/** Whether a name only describes (`expires_at`, `type`, `status`): its value is no secret. */
function isDescriptorName(name: string): boolean {
  const words = nameWords(name);
  return DESCRIPTOR_LAST_WORDS.has(words[words.length - 1] ?? '') || words.includes('expires');
}

const nameCache = new Map<string, boolean>();

function secretNameUncached(name: string): boolean {
  const squashed = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (squashed === '') return false;
  const words = nameWords(name);
  const last = words[words.length - 1] ?? '';
  if (words.length > 1 && DESCRIPTOR_LAST_WORDS.has(last)) return false;
  if (words.some((word) => word === 'token' || word === 'tokens')) {
    if (words.some((word) => COUNT_WORDS.has(word))) return false;
  }
  if (words.some((word) => SECRET_WORDS.has(word))) return true;
  if (SECRET_LAST_WORDS.has(last)) return true;
  // X-Access…, X-Auth…: custom credential headers.
  if (words[0] === 'x' && (words[1] === 'access' || words[1] === 'auth')) return true;
  if (SECRET_SQUASHED_RE.test(squashed)) return true;
  // verification_code, otpCode, device_code: one-time codes (a bare `code` only in URLs).
  if (last === 'code' && words.length > 1 && CODE_QUALIFIERS.has(words[words.length - 2] as string))
    return true;
  // api_key, privateKey, X-Client-Key, api-keys; `key` alone is judged by its value.
  const keyAt = words.findIndex((word) => word === 'key' || word === 'keys');
  if (keyAt > 0 && KEY_QUALIFIERS.has(words[keyAt - 1] as string)) return true;
  return false;
}

/** Whether a field, parameter or header name holds a secret value (see the module comment). */
export function isSecretName(name: string): boolean {
  let secret = nameCache.get(name);
  if (secret === undefined) {
    secret = secretNameUncached(name);
    if (nameCache.size < 10_000) nameCache.set(name, secret);
  }
  return secret;
}

/** Whether a query parameter's (or form field's) value is a secret by its name. */
export function isSecretQueryName(name: string): boolean {
  return isSecretName(name) || QUERY_ONLY_NAMES.has(name.toLowerCase());
}

/** Whether a header's value is a secret by its name. */
export function isSecretHeader(name: string): boolean {
  const lower = name.toLowerCase();
  if (SECRET_HEADERS.has(lower)) return true;
  const words = nameWords(lower);
  // X-Api-Key, X-Client-Key, Ocp-Apim-Subscription-Key: a header ending in "key" is a key.
  if (words[words.length - 1] === 'key') return true;
  return isSecretName(name);
}

/**
 * Whether `value` under the bare name `key` is a credential: `key` names sort keys and map
 * keys as often as API keys, so only a credential-looking value counts (16+ characters without
 * spaces, letters and digits).
 */
function isKeyCredential(value: string): boolean {
  return value.length >= 16 && !/\s/.test(value) && /[A-Za-z]/.test(value) && /\d/.test(value);
}

/** Whether a value under `name` is a secret by the name (and, for bare `key`, its look). */
function secretByName(name: string, value: string, query: boolean): boolean {
  if (query ? isSecretQueryName(name) : isSecretName(name)) return true;
  const lower = name.toLowerCase();
  return (lower === 'key' || lower === 'keys') && isKeyCredential(value);
}

// ---- value shapes ----

const AUTH_SCHEME_RE =
  /^(Bearer|Basic|Token|DPoP|Digest|Negotiate|NTLM|MAC|HOBA|OAuth|AWS4-HMAC-SHA256|ApiKey|Api-Key|SSWS|Splunk|GenieKey)\s+(\S.*)$/is;

/** Well-known credential formats (Stripe, GitHub, Slack, AWS, Google, GitLab, OpenAI, npm…). */
const KNOWN_KEY_RE =
  /^(?:(?:sk|pk|rk)_(?:live|test)_[A-Za-z0-9]{10,}|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_\w{20,}|xox[abposr]-[A-Za-z0-9-]{10,}|A(?:KIA|SIA)[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{35}|glpat-[A-Za-z0-9_-]{20,}|sk-[A-Za-z0-9_-]{20,}|npm_[A-Za-z0-9]{30,}|SG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,})$/;

const PEM_PRIVATE_RE =
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g;

const JWT_RE = /^[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*$/;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function base64UrlDecode(text: string): string | undefined {
  try {
    const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    return atob(padded);
  } catch {
    return undefined;
  }
}

/** A JWT (JWS compact form, or JWE's five parts): base64url segments whose first is a JSON header. */
export function isJwt(value: string): boolean {
  const parts = value.split('.');
  if (parts.length !== 3 && parts.length !== 5) return false;
  if (parts.length === 3 && !JWT_RE.test(value)) return false;
  if (parts.length === 5 && !parts.every((part) => /^[A-Za-z0-9_-]*$/.test(part))) return false;
  const header = base64UrlDecode(parts[0] as string);
  if (header === undefined || !header.startsWith('{')) return false;
  try {
    const parsed: unknown = JSON.parse(header);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed);
  } catch {
    return false;
  }
}

/** Shannon entropy of a text in bits per character. */
export function shannonEntropy(text: string): number {
  const counts = new Map<string, number>();
  for (const ch of text) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / text.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

const TOKEN_CHARS_RE = /^[A-Za-z0-9+/=_-]{32,}$/;

/**
 * A long random-looking token: 32+ characters of base64/base64url alphabet with lower case,
 * upper case and at least two digits (or one case, four digits and at most one `-`/`_`), not
 * hex only, and a Shannon entropy of at least 0.8 × log2(length)
 * (capped at 64 characters): random base62 of 32 characters measures 4.2+ bits (p1), camelCase
 * identifiers 3.9–4.3 with one digit. Hex digests, UUIDs, paths and dotted names are not
 * matched (see docs/decisions.md).
 */
export function isHighEntropy(value: string): boolean {
  if (!TOKEN_CHARS_RE.test(value) || value.startsWith('/')) return false;
  if (/^[0-9a-f]+$/i.test(value)) return false;
  const lower = /[a-z]/.test(value);
  const upper = /[A-Z]/.test(value);
  const digits = value.replace(/\D/g, '').length;
  if (lower && upper) {
    if (digits < 2) return false;
  } else {
    // One case of letters (base36 or base32 keys): more digits, and not words joined by - or _
    // (`projects-2024-q3-budget-review-v12`).
    if ((!lower && !upper) || digits < 4) return false;
    if ((value.match(/[-_]/g)?.length ?? 0) > 1) return false;
  }
  const threshold = 0.8 * Math.log2(Math.min(value.length, 64));
  return shannonEntropy(value) >= threshold;
}

/** Whether a whole value is a secret by its shape, whatever its name. */
export function isSecretValue(value: string): boolean {
  const text = value.trim();
  if (text.length < 8 || UUID_RE.test(text)) return false;
  const scheme = AUTH_SCHEME_RE.exec(text);
  if (scheme !== null) {
    // `Bearer <one credential>`; not prose such as "Token expired" or "Basic plan".
    const credential = (scheme[2] as string).trim();
    if (!/\s/.test(credential) && credential.length >= 8 && credentialLike(credential)) return true;
  }
  if (text.includes('-----BEGIN') && /PRIVATE KEY-----/.test(text)) return true;
  if (KNOWN_KEY_RE.test(text)) return true;
  if (text.includes('.') && isJwt(text)) return true;
  return isHighEntropy(text);
}

/** The placeholder for a whole secret value; an auth scheme word (`Bearer`, `Basic`) is kept. */
function placeholderFor(value: string, placeholder: string): string {
  const scheme = AUTH_SCHEME_RE.exec(value.trim());
  return scheme === null ? placeholder : `${scheme[1] as string} ${placeholder}`;
}

/** The placeholder for a secret header value; an auth scheme word (Bearer, Basic) is kept. */
export function redactHeaderValue(name: string, value: string): string {
  const lower = name.toLowerCase();
  if (lower.endsWith('authorization') || lower === 'authentication' || lower === 'dpop') {
    return placeholderFor(value, REDACTED);
  }
  return REDACTED;
}

// ---- personal data ----

/** What replaces the first e-mail address (the next distinct ones: user2@example.com, …). */
export const EMAIL_PLACEHOLDER = 'user@example.com';

/**
 * An e-mail address in text: not inside a longer word, and not the user name of a URL
 * (`https://user:pw@host`). The domain ends in a label of letters.
 */
const EMAIL_RE =
  /(?<![\w.%+-])(?<!:\/\/[^\s/@]*)[A-Za-z0-9][A-Za-z0-9._%+-]*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,24}(?![\w-])/g;
/** Domains that are no one's (RFC 2606 and 6761): addresses there are examples already. */
const EXAMPLE_DOMAIN_RE =
  /(?:^|\.)(?:example\.(?:com|net|org)|[^.]+\.(?:example|test|invalid|localhost))$/i;
/** File names that look like addresses (`logo@2x.png`). */
const FILE_SUFFIX_RE =
  /\.(?:png|jpe?g|gif|svg|webp|avif|ico|bmp|css|m?js|json|html?|xml|txt|pdf|zip|gz|tar|ya?ml|map|woff2?|ttf|mp[34]|webm|wav|csv)$/i;

/** A run of 13–19 digits, whole or grouped by spaces or dashes as cards are printed. */
const CARD_IN_TEXT_RE =
  /(?<![\w+-])(?<!\d\.)(?:\d{13,19}|\d{4}(?:([ -])\d{4}){2}\1\d{1,7}|\d{4}([ -])\d{6}\2\d{4,5})(?![\w-]|\.\d|[ -]\d)/g;

type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'jcb' | 'diners' | 'unionpay';

/** Each brand's test number (the payment providers' documented ones). */
const TEST_CARDS: Record<CardBrand, string> = {
  visa: '4242424242424242',
  mastercard: '5555555555554444',
  amex: '378282246310005',
  discover: '6011111111111117',
  jcb: '3566002020360505',
  diners: '36227206271667',
  unionpay: '6200000000000005',
};
const TEST_CARD_NUMBERS = new Set(Object.values(TEST_CARDS));

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The brand of a card number (digits only), or undefined when it is not one. */
export function cardBrand(digits: string): CardBrand | undefined {
  const length = digits.length;
  if (length < 13 || length > 19 || !/^\d+$/.test(digits)) return undefined;
  let brand: CardBrand | undefined;
  if (digits.startsWith('4') && (length === 13 || length === 16 || length === 19)) brand = 'visa';
  else if (/^(?:5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(digits) && length === 16)
    brand = 'mastercard';
  else if (/^3[47]/.test(digits) && length === 15) brand = 'amex';
  else if (/^6(?:011|5|4[4-9])/.test(digits) && length >= 16) brand = 'discover';
  else if (/^35(?:2[89]|[3-8])/.test(digits) && length >= 16) brand = 'jcb';
  else if (/^3(?:0[0-5]|[689])/.test(digits) && length >= 14) brand = 'diners';
  else if (digits.startsWith('62') && length >= 16) brand = 'unionpay';
  return brand !== undefined && luhn(digits) ? brand : undefined;
}

/** The test number of `brand`, grouped as `written` was when the lengths agree. */
function testCardLike(written: string, brand: CardBrand): string {
  const test = TEST_CARDS[brand];
  if (/^\d+$/.test(written) || written.replace(/\D/g, '').length !== test.length) return test;
  let at = 0;
  return written.replace(/\d/g, () => test[at++] as string);
}

/** Whether a text may hold personal data at all (a cheap test; a false answer is exact). */
export function mayHoldPersonal(text: string): boolean {
  if (text.length < 6) return false;
  if (text.includes('@')) return true;
  return text.length >= 13 && CARD_HINT_RE.test(text);
}

/** The start of a card number: 13 digits in a row, or the first two groups of a grouped one. */
const CARD_HINT_RE = /\d{13}|\d{4}[ -]\d{4}|\d{4}[ -]\d{6}/;

/** A card number under any name, as a JSON number: its brand's test number, or undefined. */
export function replaceCardNumber(value: number, redactions: Redactions): number | undefined {
  if (!Number.isSafeInteger(value) || value < 1e12) return undefined;
  const digits = String(value);
  const brand = cardBrand(digits);
  if (brand === undefined || TEST_CARD_NUMBERS.has(digits)) return undefined;
  redactions.card(digits);
  return Number(TEST_CARDS[brand]);
}

/**
 * A text with its e-mail addresses and card numbers replaced by typed placeholders (see the
 * module comment). Addresses at example domains and the test numbers are left as they are.
 */
export function replacePersonal(text: string, redactions: Redactions): string {
  if (!mayHoldPersonal(text)) return text;
  let out = text;
  if (out.includes('@')) {
    out = out.replace(EMAIL_RE, (address) => {
      const domain = address.slice(address.lastIndexOf('@') + 1);
      if (EXAMPLE_DOMAIN_RE.test(domain) || FILE_SUFFIX_RE.test(domain)) return address;
      return redactions.email(address);
    });
  }
  if (out.length >= 13 && CARD_HINT_RE.test(out)) {
    out = out.replace(CARD_IN_TEXT_RE, (written) => {
      const digits = written.replace(/\D/g, '');
      const brand = cardBrand(digits);
      if (brand === undefined || TEST_CARD_NUMBERS.has(digits)) return written;
      redactions.card(digits);
      return testCardLike(written, brand);
    });
  }
  return out;
}

// ---- text ----

const PLACEHOLDERS = new Set([REDACTED, REDACTED_URL, REDACTED_XML]);

/**
 * Whether a text already is a placeholder (or `Scheme <placeholder>`). Exact: a placeholder
 * written next to a secret does not hide the secret.
 */
function isPlaceholder(text: string): boolean {
  const trimmed = text.trim();
  if (PLACEHOLDERS.has(trimmed)) return true;
  const space = trimmed.indexOf(' ');
  return space > 0 && PLACEHOLDERS.has(trimmed.slice(space + 1).trim());
}

export type TextKind = 'text' | 'xml' | 'url';

function placeholderOf(kind: TextKind): string {
  return kind === 'xml' ? REDACTED_XML : kind === 'url' ? REDACTED_URL : REDACTED;
}

/** A credential after an auth scheme inside free text: not an ordinary word. */
function credentialLike(token: string): boolean {
  return (
    token.length >= 20 ||
    /\d/.test(token) ||
    /[+/=._~-]/.test(token) ||
    (/[a-z]/.test(token) && /[A-Z]/.test(token.slice(1)))
  );
}

const SCHEME_IN_TEXT_RE = /\b(Bearer|Basic|Token|DPoP|Digest)(\s+)([A-Za-z0-9._~+/=-]{8,})/gi;
const JWT_IN_TEXT_RE = /\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g;
const TOKEN_IN_TEXT_RE = /[A-Za-z0-9+/=_-]{32,}/g;
const KNOWN_KEY_IN_TEXT_RE =
  /\b(?:(?:sk|pk|rk)_(?:live|test)_[A-Za-z0-9]{10,}|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_\w{20,}|xox[abposr]-[A-Za-z0-9-]{10,}|A(?:KIA|SIA)[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{35}|glpat-[A-Za-z0-9_-]{20,}|sk-[A-Za-z0-9_-]{20,})\b/g;
/**
 * `name: value`, `name=value`, `"name": "value"`, `name="value"` (JSON-like text, GraphQL
 * arguments, XML attributes, headers written out, query strings, cookies).
 */
const PAIR_RE =
  /(["']?)([A-Za-z_$][\w.$-]*)\1(\s*(?:=>|:=|[:=])\s*)("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|(?:(?:Bearer|Basic|Token|DPoP|Digest)\s+)?[^\s&;,)}\]"'<>]+)/g;
/** A secret word may be in the text (a pair or an element may have a secret name). */
const SECRET_HINT_RE =
  /pass|pwd|pin|otp|secret|token|key|auth|cookie|session|sid|csrf|xsrf|dpop|sig|credential|jwt|bearer|hmac|salt|cvv|cvc|access|refresh|code|ticket|hash/i;
/** An auth scheme word followed by a space (`Bearer …`, `Basic …`). */
const SCHEME_HINT_RE =
  /\b(?:bearer|basic|token|dpop|digest|negotiate|ntlm|mac|hoba|oauth|aws4-hmac-sha256|api-?key|ssws|splunk|geniekey)\s/i;
/** The start of a JWT, a PEM key or a well-known key format. */
const KEY_HINT_RE =
  /eyJ|-----BEGIN|_live_|_test_|gh[pousr]_|github_pat_|xox[abposr]-|AKIA|ASIA|AIza|glpat-|sk-|npm_|SG\./;

/** Whether a text holds a run of token characters that is high-entropy. */
function hasHighEntropyRun(text: string): boolean {
  const runs = TOKEN_RUN_RE;
  runs.lastIndex = 0;
  for (let match = runs.exec(text); match !== null; match = runs.exec(text)) {
    if (isHighEntropy(match[0])) return true;
  }
  return false;
}
const TOKEN_RUN_RE = /[A-Za-z0-9+/=_-]{32,}/g;

/**
 * Whether a text may hold a secret at all: a cheap test that lets the common text (names,
 * dates, prose) through without the passes of {@link redactText}. A false answer is exact: no
 * rule of this module could replace anything in such a text.
 */
function mayHoldSecret(text: string): boolean {
  const length = text.length;
  if (length < 8) return false;
  if (/\s/.test(text) && SCHEME_HINT_RE.test(text)) return true;
  if (length >= 16 && KEY_HINT_RE.test(text)) return true;
  if (length >= 32 && hasHighEntropyRun(text)) return true;
  if (text.includes('://') || (text.startsWith('/') && /[?#]/.test(text))) return true;
  return (
    (text.includes(':') || text.includes('=') || text.includes('<')) && SECRET_HINT_RE.test(text)
  );
}

/** `<password>…</password>`, `<ns:Token attr="…">…</ns:Token>`. */
const XML_ELEMENT_RE =
  /<([A-Za-z_][\w.:-]*)(\s[^<>]*)?>(\s*<!\[CDATA\[[\s\S]*?\]\]>\s*|[^<]+)<\/\1\s*>/g;
/** `name="password"` or `key="ApiKey"` in a tag: the element's value is a secret. */
const XML_NAME_ATTRIBUTE_RE = /\b(?:name|key|id)\s*=\s*(["'])([^"']*)\1/;
/** A tag with a `value="…"` attribute (`<add key="ApiKey" value="…"/>`). */
const XML_VALUE_TAG_RE = /<[A-Za-z_][\w.:-]*\s[^<>]*\bvalue\s*=\s*(["'])[^"']*\1[^<>]*>/g;

/**
 * Free text with every secret replaced: values of secret-named pairs and XML elements, auth
 * scheme credentials, JWTs, PEM private keys, well-known keys and high-entropy tokens; and its
 * personal data ({@link replacePersonal}).
 */
export function redactText(input: string, redactions: Redactions, kind: TextKind = 'text'): string {
  const text = replacePersonal(input, redactions);
  // Most texts hold nothing of the kind: one cheap test each before the passes below.
  if (!mayHoldSecret(text)) return text;
  const names = SECRET_HINT_RE.test(text);
  const placeholder = placeholderOf(kind);
  let out = text;
  if (out.includes('-----BEGIN')) {
    out = out.replace(PEM_PRIVATE_RE, (match) => redactions.note(match, placeholder));
  }
  if (names && out.includes('<')) {
    out = out.replace(
      XML_ELEMENT_RE,
      (match, tag: string, attributes: string | undefined, inner: string) => {
        const local = tag.includes(':') ? tag.slice(tag.lastIndexOf(':') + 1) : tag;
        const cdata = /^\s*<!\[CDATA\[([\s\S]*?)\]\]>\s*$/.exec(inner);
        const value = (cdata === null ? inner : (cdata[1] as string)).trim();
        const named = XML_NAME_ATTRIBUTE_RE.exec(attributes ?? '')?.[2];
        if (value === '' || isPlaceholder(value)) return match;
        if (
          !secretByName(local, value, false) &&
          !(named !== undefined && isSecretQueryName(named))
        )
          return match;
        return `<${tag}${attributes ?? ''}>${redactions.note(value, REDACTED_XML)}</${tag}>`;
      },
    );
    out = out.replace(XML_VALUE_TAG_RE, (tag) => {
      const named = XML_NAME_ATTRIBUTE_RE.exec(tag)?.[2];
      if (named === undefined || !isSecretQueryName(named)) return tag;
      return tag.replace(/\bvalue\s*=\s*(["'])([^"']*)\1/, (match, quote: string, value: string) =>
        value === '' || isPlaceholder(value)
          ? match
          : `value=${quote}${redactions.note(value, REDACTED_XML)}${quote}`,
      );
    });
  }
  if (/[:=]/.test(out)) {
    out = out.replace(
      PAIR_RE,
      (match, quote: string, name: string, separator: string, raw: string) => {
        const quoted = raw.startsWith('"') || raw.startsWith("'");
        const value = quoted ? raw.slice(1, -1) : raw;
        if (value === '' || isPlaceholder(value)) return match;
        let decoded = value;
        if (kind === 'url') {
          try {
            decoded = decodeURIComponent(value.replace(/\+/g, ' '));
          } catch {
            // keep the raw value
          }
        }
        const local = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1) : name;
        if (!secretByName(local, decoded, true) && !isSecretValue(decoded)) return match;
        const replaced = placeholderFor(decoded, placeholder);
        redactions.note(decoded, placeholder);
        const q = quoted ? raw[0] : '';
        return `${quote}${name}${quote}${separator}${q}${replaced}${q}`;
      },
    );
  }
  out = out.replace(JWT_IN_TEXT_RE, (match) =>
    isJwt(match) ? redactions.note(match, placeholder) : match,
  );
  out = out.replace(SCHEME_IN_TEXT_RE, (match, scheme: string, space: string, token: string) =>
    credentialLike(token) && !isPlaceholder(token)
      ? `${scheme}${space}${redactions.note(token, placeholder)}`
      : match,
  );
  out = out.replace(KNOWN_KEY_IN_TEXT_RE, (match) => redactions.note(match, placeholder));
  if (out.length >= 32) {
    out = out.replace(TOKEN_IN_TEXT_RE, (match) =>
      isHighEntropy(match) ? redactions.note(match, placeholder) : match,
    );
  }
  return out;
}

/**
 * A URL (absolute or relative, as in `Location`) with secrets replaced: the userinfo password,
 * query and fragment values secret by name or shape (`?code=…&access_token=…`,
 * `#id_token=…`), and path segments that are secrets by shape.
 */
export function redactUrl(url: string, redactions: Redactions): string {
  const hashAt = url.indexOf('#');
  const beforeHash = hashAt < 0 ? url : url.slice(0, hashAt);
  const fragment = hashAt < 0 ? undefined : url.slice(hashAt + 1);
  const queryAt = beforeHash.indexOf('?');
  let base = queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt);
  const query = queryAt < 0 ? undefined : beforeHash.slice(queryAt + 1);
  base = base.replace(
    /^([a-z][a-z0-9+.-]*:\/\/)([^/@?#:]*):([^/@?#]+)@/i,
    (match, scheme: string, user: string, password: string) =>
      isPlaceholder(password)
        ? match
        : `${scheme}${user}:${redactions.note(password, REDACTED_URL)}@`,
  );
  // The authority (`user@host`) is a user name and a host, not an address to replace.
  const authority = /^[a-z][a-z0-9+.-]*:\/\//i.test(base) ? 3 : 0;
  base = base
    .split('/')
    .map((segment, i) => {
      let decoded = segment;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        // keep the raw segment
      }
      if (isSecretValue(decoded)) return redactions.note(decoded, REDACTED_URL);
      if (i < authority) return segment;
      const personal = replacePersonal(decoded, redactions);
      return personal === decoded ? segment : encodeURIComponent(personal);
    })
    .join('/');
  let out = base;
  if (query !== undefined) out += `?${redactPairs(query, redactions)}`;
  if (fragment !== undefined) out += `#${redactPairs(fragment, redactions)}`;
  return out;
}

/** A pair's name (URL-encoded) with a secret or personal datum in it replaced. */
function redactPairName(raw: string, redactions: Redactions): string {
  let name = raw;
  try {
    name = decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    // keep the raw text
  }
  const next = redactKey(name, redactions);
  return next === name ? raw : encodeURIComponent(next);
}

/**
 * `a=1&password=2` (a query, a fragment or a form body) with secret values replaced, and names
 * that are secrets or personal data themselves.
 */
export function redactPairs(text: string, redactions: Redactions): string {
  return text
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return redactPairName(pair, redactions);
      const rawName = redactPairName(pair.slice(0, eq), redactions);
      const rawValue = pair.slice(eq + 1);
      if (rawValue === '' || isPlaceholder(rawValue)) return `${rawName}=${rawValue}`;
      let name = pair.slice(0, eq);
      let value = rawValue;
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
        value = decodeURIComponent(rawValue.replace(/\+/g, ' '));
      } catch {
        // keep the raw text
      }
      if (secretByName(name, value, true) || isSecretValue(value)) {
        redactions.note(value);
        return `${rawName}=${encodeURIComponent(placeholderFor(value, REDACTED))}`;
      }
      const nested = redactString(value, redactions);
      return nested === value
        ? `${rawName}=${rawValue}`
        : `${rawName}=${encodeURIComponent(nested)}`;
    })
    .join('&');
}

function looksLikeUrl(value: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(value) || /^\/[^\s]*[?#][^\s]*=/.test(value);
}

/**
 * A scalar string under a name that is not secret, with secrets replaced by its shape: the
 * whole value (a JWT, `Bearer …`, a key), a URL's secret parts, or secrets inside the text.
 */
export function redactString(value: string, redactions: Redactions): string {
  if (isPlaceholder(value)) return value;
  if (!mayHoldSecret(value)) return replacePersonal(value, redactions);
  if (isSecretValue(value)) {
    redactions.note(value);
    return placeholderFor(value, REDACTED);
  }
  if (looksLikeUrl(value)) return redactUrl(value, redactions);
  if (value.length < 16) return replacePersonal(value, redactions);
  return redactText(value, redactions);
}

/**
 * A name (a JSON key, a form field's or query parameter's name) judged as a value is: a secret
 * by its shape becomes the placeholder, personal data its typed placeholder.
 */
export function redactKey(name: string, redactions: Redactions): string {
  if (name === '') return name;
  return redactString(name, redactions);
}

/** A name-value pair's value with secrets replaced (by the name, then by the value). */
export function redactNamedValue(
  name: string,
  value: string,
  redactions: Redactions,
  query = false,
): string {
  if (value === '' || isPlaceholder(value)) return value;
  if (secretByName(name, value, query)) {
    redactions.note(value);
    return placeholderFor(value, REDACTED);
  }
  return redactString(value, redactions);
}

/** A header value with secrets replaced (by the header's name, then by the value's shape). */
export function redactHeader(name: string, value: string, redactions: Redactions): string {
  if (value === '' || isPlaceholder(value)) return value;
  if (isSecretHeader(name)) {
    redactions.note(value);
    return redactHeaderValue(name, value);
  }
  return redactString(value, redactions);
}

// ---- JSON ----

/** Names that, under a secret-named object, hold the secret itself (`{"session": {"id": …}}`). */
const HOLDER_NAMES = new Set(['value', 'id', 'raw', 'data', 'key', 'code']);
/** The value field of a `{"name": …, "value": …}` entry. */
const PAIR_VALUE_NAMES = new Set(['value', 'values', 'val', 'content', 'data', 'text']);

/**
 * A copy of a parsed JSON value with secrets replaced: string and number values under secret
 * names (`"password": 987654321`, `"pin": 1234`), the items of arrays under secret names, the
 * holder fields of secret-named objects, and strings secret by shape under any name.
 * Iterative, so hostile depth cannot overflow the stack.
 */
export function redactJson(value: unknown, redactions: Redactions): unknown {
  const root: { v: unknown } = { v: undefined };
  const stack: {
    source: unknown;
    target: Record<string, unknown> | unknown[];
    key: string | number;
    /** The value sits under a secret name (directly, or as an array item). */
    secret: boolean;
    /** The value is a field of an object under a secret name. */
    inSecret: boolean;
  }[] = [
    {
      source: value,
      target: root as unknown as Record<string, unknown>,
      key: 'v',
      secret: false,
      inSecret: false,
    },
  ];
  while (stack.length > 0) {
    const { source, target, key, secret, inSecret } = stack.pop() as (typeof stack)[number];
    let copy: unknown;
    if (typeof source === 'string') {
      // In a secret-named object every string but a describing one (`{"session": {"id": …,
      // "expires_at": …}}`, `{"secrets": {"db": …}}`) is a secret.
      const holder = inSecret && typeof key === 'string' && !isDescriptorName(key);
      if (source !== '' && (secret || holder) && !isPlaceholder(source)) {
        redactions.note(source);
        copy = placeholderFor(source, REDACTED);
      } else if (
        typeof key === 'string' &&
        (key === 'key' || key === 'keys') &&
        isKeyCredential(source)
      ) {
        redactions.note(source);
        copy = REDACTED;
      } else copy = redactString(source, redactions);
    } else if (typeof source === 'number' || typeof source === 'bigint') {
      const holder = inSecret && typeof key === 'string' && HOLDER_NAMES.has(key.toLowerCase());
      if (secret || holder) {
        redactions.note(String(source));
        copy = REDACTED;
      } else if (typeof source === 'number') {
        // A card number sent as a number: its brand's test number, still a number.
        copy = replaceCardNumber(source, redactions) ?? source;
      } else copy = source;
    } else if (source === null || typeof source !== 'object') {
      copy = source;
    } else if (Array.isArray(source)) {
      const list: unknown[] = new Array<unknown>(source.length);
      // Pushed last first, so that values are met in document order (placeholders are numbered).
      for (let i = source.length - 1; i >= 0; i--)
        stack.push({ source: source[i], target: list, key: i, secret, inSecret: false });
      copy = list;
    } else {
      const object: Record<string, unknown> = {};
      // `{"name": "password", "value": "…"}` (key-value lists): the value is the secret.
      const pairName =
        (source as Record<string, unknown>).name ?? (source as Record<string, unknown>).key;
      const pairSecret = typeof pairName === 'string' && isSecretQueryName(pairName);
      const names = Object.keys(source);
      const shown = uniqueKeys(names, redactions);
      for (const out of shown) {
        // Keys keep their order; "__proto__" must stay an own key, not the prototype.
        if (out === '__proto__') {
          Object.defineProperty(object, out, {
            value: undefined,
            enumerable: true,
            writable: true,
            configurable: true,
          });
        } else object[out] = undefined;
      }
      for (let i = names.length - 1; i >= 0; i--) {
        const name = names[i] as string;
        stack.push({
          source: (source as Record<string, unknown>)[name],
          target: object,
          key: shown[i] as string,
          secret: isSecretName(name) || (pairSecret && PAIR_VALUE_NAMES.has(name.toLowerCase())),
          inSecret: secret,
        });
      }
      copy = object;
    }
    (target as Record<string | number, unknown>)[key] = copy;
  }
  return root.v;
}

/**
 * An object's keys as the redacted copy writes them ({@link redactKey}): a replaced key that
 * meets another key (two session tokens, two addresses) gets a number, so none is lost.
 */
function uniqueKeys(names: string[], redactions: Redactions): string[] {
  const shown = names.map((name) => redactKey(name, redactions));
  if (shown.every((name, i) => name === names[i])) return shown;
  const used = new Set(names.filter((name, i) => shown[i] === name));
  return shown.map((name, i) => {
    if (name === names[i]) return name;
    let unique = name;
    for (let n = 2; used.has(unique); n++) {
      unique = name.endsWith('>') ? `${name.slice(0, -1)}-${n}>` : `${name}-${n}`;
    }
    used.add(unique);
    return unique;
  });
}

/**
 * Whether {@link redactJson} could change anything in a parsed value: a secret-named key with a
 * value, or a string that may hold a secret. Read-only and allocation-free, so that the common
 * body is neither copied nor written out again. A false answer is exact; a true one may not be.
 */
export function jsonMayHoldSecret(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === 'string') {
      if (mayHoldSecret(node) || mayHoldPersonal(node)) return true;
      continue;
    }
    if (typeof node === 'number') {
      if (node >= 1e12 && Number.isSafeInteger(node) && cardBrand(String(node)) !== undefined)
        return true;
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      for (const item of node) stack.push(item);
      continue;
    }
    const record = node as Record<string, unknown>;
    const pairName = record.name ?? record.key;
    if (typeof pairName === 'string' && isSecretQueryName(pairName)) return true;
    for (const key of Object.keys(node)) {
      // A key is judged as a value is (a session map may be keyed by its tokens).
      if (mayHoldSecret(key) || mayHoldPersonal(key)) return true;
      const child = record[key];
      if (child === null || typeof child === 'boolean' || child === '') continue;
      if (isSecretName(key)) return true;
      if ((key === 'key' || key === 'keys') && typeof child === 'string' && isKeyCredential(child))
        return true;
      stack.push(child);
    }
  }
  return false;
}

// ---- bodies ----

/** Form-encoded body text with secret values replaced. */
export function redactFormBody(text: string, redactions: Redactions): string {
  // Pairs first; then the text rules, for what is not `name=value` (a JSON text sent as a form).
  return redactText(redactPairs(text, redactions), redactions, 'url');
}

/**
 * A multipart body with secret parts replaced: raw multipart (a HAR's postData.text, parts
 * separated by boundaries with Content-Disposition names) or cURL's `-F name=value` lines.
 */
export function redactMultipart(text: string, redactions: Redactions): string {
  if (/content-disposition:/i.test(text)) {
    // Each part: headers, a blank line, the value up to the next boundary line.
    const redacted = text.replace(
      /(content-disposition:[^\r\n]*\bname="([^"]*)"[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\n)([\s\S]*?)(\r?\n--)/gi,
      (match, head: string, name: string, value: string, tail: string) => {
        if (value === '' || isPlaceholder(value)) return match;
        const next = redactNamedValue(name, value, redactions, true);
        return next === value ? match : `${head}${next}${tail}`;
      },
    );
    return redacted;
  }
  return text
    .split('\n')
    .map((line) => {
      const eq = line.indexOf('=');
      if (eq <= 0) return line;
      // Form-encoded pairs under a multipart type (a HAR's params, a mislabelled body).
      if (/^[^=&\s]+=[^&]*&[^=&\s]+=/.test(line)) return redactPairs(line, redactions);
      const name = line.slice(0, eq);
      const rest = line.slice(eq + 1);
      // `file=@photo.png;type=image/png`: a file name, not a value.
      if (rest.startsWith('@') || rest.startsWith('<')) return line;
      const semicolon = rest.search(/;(?:type|filename|headers|encoder)=/);
      const value = semicolon < 0 ? rest : rest.slice(0, semicolon);
      const suffix = semicolon < 0 ? '' : rest.slice(semicolon);
      const unquoted = /^"(.*)"$/.exec(value)?.[1] ?? value;
      const next = redactNamedValue(name, unquoted, redactions, true);
      return next === unquoted ? line : `${name}=${next}${suffix}`;
    })
    .join('\n');
}

export function isXmlMediaType(mediaType: string): boolean {
  return (
    mediaType === 'application/xml' ||
    mediaType === 'text/xml' ||
    mediaType.endsWith('+xml') ||
    mediaType === 'text/html' ||
    mediaType === 'application/xhtml+xml'
  );
}
