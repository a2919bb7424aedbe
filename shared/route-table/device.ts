import {
  DeviceCodeSchema,
  DeviceReviewQuerySchema,
  DeviceTokenAnswerSchema,
  DeviceTokenBodySchema,
} from '../auth/device-schemas';
import { DeviceStartBodySchema } from '../auth/token-schemas';
import type { RouteDef } from '../http/route-def';
import { error } from './error-response';

/** The device group's rows: the CLI's device sign-in. */
export const deviceRoutes = [
  {
    id: 'startDevice',
    method: 'POST',
    path: '/auth/device',
    group: 'device',
    access: 'none',
    throttle: 'credential',
    summary: 'Start a device-code sign-in for a command-line tool',
    description:
      "Starts a device-code sign-in for a command-line tool. No body mints the spec's token (every permission, every repository, 90 days); an optional body `{permissions?, repos?, expiresIn?}` asks for less, validated as POST /api/tokens validates (expiresIn at most 90 days).",
    body: DeviceStartBodySchema,
    bodyOptional: true,
    responses: {
      200: {
        description:
          'Show userCode, verificationUri and reviewUri to the user; poll no faster than interval',
        schema: DeviceCodeSchema,
      },
      400: error(
        'A field of the body is invalid (the message names it): unknown permission, a repository name not owner/repo, "*" with names, more than 100 repositories, expiresIn over 90 days',
      ),
      502: error('The provider could not start the device flow'),
    },
  },
  {
    id: 'reviewDevice',
    method: 'GET',
    path: '/auth/device/review',
    group: 'device',
    access: 'none',
    throttle: 'credential',
    summary: "Show a device code's review page",
    description:
      "An HTML page for the person approving a device code: the permissions, repositories and lifetime the token will have, and a link on to the provider's verification page. Shows no secret.",
    query: DeviceReviewQuerySchema,
    responses: {
      200: {
        description: 'The review page (no script; strict Content-Security-Policy)',
        html: true,
      },
      404: error('No pending sign-in has this code (never issued, or expired)'),
    },
  },
  {
    id: 'pollDevice',
    method: 'POST',
    path: '/auth/device/token',
    group: 'device',
    access: 'none',
    throttle: 'credential',
    summary: 'Poll a device code for its API token',
    description:
      'Polls a device code: pending, slow_down, expired, denied, or success with an API token of the scope asked for at start (by default 90 days, all permissions, all repos).',
    body: DeviceTokenBodySchema,
    responses: {
      200: { description: 'The state of the device code', schema: DeviceTokenAnswerSchema },
      400: error(
        'deviceCode missing, or the approving user already holds 50 active API tokens (the code is used up)',
      ),
      502: error('The provider failed'),
    },
  },
] as const satisfies readonly RouteDef[];
