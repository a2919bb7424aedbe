import { ErrorSchema } from '../schemas';

/** An error answer of a route-table row: its description, with the `{"error": "..."}` body. */
export const error = (description: string) => ({ description, schema: ErrorSchema });
