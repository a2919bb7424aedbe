import * as z from 'zod/mini';
import { schemaDocs } from '../schemas';

export const DeviceCodeSchema = z.object({
  deviceCode: z.string(),
  userCode: z.string(),
  verificationUri: z.url(),
  reviewUri: z
    .url()
    .check(
      z.describe(
        "The service's page that shows what approving this code grants (permissions, repositories, lifetime), with a link on to verificationUri. Added to the spec's shape.",
      ),
    ),
  expiresIn: z.int(),
  interval: z.int(),
});

export const DeviceReviewQuerySchema = z.object({
  code: z
    .string()
    .check(
      z.minLength(1, 'code must not be empty'),
      z.maxLength(64, 'code is too long'),
      z.regex(/^[A-Za-z0-9-]+$/, 'code must be the user code the command line shows (XXXX-XXXX)'),
      z.describe('The user code (`userCode`), in any letter case'),
    ),
});

export const DeviceTokenBodySchema = z.object({
  deviceCode: z
    .string()
    .check(
      z.minLength(1, 'deviceCode must not be empty'),
      z.maxLength(200, 'deviceCode is too long'),
    ),
});

export const DeviceTokenAnswerSchema = z.union([
  z.object({ status: z.enum(['pending', 'slow_down', 'expired', 'denied']) }),
  z.object({
    status: z.literal('success'),
    token: z.string(),
    expiresAt: z.string(),
    username: z.string(),
  }),
]);

/** What the OpenAPI document says of these shapes (shared/openapi reads it; bundles without the document drop the text). */
export const deviceDocs = /* @__PURE__ */ schemaDocs((document) => {
  document(DeviceCodeSchema, {
    properties: {
      deviceCode:
        'The secret the tool polls with (POST /auth/device/token); never shown to the person',
      userCode: "The code the person types on the provider's verification page",
      verificationUri: 'Where the person enters userCode',
      expiresIn: 'Seconds until the code expires',
      interval: 'Fewest seconds between two polls',
    },
    examples: [
      {
        deviceCode: '3584d83530557fdd1f46af8289938c8ef79f9dc5',
        userCode: 'WDJB-MJHT',
        verificationUri: 'https://github.com/login/device',
        reviewUri: 'https://cms.example.org/auth/device/review?code=WDJB-MJHT',
        expiresIn: 900,
        interval: 5,
      },
    ],
  });
  document(DeviceTokenBodySchema, {
    properties: {
      deviceCode: 'The deviceCode POST /auth/device answered',
    },
    examples: [{ deviceCode: '3584d83530557fdd1f46af8289938c8ef79f9dc5' }],
  });
  document(DeviceTokenAnswerSchema, {
    properties: {
      '|0.status':
        'pending: not approved yet, poll again; slow_down: poll less often; expired: start over; denied: the person refused',
      '|1.status': 'Approved: the token is here',
      '|1.token': 'The API token (`Authorization: Bearer …`); shown this once',
      '|1.expiresAt': 'When the token expires (ISO 8601)',
      '|1.username': 'The GitHub login of the person who approved',
    },
    examples: [
      {
        status: 'success',
        token: 'cms_AAAAAAAAAAAAAAAAAAAAAA.bm90LWEtcmVhbC1zaWduYXR1cmUtanVzdC1hbi1leGFtcGxl',
        expiresAt: '2025-04-01T09:30:00.000Z',
        username: 'demo',
      },
      { status: 'pending' },
    ],
  });
});
