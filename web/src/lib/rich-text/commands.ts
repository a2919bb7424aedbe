import {
  baseKeymap,
  chainCommands,
  exitCode,
  newlineInCode,
  setBlockType,
  toggleMark,
  wrapIn,
} from 'prosemirror-commands';
import { redo, undo } from 'prosemirror-history';
import type { MarkType, NodeType } from 'prosemirror-model';
import type { Command, EditorState } from 'prosemirror-state';
import { liftListItem, sinkListItem, splitListItem, wrapInList } from 'prosemirror-schema-list';
import { schema } from './schema';

/** The rich-text mode's formatting commands, for the toolbar and the keyboard. */
const { nodes, marks } = schema;

export const insertHardBreak: Command = (state, dispatch) => {
  dispatch?.(state.tr.replaceSelectionWith(nodes.hard_break!.create()).scrollIntoView());
  return true;
};

/** A heading (level 2) from a paragraph, or the paragraph back from a heading. */
export const toggleHeading: Command = (state, dispatch) => {
  const { $from } = state.selection;
  if ($from.parent.type === nodes.heading) return setBlockType(nodes.paragraph!)(state, dispatch);
  return setBlockType(nodes.heading!, { level: 2 })(state, dispatch);
};

/** A link over the selection to `href`, or the link removed when `href` is empty. */
export function setLink(href: string): Command {
  return (state, dispatch) => {
    const { from, to, empty } = state.selection;
    if (empty) return false;
    const tr = state.tr.removeMark(from, to, marks.link);
    if (href) tr.addMark(from, to, marks.link!.create({ href }));
    dispatch?.(tr.scrollIntoView());
    return true;
  };
}

export function markActive(state: EditorState, type: MarkType): boolean {
  const { from, $from, to, empty } = state.selection;
  return empty
    ? Boolean(type.isInSet(state.storedMarks ?? $from.marks()))
    : state.doc.rangeHasMark(from, to, type);
}

export function blockActive(state: EditorState, type: NodeType): boolean {
  const { $from } = state.selection;
  for (let depth = $from.depth; depth > 0; depth--)
    if ($from.node(depth).type === type) return true;
  return false;
}

export const formatting = {
  bold: toggleMark(marks.strong!),
  italic: toggleMark(marks.em!),
  code: toggleMark(marks.code!),
  heading: toggleHeading,
  bulletList: wrapInList(nodes.bullet_list!),
  orderedList: wrapInList(nodes.ordered_list!),
  quote: wrapIn(nodes.blockquote!),
};

/** Keys: the usual shortcuts; Tab is left to the browser so the editor never traps the keyboard (lists indent with Mod-] / Mod-[). */
export const keys: Record<string, Command> = {
  'Mod-z': undo,
  'Shift-Mod-z': redo,
  'Mod-y': redo,
  'Mod-b': formatting.bold,
  'Mod-i': formatting.italic,
  'Mod-`': formatting.code,
  'Shift-Enter': chainCommands(exitCode, insertHardBreak),
  // Inside a code block Enter is a new line, even in a list item.
  Enter: chainCommands(newlineInCode, splitListItem(nodes.list_item!)),
  'Mod-]': sinkListItem(nodes.list_item!),
  'Mod-[': liftListItem(nodes.list_item!),
};

export { baseKeymap };
