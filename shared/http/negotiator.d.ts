/**
 * negotiator 1.x's Accept-Encoding negotiation, imported alone (its published types describe 0.6,
 * without `preferred`): the codings of `provided` the header accepts, best first by q-value, ties
 * broken by `preferred`; identity is acceptable unless the header refuses it.
 */
declare module 'negotiator/lib/encoding.js' {
  function preferredEncodings(
    accept: string | undefined,
    provided?: readonly string[],
    preferred?: readonly string[],
  ): string[];
  export = preferredEncodings;
}
