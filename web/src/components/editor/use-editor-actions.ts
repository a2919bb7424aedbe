import { useMemo } from 'react';
import type { EditorLayout } from '../../lib/editor-layout';
import { isMac } from '../../lib/platform';
import { actionLabels, type SaveAction, type SaveButtons } from '../../lib/save-plan';
import { useProvideScreenActions, type ScreenAction } from '../../lib/screen-actions';
import { useLatest } from '../../lib/use-latest';

interface EditorActionsInput {
  buttons: SaveButtons;
  /** No save actions while the item cannot be saved (the toolbar's buttons are disabled then too). */
  readOnly: boolean;
  save(action: SaveAction): void;
  focused: boolean;
  setFocused(focused: boolean): void;
  layout: EditorLayout;
  toggleLayout(): void;
}

/**
 * The editor's actions in the command palette: the save buttons the toolbar offers (its workflow's,
 * in the same order), focus mode on or off, and the layout switch.
 */
export function editorActions(input: EditorActionsInput, mac = isMac()): ScreenAction[] {
  const { buttons } = input;
  const saves = input.readOnly
    ? []
    : [buttons.primary, buttons.secondary].filter(
        (action): action is SaveAction => action !== undefined,
      );
  return [
    ...saves.map((action) => ({
      id: `save:${action}`,
      label: actionLabels[action],
      detail: action === buttons.primary ? `This item · ${mac ? '⌘ S' : 'Ctrl S'}` : 'This item',
      run: () => input.save(action),
    })),
    {
      id: 'focus',
      label: input.focused ? 'Leave focus mode' : 'Focus mode (distraction-free writing)',
      detail: input.focused ? 'Editor · Escape' : 'Editor',
      run: () => input.setFocused(!input.focused),
    },
    {
      id: 'layout',
      label:
        input.layout === 'side'
          ? 'Switch layout: form under the body'
          : 'Switch layout: form beside the body',
      detail: 'Editor',
      run: input.toggleLayout,
    },
  ];
}

/** Offers the editor's actions to the command palette while the editor is open. */
export function useEditorActions(input: EditorActionsInput): void {
  // Picking runs with the screen's state at that moment, not when the list was made.
  const latest = useLatest(input);
  const { primary, secondary } = input.buttons;
  const { readOnly, focused, layout } = input;
  const actions = useMemo(
    () =>
      editorActions({
        buttons: { primary, secondary },
        readOnly,
        focused,
        layout,
        save: (action) => latest.current.save(action),
        setFocused: (next) => latest.current.setFocused(next),
        toggleLayout: () => latest.current.toggleLayout(),
      }),
    [primary, secondary, readOnly, focused, layout, latest],
  );
  useProvideScreenActions(actions);
}
