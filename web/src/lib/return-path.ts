/** Where to come back to after the full-page sign-in round trip (the callback always lands on /app/). */
const key = 'cms:return-path';

export function rememberReturnPath(): void {
  sessionStorage.setItem(key, location.pathname);
}

export function takeReturnPath(): string | undefined {
  const path = sessionStorage.getItem(key) ?? undefined;
  sessionStorage.removeItem(key);
  return path?.startsWith('/app/') ? path : undefined;
}
