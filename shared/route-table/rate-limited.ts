import type { HeaderDef, ResponseDef } from '../http/route-def';

/** What a client of a route that calls GitHub learns when GitHub's rate limit stops it (shared/http/error-mapper.ts). */
export const rateLimitedWords =
  'GitHub\'s rate limit (primary or secondary) stopped a call this request needed: `{"error": "GitHub\'s rate limit was reached while …; retry after N s"}` with `Retry-After: N`, the seconds GitHub asked for (60 when it did not say). ' +
  'The call GitHub refused was not made; a write may have made earlier steps (a draft branch), so read before repeating one. Wait `Retry-After` seconds and send the request again.';

export const retryAfter: HeaderDef = {
  description: 'Seconds to wait before sending the request again',
  type: 'integer',
};

/** A route's own 503 that also carries GitHub's rate limit, declared once here rather than on each row. */
export const orRateLimited = <R extends ResponseDef>(response: R) => ({
  ...response,
  description: `${response.description} ${rateLimitedWords}`,
  headers: { ...response.headers, 'Retry-After': retryAfter },
});
