import { apiClient } from '../support/api-client';
import { startTestService } from '../support/local-service';
import { seedRepository } from './fixture';

/**
 * Local mode in a process of its own for the latency runs (so the load generator does not share
 * its event loop): a repository `demo/bench` with the posts, connected, and an API token.
 * Prints one line `READY {"url","token"}`; stops on SIGTERM.
 */
const count = Number(process.argv[2] ?? 1000);
const service = await startTestService();
await seedRepository(service, 'bench', { posts: ['content/posts', count] });
const api = apiClient(service.url);
const session = await api.signIn('demo');
const connected = await api.post('/api/repos', { fullName: 'demo/bench' }, { session });
if (connected.status !== 201)
  throw new Error(`connect: ${connected.status} ${JSON.stringify(connected.body)}`);
const { token } = await api.createToken(session, {
  repos: ['demo/bench'],
  permissions: ['content:read'],
});
process.stdout.write(`READY ${JSON.stringify({ url: service.url, token })}\n`);
const stop = async () => {
  await service.stop();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
