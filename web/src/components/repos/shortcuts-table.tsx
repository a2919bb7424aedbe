import { isMac } from '../../lib/platform';
import { Dialog } from '../ui/dialog';

/** Every keyboard shortcut of the editor, as the person's platform spells its keys. */
export function shortcutList(mac: boolean): [keys: string, does: string][] {
  const mod = mac ? '⌘' : 'Ctrl';
  return [
    [`${mod} K`, 'Go to an item or run an action (command palette)'],
    [`${mod} S`, 'Save with the screen’s main action (publish or save as change request)'],
    ['?', 'Show these shortcuts'],
    ['Escape', 'Close a dialog; leave the focused writing view'],
    [`${mod} Z / ${mac ? '⌘ ⇧ Z' : 'Ctrl Y'}`, 'Undo / redo in the body'],
    [`${mod} F`, 'Find and replace in the body (Enter: next match, Escape: close)'],
    [`${mod} ] / ${mod} [`, 'Indent / outdent the selected lines of the body'],
    ['Tab', 'Leave the body for the next field (the editor never traps the keyboard)'],
    [`${mod} Enter`, 'Send a review comment'],
    ['↑ ↓ Enter', 'Move through the palette’s matches and open one'],
  ];
}

/** What the command palette can do on the editor screen, with the key that does it too, if any. */
export function editorPaletteActions(
  mac: boolean,
): [action: string, keys: string | undefined, note: string | undefined][] {
  const mod = mac ? '⌘' : 'Ctrl';
  return [
    [
      'Publish / Save as change request (the save buttons the toolbar offers)',
      `${mod} S`,
      'the main one',
    ],
    ['Focus mode (distraction-free writing)', 'Escape', 'leaves it'],
    ['Switch layout: the form beside or under the body', undefined, undefined],
  ];
}

/** The list of shortcuts, opened from the sidebar's button or the `?` key (shortcuts-dialog.tsx). */
export default function ShortcutsDialog({ onClose }: { onClose(): void }) {
  return (
    <Dialog
      title="Keyboard shortcuts"
      onClose={onClose}
      actions={
        <button type="button" className="button" data-autofocus onClick={onClose}>
          Close
        </button>
      }
    >
      <table className="shortcuts">
        <tbody>
          {shortcutList(isMac()).map(([keys, does]) => (
            <tr key={keys}>
              <th scope="row">
                <kbd>{keys}</kbd>
              </th>
              <td>{does}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="shortcuts">
        <caption>
          In the command palette ({isMac() ? '⌘ K' : 'Ctrl K'}) while editing an item
        </caption>
        <tbody>
          {editorPaletteActions(isMac()).map(([action, keys, note]) => (
            <tr key={action}>
              <th scope="row">{action}</th>
              <td>
                {keys ? <kbd>{keys}</kbd> : 'no key'}
                {note && <span className="muted small"> {note}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}
