import * as z from 'zod/mini';

export const DeviceCodeSchema = z.object({
  deviceCode: z.string(),
  userCode: z.string(),
  verificationUri: z.url(),
  expiresIn: z.int(),
  interval: z.int(),
});

export const DeviceTokenBodySchema = z.object({
  deviceCode: z.string().check(z.minLength(1, 'deviceCode must not be empty'), z.maxLength(200, 'deviceCode is too long')),
});

export const DeviceTokenAnswerSchema = z.union([
  z.object({ status: z.enum(['pending', 'slow_down', 'expired', 'denied']) }),
  z.object({ status: z.literal('success'), token: z.string(), expiresAt: z.string(), username: z.string() }),
]);
