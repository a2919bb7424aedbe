/**
 * The parameters of a route's path template, read from the literal: every `{name}` segment is
 * one string (`{repo}` is `owner/name`). `/api/repos/{repo}/pulls/{number}` gives
 * `{ repo: string; number: string }`; a path without parameters gives `{}`. A template only known
 * as `string` gives a record, as it can name anything.
 */
export type PathParams<Path extends string> = string extends Path
  ? Record<string, string>
  : { [Name in ParamNames<Path>]: string };

type ParamNames<Path extends string> = Path extends `${infer Head}/${infer Rest}`
  ? ParamName<Head> | ParamNames<Rest>
  : ParamName<Path>;

type ParamName<Segment extends string> = Segment extends `{${infer Name}}` ? Name : never;
