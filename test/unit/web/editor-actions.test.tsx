// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CmsConfig } from '../../../shared/content/config-schema';
import {
  shortcutList,
  editorPaletteActions,
} from '../../../web/src/components/repos/shortcuts-table';
import {
  editorActions,
  useEditorActions,
} from '../../../web/src/components/editor/use-editor-actions';
import { readEditorLayout, useEditorLayout } from '../../../web/src/lib/editor-layout';
import { paletteEntries } from '../../../web/src/lib/palette-entries';
import { useScreenActions } from '../../../web/src/lib/screen-actions';
import { saveButtons } from '../../../web/src/lib/save-plan';

afterEach(cleanup);
beforeEach(() => localStorage.clear());

const base = () => ({
  readOnly: false,
  save: vi.fn(),
  focused: false,
  setFocused: vi.fn(),
  layout: 'stacked' as const,
  toggleLayout: vi.fn(),
});

describe("the editor's actions in the command palette", () => {
  it('offer the save buttons the workflow gives the toolbar, the main one first with its key', () => {
    const open = editorActions({ ...base(), buttons: saveButtons(undefined) }, false);
    expect(open.map((action) => [action.label, action.detail])).toEqual([
      ['Publish', 'This item · Ctrl S'],
      ['Save as change request', 'This item'],
      ['Focus mode (distraction-free writing)', 'Editor'],
      ['Switch layout: form beside the body', 'Editor'],
    ]);
    const locked = editorActions(
      { ...base(), buttons: saveButtons({ default: 'pr', locked: true }) },
      true,
    );
    expect(locked.map((action) => action.label).slice(0, 2)).toEqual([
      'Save as change request',
      'Focus mode (distraction-free writing)',
    ]);
    expect(locked[0]?.detail).toBe('This item · ⌘ S');
  });

  it('offer no save while the item cannot be saved, and run what they name', () => {
    const input = {
      ...base(),
      readOnly: true,
      focused: true,
      layout: 'side' as const,
      buttons: saveButtons(undefined),
    };
    const actions = editorActions(input);
    expect(actions.map((action) => action.label)).toEqual([
      'Leave focus mode',
      'Switch layout: form under the body',
    ]);
    actions[0]!.run();
    expect(input.setFocused).toHaveBeenCalledWith(false);
    actions[1]!.run();
    expect(input.toggleLayout).toHaveBeenCalledOnce();
    const writable = { ...base(), buttons: saveButtons(undefined) };
    editorActions(writable)[1]!.run();
    expect(writable.save).toHaveBeenCalledWith('draft');
  });

  it('are in the palette, before its other actions, while the editor is mounted, and only then', () => {
    const config = { name: 'Demo', collections: {} } as unknown as CmsConfig;
    const seen = renderHook(() => useScreenActions());
    const input = { ...base(), buttons: saveButtons(undefined) };
    const editor = renderHook(() => useEditorActions(input));
    const entries = paletteEntries('demo/blog', config, [], seen.result.current);
    expect(entries.map((entry) => entry.label)).toEqual([
      'Publish',
      'Save as change request',
      'Focus mode (distraction-free writing)',
      'Switch layout: form beside the body',
      'Reviews',
      'Switch repository',
    ]);
    entries[0]!.run!();
    expect(input.save).toHaveBeenCalledWith('publish');
    expect(entries[0]!.to).toBeUndefined();
    editor.unmount();
    expect(seen.result.current).toEqual([]);
  });

  it('are listed in the shortcuts dialog with their keys', () => {
    expect(shortcutList(false).find(([keys]) => keys === 'Ctrl S')).toBeTruthy();
    expect(editorPaletteActions(false)).toEqual([
      [
        'Publish / Save as change request (the save buttons the toolbar offers)',
        'Ctrl S',
        'the main one',
      ],
      ['Focus mode (distraction-free writing)', 'Escape', 'leaves it'],
      ['Switch layout: the form beside or under the body', undefined, undefined],
    ]);
  });
});

describe('the layout choice', () => {
  it('puts the details beside the body until switched, and is remembered in this browser', () => {
    expect(readEditorLayout()).toBe('side');
    const first = renderHook(() => useEditorLayout());
    act(() => first.result.current[1]());
    expect(first.result.current[0]).toBe('stacked');
    expect(renderHook(() => useEditorLayout()).result.current[0]).toBe('stacked');
    act(() => first.result.current[1]());
    expect(readEditorLayout()).toBe('side');
  });
});
