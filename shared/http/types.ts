import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import type * as z from 'zod/mini';
import type { Caller } from '../auth/caller';
import type { PathParams } from '../path-params';
import type { RouteDef } from './route-def';

export type HttpEvent = APIGatewayProxyEventV2;
export type HttpResult = APIGatewayProxyStructuredResultV2;

type Infer<S> = S extends z.ZodMiniType ? z.infer<S> : undefined;

export interface RouteRequest<R extends RouteDef = RouteDef> {
  route: R;
  /** Every parameter of the route's path; route matching guarantees each is there and non-empty. */
  params: PathParams<R['path']>;
  query: Infer<R['query']>;
  body: R extends { body: z.ZodMiniType }
    ? z.infer<R['body']> | (R extends { bodyOptional: true } ? undefined : never)
    : undefined;
  /** The body's exact bytes, on routes that declare `rawBody`. */
  rawBody: R extends { rawBody: true } ? Uint8Array : undefined;
  headers: Record<string, string | undefined>;
  cookies: Record<string, string>;
  caller: Caller;
  requestId: string;
}

/** What a route function answers; the JSON serialisation happens in one place. */
export interface RouteResponse {
  status: number;
  body?: unknown;
  /** An HTML page instead of a JSON body; `headers` should carry its Content-Security-Policy. */
  html?: string;
  /** Raw bytes instead of a JSON body; `headers` carry their content-type (sent base64-encoded to API Gateway). */
  binary?: Uint8Array;
  headers?: Record<string, string>;
  /** Set-Cookie values. */
  cookies?: string[];
}

interface Extras {
  headers?: Record<string, string>;
  cookies?: string[];
}

/** One declared answer: a JSON body fitting its schema's output, an HTML page, or no body (a redirect). */
type AnswerOf<Status, Def> = Def extends { schema: infer Schema extends z.ZodMiniType }
  ? { status: Status; body: z.output<Schema>; html?: never; binary?: never } & Extras
  : Def extends { html: true }
    ? { status: Status; html: string; body?: never; binary?: never } & Extras
    : Def extends { binary: true }
      ? { status: Status; binary: Uint8Array; body?: never; html?: never } & Extras
      : { status: Status; body?: never; html?: never; binary?: never } & Extras;

/**
 * What a route function may answer: one of the statuses its row declares, with that status's
 * shape. An undeclared status or a body its schema does not describe fails to compile. A row only
 * known as RouteDef answers any RouteResponse.
 */
export type RouteResponseOf<R extends RouteDef> = number extends keyof R['responses']
  ? RouteResponse
  : {
      [Status in keyof R['responses'] & number]: AnswerOf<Status, R['responses'][Status]>;
    }[keyof R['responses'] & number];

export type RouteFn<R extends RouteDef, D> = (
  request: RouteRequest<R>,
  deps: D,
) => Promise<RouteResponseOf<R>>;

/** Per-request state the middlewares build up, carried on the Lambda context. */
export interface RequestState {
  route?: RouteDef;
  params: Record<string, string>;
  query: unknown;
  body: unknown;
  /** The body's bytes, for routes that ask for them (`rawBody`). */
  rawBody?: Uint8Array;
  cookies: Record<string, string>;
  caller: Caller;
}

export type CmsContext = Context & {
  cms: RequestState;
  /** The local gateway's own abort signal, handed over by the group handler (Lambda gives none). */
  gatewaySignal?: AbortSignal;
};

/**
 * What Lambda (or the local gateway) invokes. The local gateway passes the signal it aborts at its
 * integration timeout; on Lambda the third argument is the runtime's callback and carries none
 * (the handler keeps its own deadline: request-deadline.ts).
 */
export type LambdaHttpHandler = (
  event: HttpEvent,
  context: Context,
  options: { signal?: AbortSignal },
) => Promise<HttpResult>;
