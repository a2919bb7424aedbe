/** Where to come back to after the full-page sign-in round trip (the callback always lands on /app/). */
const key = 'cms:return-path';

export function rememberReturnPath(): void {
  // The query keeps a translated list's or item's locale.
  sessionStorage.setItem(key, location.pathname + location.search);
}

export function takeReturnPath(): string | undefined {
  const path = sessionStorage.getItem(key) ?? undefined;
  sessionStorage.removeItem(key);
  return path?.startsWith('/app/') ? path : undefined;
}
