import type { MarkType, NodeType } from 'prosemirror-model';
import type { Command, EditorState } from 'prosemirror-state';
import { blockActive, formatting, markActive, setLink } from '../../lib/rich-text/commands';
import { schema } from '../../lib/rich-text/schema';

interface Tool {
  label: string;
  keys?: string;
  command: Command;
  mark?: MarkType;
  block?: NodeType;
}

const tools: Tool[] = [
  { label: 'Bold', keys: 'Ctrl+B', command: formatting.bold, mark: schema.marks.strong },
  { label: 'Italic', keys: 'Ctrl+I', command: formatting.italic, mark: schema.marks.em },
  { label: 'Heading', command: formatting.heading, block: schema.nodes.heading },
  { label: 'List', command: formatting.bulletList, block: schema.nodes.bullet_list },
  { label: 'Numbered list', command: formatting.orderedList, block: schema.nodes.ordered_list },
  { label: 'Quote', command: formatting.quote, block: schema.nodes.blockquote },
  { label: 'Code', keys: 'Ctrl+`', command: formatting.code, mark: schema.marks.code },
];

interface RichTextToolbarProps {
  state: EditorState;
  run(command: Command): void;
}

/** Formatting buttons; a press keeps the cursor in the text (mousedown does not take the focus). */
export function RichTextToolbar({ state, run }: RichTextToolbarProps) {
  const link = () => {
    const current = state.selection.$from.marks().find((mark) => mark.type === schema.marks.link)
      ?.attrs.href as string | undefined;
    const href = window.prompt('Link address (empty to remove the link)', current ?? 'https://');
    if (href !== null) run(setLink(href.trim()));
  };
  return (
    <div className="rich-text-toolbar" role="group" aria-label="Formatting">
      {tools.map((tool) => {
        const active = tool.mark
          ? markActive(state, tool.mark)
          : tool.block
            ? blockActive(state, tool.block)
            : false;
        return (
          <button
            key={tool.label}
            type="button"
            aria-pressed={active}
            disabled={!tool.command(state)}
            title={tool.keys ? `${tool.label} (${tool.keys})` : tool.label}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => run(tool.command)}
          >
            {tool.label}
          </button>
        );
      })}
      <button
        type="button"
        disabled={state.selection.empty}
        title="Link (select text first)"
        onMouseDown={(event) => event.preventDefault()}
        onClick={link}
      >
        Link
      </button>
    </div>
  );
}
