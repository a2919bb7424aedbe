import { useState } from 'react';
import type { ApiTokenSummary } from '../../../../shared/auth/token-schemas';
import { formatDateTime } from '../../lib/format';
import { permissionInfo } from './permissions';

const labelOf = new Map(permissionInfo.map((info) => [info.value as string, info.label]));

export function TokenTable({
  tokens,
  onRevoke,
}: {
  tokens: readonly ApiTokenSummary[];
  onRevoke(token: ApiTokenSummary): void;
}) {
  // Read once when the table appears: whether a token has expired is judged at that moment, not re-read on every render.
  const [now] = useState(Date.now);
  return (
    <div className="table-scroll">
      <table className="data-table" aria-label="API tokens">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Repositories</th>
            <th scope="col">Permissions</th>
            <th scope="col">Created</th>
            <th scope="col">Expires</th>
            <th scope="col">Last used</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {tokens.map((token) => {
            const expired = token.expiresAt ? Date.parse(token.expiresAt) < now : false;
            return (
              <tr key={token.tokenId}>
                <th scope="row">{token.name}</th>
                <td>{token.repos.includes('*') ? 'All repositories' : token.repos.join(', ')}</td>
                <td>
                  <ul className="chips">
                    {token.permissions.map((permission) => (
                      <li key={permission} className="chip" title={permission}>
                        {labelOf.get(permission) ?? permission}
                      </li>
                    ))}
                  </ul>
                </td>
                <td>{formatDateTime(token.createdAt)}</td>
                <td>
                  {token.expiresAt ? (
                    <span className={expired ? 'error-text' : undefined}>
                      {expired ? 'Expired ' : ''}
                      {formatDateTime(token.expiresAt)}
                    </span>
                  ) : (
                    'Never'
                  )}
                </td>
                <td>{token.lastUsedAt ? formatDateTime(token.lastUsedAt) : 'Never used'}</td>
                <td>
                  <button
                    type="button"
                    className="button ghost small danger-text"
                    onClick={() => onRevoke(token)}
                    aria-label={`Revoke ${token.name}`}
                  >
                    Revoke
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
