import { CliError, exitCodes } from './errors';
import type { Api } from './http';
import { deviceBody, type LoginScope } from './login-scope';

export interface DeviceCode {
  deviceCode: string;
  userCode: string;
  verificationUri: string;
  /** The service's page showing what the token will grant; absent from services older than it. */
  reviewUri?: string;
  expiresIn: number;
  interval: number;
}

export interface DeviceLoginSteps {
  /** Shown once the code is known: where to go and what to type. */
  prompt(code: DeviceCode): void;
  sleep(ms: number): Promise<void>;
  now(): number;
}

/**
 * The device flow (RFC 8628 as the service words it): poll no faster than `interval`, add 5
 * seconds on each `slow_down`, give up on `expired`, `denied` or when `expiresIn` has passed.
 * The whole scope is always sent (login-scope.ts), so the token is exactly what was asked for.
 */
export async function deviceLogin(
  api: Api,
  steps: DeviceLoginSteps,
  scope: Required<LoginScope>,
): Promise<{ token: string; expiresAt: string; username: string }> {
  const code = await api.call('startDevice', { body: deviceBody(scope) });
  steps.prompt(code);
  const deadline = steps.now() + code.expiresIn * 1000;
  let interval = Math.max(1, code.interval) * 1000;
  for (;;) {
    await steps.sleep(interval);
    const answer = await api.call('pollDevice', { body: { deviceCode: code.deviceCode } });
    switch (answer.status) {
      case 'success':
        return { token: answer.token, expiresAt: answer.expiresAt, username: answer.username };
      case 'slow_down':
        interval += 5000;
        break;
      case 'denied':
        throw new CliError('The sign-in was denied at the verification page.', exitCodes.auth);
      case 'expired':
        throw new CliError('The code expired before it was approved; run cms login again.');
      case 'pending':
        break;
    }
    if (steps.now() + interval > deadline)
      throw new CliError('The code expired before it was approved; run cms login again.');
  }
}
