// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContentItem } from '../../../shared/content/schemas';
import { ConflictDialog } from '../../../web/src/components/editor/conflict-dialog';
import type { EditVersion } from '../../../web/src/lib/edit-merge';
import { postFields } from './fixtures';

afterEach(cleanup);

const base = {
  frontmatter: { title: 'Hello', description: 'A greeting.' },
  body: 'One.\nTwo.\nThree.\n',
};
const theirItem = (frontmatter: Record<string, unknown>, body: string): ContentItem => ({
  slug: 'hello',
  path: 'content/posts/hello.md',
  sha: 'sha-2',
  frontmatter,
  body,
});

function open(mine: EditVersion, theirs: ContentItem) {
  const onApply = vi.fn<(merged: EditVersion) => void>();
  render(
    <ConflictDialog
      fields={postFields}
      base={base}
      mine={mine}
      theirs={theirs}
      onTakeTheirs={() => undefined}
      onApply={onApply}
      onClose={() => undefined}
    />,
  );
  return { dialog: screen.getByRole('dialog'), onApply };
}

describe('the conflict dialog', () => {
  it('merges my title with their body line without asking, and shows the result first', () => {
    const { dialog, onApply } = open(
      { frontmatter: { ...base.frontmatter, title: 'Hello, world' }, body: base.body },
      theirItem(base.frontmatter, 'One.\nTwo, theirs.\nThree.\n'),
    );
    expect(within(dialog).queryAllByRole('radio')).toHaveLength(0);
    const result = within(dialog).getByTestId('merge-result');
    expect(within(result).getByRole('row', { name: /Title/ }).textContent).toContain(
      'Hello, world',
    );
    expect(within(result).getByLabelText('Merged body').textContent).toBe(
      'One.\nTwo, theirs.\nThree.\n',
    );
    expect(within(dialog).queryByRole('button', { name: 'Keep mine' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use the merged version' }));
    expect(onApply).toHaveBeenCalledWith({
      frontmatter: { title: 'Hello, world', description: 'A greeting.' },
      body: 'One.\nTwo, theirs.\nThree.\n',
    });
  });

  it('asks per field and per body hunk only for what both changed, side by side', () => {
    const { dialog, onApply } = open(
      {
        frontmatter: { title: 'Mine', description: 'A greeting, mine.' },
        body: 'One, mine.\nTwo.\nThree.\n',
      },
      theirItem({ title: 'Theirs', description: 'A greeting.' }, 'One, theirs.\nTwo.\nThree!\n'),
    );
    const title = within(dialog).getByRole('group', { name: 'Title' });
    expect(
      within(title)
        .getByRole('radio', { name: /Keep yours/ })
        .closest('label')?.textContent,
    ).toContain('Mine');
    expect(
      within(title)
        .getByRole('radio', { name: /Keep theirs/ })
        .closest('label')?.textContent,
    ).toContain('Theirs');
    expect(within(dialog).queryByRole('group', { name: 'Description' })).toBeNull();
    const hunk = within(dialog).getByRole('group', { name: 'Body, from line 1' });
    expect(within(dialog).getAllByRole('group')).toHaveLength(2);

    const apply = within(dialog).getByRole('button', { name: 'Use the merged version' });
    expect((apply as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(title).getByRole('radio', { name: /Keep theirs/ }));
    expect((apply as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(hunk).getByRole('radio', { name: /Keep yours/ }));
    fireEvent.click(apply);
    expect(onApply).toHaveBeenCalledWith({
      frontmatter: { title: 'Theirs', description: 'A greeting, mine.' },
      body: 'One, mine.\nTwo.\nThree!\n',
    });
  });
});
