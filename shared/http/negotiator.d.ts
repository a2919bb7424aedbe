/** The part of negotiator 1.x the answer path uses (its published types describe 0.6, without `preferred`). */
declare module 'negotiator' {
  class Negotiator {
    constructor(request: { headers: Record<string, string | undefined> });
    /** The available encodings the client accepts, best first: by its q-values, ties broken by `preferred`. */
    encodings(available?: readonly string[], options?: { preferred?: readonly string[] }): string[];
  }
  export = Negotiator;
}
