/** localStorage key of the page to return to after a forced logout (spec §3). */
export const RETURN_URL_KEY = 'returnUrl';

/** Pages that make no sense to return to after login. */
const NOT_RETURNABLE = ['/login', '/logout', '/register'];

/** Only same-site absolute paths are accepted, so a stored value can never leave the site. */
function isSafePath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

export function saveReturnUrl(path: string): void {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  if (!isSafePath(path) || NOT_RETURNABLE.includes(pathname)) return;
  try {
    localStorage.setItem(RETURN_URL_KEY, path);
  } catch {
    // storage unavailable: the user lands on the default page after login
  }
}

export function peekReturnUrl(): string | undefined {
  try {
    const value = localStorage.getItem(RETURN_URL_KEY);
    return value && isSafePath(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function clearReturnUrl(): void {
  try {
    localStorage.removeItem(RETURN_URL_KEY);
  } catch {
    // nothing stored
  }
}
