import * as z from 'zod/mini';

export const DeviceCodeSchema = z.object({
  deviceCode: z.string(),
  userCode: z.string(),
  verificationUri: z.url(),
  reviewUri: z.url().check(
    z.describe("The service's page that shows what approving this code grants (permissions, repositories, lifetime), with a link on to verificationUri. Added to the spec's shape."),
  ),
  expiresIn: z.int(),
  interval: z.int(),
});

export const DeviceReviewQuerySchema = z.object({
  code: z.string().check(
    z.minLength(1, 'code must not be empty'),
    z.maxLength(64, 'code is too long'),
    z.regex(/^[A-Za-z0-9-]+$/, 'code must be the user code the command line shows (XXXX-XXXX)'),
    z.describe('The user code (`userCode`), in any letter case'),
  ),
});

export const DeviceTokenBodySchema = z.object({
  deviceCode: z.string().check(z.minLength(1, 'deviceCode must not be empty'), z.maxLength(200, 'deviceCode is too long')),
});

export const DeviceTokenAnswerSchema = z.union([
  z.object({ status: z.enum(['pending', 'slow_down', 'expired', 'denied']) }),
  z.object({ status: z.literal('success'), token: z.string(), expiresAt: z.string(), username: z.string() }),
]);
