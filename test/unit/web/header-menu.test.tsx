// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Header } from '../../../web/src/components/layout/header';
import { RouterProvider } from '../../../web/src/router/router';

afterEach(cleanup);

describe('the header on narrow screens', () => {
  it('folds the navigation behind a menu button that says whether it is open, and closes on a link', () => {
    render(
      <RouterProvider>
        <Header username="demo" onSignedOut={() => undefined} />
      </RouterProvider>,
    );
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(menu.getAttribute('aria-controls')).toBe(
      screen.getByRole('navigation', { name: 'Main' }).id,
    );
    // The stylesheet hides the navigation and the sidebar under 768 px unless the root says open.
    expect(document.documentElement.dataset.nav).toBe('closed');
    fireEvent.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(document.documentElement.dataset.nav).toBe('open');
    act(() => screen.getByRole('link', { name: 'API tokens' }).click());
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(document.documentElement.dataset.nav).toBe('closed');
  });
});
