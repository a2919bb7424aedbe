import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

// zod/mini ships without messages; load the English ones once so 400s say what is wrong.
z.config(en());
