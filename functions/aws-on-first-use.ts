import { lazyOnce } from './aws-env';

/** A port's methods, each answering a promise (every port an AWS adapter implements). */
type AsyncMethods<T> = { [K in keyof T]: (...args: never[]) => Promise<unknown> };

/**
 * A port whose adapter, with its SDK client, is loaded on the first call of one of its methods
 * (a dynamic `import()` in `load`) and made once per container; a failed load is retried by the
 * next call. A client that only some requests need (S3 for uploads, EventBridge Scheduler for
 * schedules, SQS for webhook deliveries) then costs nothing at module load, a cold start's init
 * phase: esbuild, bundling without code splitting, inlines the imported modules but defers their
 * evaluation to the first call. `methods` names every method of the port (the compiler checks it).
 */
export function onFirstUse<T extends AsyncMethods<T>>(
  load: () => Promise<T>,
  methods: { [K in keyof T]: true },
): T {
  const ready = lazyOnce(load);
  type Method = (...args: unknown[]) => Promise<unknown>;
  const port: Partial<Record<keyof T, Method>> = {};
  for (const name of Object.keys(methods) as (keyof T)[]) {
    port[name] = async (...args) => ((await ready())[name] as unknown as Method)(...args);
  }
  return port as unknown as T;
}
