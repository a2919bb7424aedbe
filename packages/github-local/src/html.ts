/** Plain HTML pages for the local host: one readable layout, no scripts. */

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export function hiddenInputs(values: Record<string, string>): string {
  return Object.entries(values)
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('\n      ');
}

export function userSelect(users: { login: string; name: string }[], selected?: string): string {
  const options = users
    .map((user) => {
      const isSelected = user.login === selected ? ' selected' : '';
      return `<option value="${escapeHtml(user.login)}"${isSelected}>${escapeHtml(user.login)} (${escapeHtml(user.name)})</option>`;
    })
    .join('');
  return `<label for="login">Sign in as</label>\n      <select id="login" name="login">${options}</select>`;
}

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)} · GitHub (local)</title>
  <style>
    body { font: 16px/1.5 system-ui, sans-serif; color: #1f2328; background: #f6f8fa; margin: 0; }
    header { background: #24292f; color: #fff; padding: 12px 24px; font-weight: 600; }
    main { max-width: 460px; margin: 40px auto; background: #fff; border: 1px solid #d0d7de; border-radius: 6px; padding: 24px; }
    h1 { font-size: 22px; margin-top: 0; }
    label { display: block; font-weight: 600; margin: 12px 0 4px; }
    select, input[type=text] { width: 100%; box-sizing: border-box; padding: 6px 8px; font: inherit; }
    button { margin-top: 16px; margin-right: 8px; padding: 6px 16px; font: inherit; border-radius: 6px; border: 1px solid #1f883d; background: #1f883d; color: #fff; cursor: pointer; }
    button.secondary { background: #f6f8fa; color: #1f2328; border-color: #d0d7de; }
    .note { color: #59636e; font-size: 14px; }
    .error { color: #d1242f; }
    code { background: #eff1f3; padding: 1px 4px; border-radius: 4px; }
  </style>
</head>
<body>
  <header>GitHub (local)</header>
  <main>
    <h1>${escapeHtml(title)}</h1>
    ${body}
  </main>
</body>
</html>
`;
}
