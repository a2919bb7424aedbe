// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ShortcutsHelp } from '../../../web/src/components/repos/shortcuts-dialog';
import { shortcutList } from '../../../web/src/components/repos/shortcuts-table';

afterEach(cleanup);

describe('the keyboard shortcuts', () => {
  it('are spelled for the platform', () => {
    expect(shortcutList(true)[0]).toEqual([
      '⌘ K',
      'Go to an item or run an action (command palette)',
    ]);
    expect(shortcutList(false)[1]?.[0]).toBe('Ctrl S');
  });

  it('open with ? outside text fields, never while typing one, and with the sidebar button', async () => {
    render(
      <>
        <input aria-label="A text field" />
        <ShortcutsHelp />
      </>,
    );
    fireEvent.keyDown(screen.getByLabelText('A text field'), { key: '?' });
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.keyDown(document.body, { key: '?' });
    // The list is loaded when first asked for.
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(dialog.textContent).toContain('command palette');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }));
    expect(screen.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeTruthy();
  });
});
