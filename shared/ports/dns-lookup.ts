/**
 * Lookup: a host name to every address it has, as the system resolver answers (getaddrinfo). The
 * SSRF guard (shared/webhooks/address-guard.ts) checks each answer before a webhook is sent; the
 * runtimes give it the system resolver (shared/adapters/http/dns-lookup.ts), tests their own.
 */
export type Lookup = (host: string) => Promise<{ address: string; family: number }[]>;
