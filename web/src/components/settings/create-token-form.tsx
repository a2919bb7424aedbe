import { useState, type FormEvent } from 'react';
import type { Permission } from '../../../../shared/auth/permissions';
import { listRepos } from '../../api/repos';
import { createToken, type ApiTokenCreated } from '../../api/tokens';
import { useAsync } from '../../lib/use-async';
import { expiryPresets, permissionInfo } from './permissions';

type Problems = Partial<Record<'name' | 'repos' | 'permissions' | 'form', string>>;

/** Name, repositories (all or chosen ones), permissions with their meaning, expiry. */
export function CreateTokenForm({ onCreated }: { onCreated(token: ApiTokenCreated): void }) {
  const repos = useAsync(listRepos, 'token-repos');
  const [name, setName] = useState('');
  const [allRepos, setAllRepos] = useState(true);
  const [chosen, setChosen] = useState<string[]>([]);
  const [permissions, setPermissions] = useState<Permission[]>(['content:read']);
  const [expiry, setExpiry] = useState(1);
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);

  const toggle = <T,>(list: T[], item: T) =>
    list.includes(item) ? list.filter((other) => other !== item) : [...list, item];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Problems = {};
    if (!name.trim())
      found.name = 'Give the token a name, for example the script that will use it.';
    else if (name.trim().length > 100) found.name = 'The name can be at most 100 characters.';
    if (!allRepos && chosen.length === 0)
      found.repos = 'Choose at least one repository, or allow all.';
    if (permissions.length === 0) found.permissions = 'Choose at least one permission.';
    setProblems(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const token = await createToken({
        name: name.trim(),
        repos: allRepos ? ['*'] : chosen,
        permissions,
        expiresIn: expiryPresets[expiry]?.seconds ?? null,
      });
      setName('');
      onCreated(token);
    } catch (cause) {
      setProblems({ form: (cause as Error).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="section token-form"
      onSubmit={submit}
      noValidate
      aria-labelledby="new-token-title"
    >
      <h2 id="new-token-title">New token</h2>
      <div className="field">
        <label htmlFor="token-name" className="field-label">
          Name
          <span className="required" aria-hidden="true">
            *
          </span>
        </label>
        <input
          id="token-name"
          value={name}
          maxLength={100}
          onChange={(event) => setName(event.target.value)}
          aria-invalid={problems.name ? true : undefined}
          aria-describedby="token-name-message"
          aria-required
        />
        {problems.name && (
          <p id="token-name-message" className="field-message">
            {problems.name}
          </p>
        )}
      </div>
      <fieldset className="field">
        <legend className="field-label">Repositories</legend>
        <label className="choice">
          <input
            type="radio"
            name="repo-scope"
            checked={allRepos}
            onChange={() => setAllRepos(true)}
          />{' '}
          All repositories, including ones connected later
        </label>
        <label className="choice">
          <input
            type="radio"
            name="repo-scope"
            checked={!allRepos}
            onChange={() => setAllRepos(false)}
          />{' '}
          Only these:
        </label>
        {!allRepos && (
          <div className="choice-group" role="group" aria-label="Repositories the token may use">
            {repos.data?.length === 0 && (
              <p className="muted small">No repository is connected yet.</p>
            )}
            {repos.data?.map((repo) => (
              <label key={repo.fullName} className="choice">
                <input
                  type="checkbox"
                  checked={chosen.includes(repo.fullName)}
                  onChange={() => setChosen((list) => toggle(list, repo.fullName))}
                />{' '}
                {repo.fullName}
              </label>
            ))}
          </div>
        )}
        {problems.repos && <p className="field-message">{problems.repos}</p>}
      </fieldset>
      <fieldset className="field">
        <legend className="field-label">Permissions</legend>
        <div className="permission-grid">
          {permissionInfo.map((info) => (
            <label key={info.value} className="choice permission">
              <input
                type="checkbox"
                checked={permissions.includes(info.value)}
                onChange={() => setPermissions((list) => toggle(list, info.value))}
                aria-describedby={`perm-${info.value}`}
              />
              <span>
                <strong>{info.label}</strong> <code className="small">{info.value}</code>
                <span id={`perm-${info.value}`} className="muted small block">
                  {info.meaning}
                </span>
              </span>
            </label>
          ))}
        </div>
        {problems.permissions && <p className="field-message">{problems.permissions}</p>}
      </fieldset>
      <div className="field">
        <label htmlFor="token-expiry" className="field-label">
          Expires after
        </label>
        <select
          id="token-expiry"
          value={expiry}
          onChange={(event) => setExpiry(Number(event.target.value))}
        >
          {expiryPresets.map((preset, index) => (
            <option key={preset.label} value={index}>
              {preset.label}
            </option>
          ))}
        </select>
      </div>
      {problems.form && (
        <p role="alert" className="error-text">
          {problems.form}
        </p>
      )}
      <button type="submit" className="button primary" disabled={busy}>
        {busy ? 'Creating…' : 'Create token'}
      </button>
    </form>
  );
}
