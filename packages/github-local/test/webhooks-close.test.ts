import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { freshRepo } from './collaboration-helpers';
import { startTestHost } from './helpers';

/** Closing the host abandons what is queued and aborts the delivery in flight: close() never hangs on a receiver. */

it('close() aborts a delivery whose receiver never answers and drops the queued ones', async () => {
  let arrived = 0;
  const silent = createServer(() => {
    arrived += 1; // never answers
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/hook`;
  const host = await startTestHost({ appWebhook: { url, secret: 's' } });
  try {
    await freshRepo(host.gh, 'quiet', { 'a.md': 'a\n' });
    await host.gh.commitFiles('demo', 'quiet', {
      branch: 'main',
      changes: [{ path: 'b.md', content: 'b\n' }],
      message: 'b\n',
      author: { name: 'D', email: 'd@example.com' },
    });
    while (arrived === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    await host.dispose();
    const deliveries = host.gh.webhookDeliveries();
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({
      event: 'push',
      repository: 'demo/quiet',
      status: null,
      error: 'Abandoned: the host closed',
    });
    expect(arrived).toBe(1);
  } finally {
    silent.closeAllConnections();
    silent.close();
  }
});
