import type { DeviceReview } from '../../shared/auth/device-flow';
import { escapeHtml, htmlPage } from '../../shared/http/html';
import type { Permission } from '../../shared/auth/permissions';

/** The spec's table of what each permission grants, in the words a person approving a token reads. */
const grants: Record<Permission, string> = {
  'content:read': 'list and read content items; view drafts and their diffs',
  'content:write':
    'create and update content; open and close drafts; update and rebase their branches',
  'content:delete': 'delete content items',
  'content:publish': 'merge drafts into the default branch',
  'config:read': 'read cms.config.json',
  'repos:read': 'list connected repositories',
};

/** `604800` → `7 days`; the largest unit that divides it exactly. */
export function describeSeconds(seconds: number): string {
  const units: [number, string][] = [
    [86_400, 'day'],
    [3_600, 'hour'],
    [60, 'minute'],
    [1, 'second'],
  ];
  const [size, name] = units.find(([size]) => seconds % size === 0) ?? [1, 'second'];
  const count = seconds / size;
  return `${count} ${name}${count === 1 ? '' : 's'}`;
}

/** Every value that came from a request or the provider is escaped; the page has no script and no form. */
export function reviewPage(review: DeviceReview): {
  html: string;
  headers: Record<string, string>;
} {
  const { scope } = review;
  const permissions = scope.permissions
    .map(
      (permission) =>
        `<li><code>${escapeHtml(permission)}</code>: ${escapeHtml(grants[permission] ?? '')}</li>`,
    )
    .join('');
  const repos = scope.repos.includes('*')
    ? '<li><strong>every repository</strong> you can reach through the service (<code>*</code>)</li>'
    : scope.repos.map((repo) => `<li><code>${escapeHtml(repo)}</code></li>`).join('');
  const body = `<p>A command-line tool asks for an API token that acts as you, with the code <code>${escapeHtml(review.userCode)}</code>.</p>
<table>
<tr><th>Permissions</th><td><ul>${permissions}</ul></td></tr>
<tr><th>Repositories</th><td><ul>${repos}</ul></td></tr>
<tr><th>Lifetime</th><td>${escapeHtml(describeSeconds(scope.expiresIn))} from approval</td></tr>
</table>
<p>If this is what you started, continue to <a href="${escapeHtml(review.verificationUri)}">${escapeHtml(review.verificationUri)}</a> and enter the code <code>${escapeHtml(review.userCode)}</code>.</p>
<p class="note">If you did not start it, do not enter the code: the request ends by itself at ${escapeHtml(review.codeExpiresAt)}. You can revoke a token at any time in the editor's Settings (API tokens).</p>`;
  return htmlPage('Review a command-line sign-in', body);
}
