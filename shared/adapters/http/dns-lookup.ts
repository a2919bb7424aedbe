import type { Lookup } from '../../ports/dns-lookup';

/** The system resolver (getaddrinfo, every address): the Lookup the runtimes give the SSRF guard. */
export const systemLookup: Lookup = async (host) =>
  (await import('node:dns')).promises.lookup(host, { all: true, verbatim: true });
