import type { ServerResponse } from 'node:http';
import type { HostContext } from './context';
import { escapeHtml, page } from './html';
import { sendHtml } from './http-io';

/** The host's landing page and the users' avatars (plain SVG initials). */

export function indexPage(ctx: HostContext, res: ServerResponse): void {
  const users = ctx.state.users
    .map((user) => `<li><code>${escapeHtml(user.login)}</code> — ${escapeHtml(user.name)}</li>`)
    .join('');
  const repos = ctx.state.repos
    .map((repo) => {
      const installed = ctx.state.installations.some((record) =>
        record.repositoryIds.includes(repo.id),
      );
      return `<li><code>${escapeHtml(`${repo.owner}/${repo.name}`)}</code>${installed ? '' : ' <span class="note">(app not installed)</span>'}</li>`;
    })
    .join('');
  const body = `<p>A local stand-in for GitHub Enterprise Server. REST at <code>/api/v3</code>.</p>
    <h2>Users</h2><ul>${users}</ul>
    <h2>Repositories</h2><ul>${repos}</ul>
    <p class="note">App <code>${escapeHtml(ctx.state.app.slug)}</code> (id ${ctx.state.app.id}).</p>`;
  sendHtml(res, 200, page('GitHub (local)', body));
}

const COLORS = ['#0969da', '#1f883d', '#8250df', '#bf3989', '#bc4c00', '#1b7c83'];

export function avatar(ctx: HostContext, res: ServerResponse, id: string): void {
  const user = ctx.state.users.find((candidate) => String(candidate.id) === id);
  if (!user) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Not Found');
    return;
  }
  const color = COLORS[user.id % COLORS.length] ?? '#0969da';
  const initial = escapeHtml(user.login.charAt(0).toUpperCase());
  res.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' });
  res.end(
    `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120"><rect width="120" height="120" fill="${color}"/>` +
      `<text x="60" y="78" font-family="sans-serif" font-size="56" fill="#fff" text-anchor="middle">${initial}</text></svg>`,
  );
}
