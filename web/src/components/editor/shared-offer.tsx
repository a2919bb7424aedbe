import { useState } from 'react';
import type { FieldDefinition } from '../../../../shared/content/config-schema';
import { saveItem } from '../../api/content';
import type { SharedOffer } from './item-editor-reducer';
import type { ItemLocation } from './save-flow';

interface SharedOfferProps {
  location: ItemLocation;
  offer: SharedOffer;
  definitions: readonly FieldDefinition[];
  onApplied(sha: string, message: string): void;
  onDismiss(): void;
}

const labelOf = (definitions: readonly FieldDefinition[], name: string) =>
  definitions.find((field) => field.name === name)?.label ?? name;

/** "a", "a and b", "a, b and c". */
const listed = (words: readonly string[]) =>
  words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

/**
 * After a save changed a field kept equal across locales (`"i18n": "shared"`) that other
 * translations hold otherwise: one action saves the same version again with `applyShared`, which
 * writes those fields' values into the other locales' files in one commit, where this save went
 * (the draft branch when there is one). Nothing else of theirs changes; translations that do not
 * exist are not created.
 */
export function SharedOfferBanner({
  location,
  offer,
  definitions,
  onApplied,
  onDismiss,
}: SharedOfferProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const fields = offer.changes.map((change) => labelOf(definitions, change.field));
  const locales = [...new Set(offer.changes.flatMap((change) => change.locales))];
  const apply = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const applied = await saveItem(
        location.repo,
        location.collection,
        location.slug,
        {
          ...offer.saved,
          sha: location.sha,
          mode: location.branch ? 'branch' : 'direct',
          applyShared: true,
        },
        location.locale,
      );
      const written = [...new Set((applied.sharedApplied ?? []).flatMap((c) => c.locales))];
      onApplied(
        applied.sha,
        written.length > 0
          ? `${listed(fields)} applied to ${written.join(', ')}`
          : 'The other locales already match',
      );
    } catch (cause) {
      setError((cause as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="banner banner-info" role="status" data-testid="shared-offer">
      <span>
        {listed(fields)} {fields.length > 1 ? 'are' : 'is'} kept equal across locales, and{' '}
        {locales.join(', ')} {locales.length > 1 ? 'hold' : 'holds'} another value.
        {error && <span className="error-text"> Not applied: {error}</span>}
      </span>
      <span className="banner-actions">
        <button type="button" className="button small" disabled={busy} onClick={apply}>
          {busy ? 'Applying…' : `Apply ${listed(fields)} to ${locales.join(', ')}`}
        </button>
        <button type="button" className="button small" disabled={busy} onClick={onDismiss}>
          Keep them as they are
        </button>
      </span>
    </div>
  );
}
