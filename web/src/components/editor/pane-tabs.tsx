export type Pane = 'write' | 'preview' | 'site';

interface PaneTabsProps {
  pane: Pane;
  /** Wide screens show the form and a side panel together: the tabs only choose the side panel. */
  wide: boolean;
  /** The draft has a preview deployment: "Preview site" is offered. */
  site: boolean;
  onChange(pane: Pane): void;
}

/**
 * What the editor shows: narrow screens one pane at a time (Write, Preview, Preview site); wide
 * screens the form with the markdown preview or, when the draft has a deployment, the site beside it.
 */
export function PaneTabs({ pane, wide, site, onChange }: PaneTabsProps) {
  if (wide && !site) return null;
  const side = pane === 'site' ? 'site' : 'preview';
  const pressed = (which: Pane) => (wide ? side === which : pane === which);
  return (
    <div className="pane-tabs" role="group" aria-label="Show">
      {!wide && (
        <button type="button" aria-pressed={pressed('write')} onClick={() => onChange('write')}>
          Write
        </button>
      )}
      <button type="button" aria-pressed={pressed('preview')} onClick={() => onChange('preview')}>
        Preview
      </button>
      {site && (
        <button type="button" aria-pressed={pressed('site')} onClick={() => onChange('site')}>
          Preview site
        </button>
      )}
    </div>
  );
}
