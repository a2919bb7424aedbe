import { useEffect, useRef, useState } from 'react';
import { beatPresence, leavePresence, type PresenceBeat } from '../../api/presence';
import { useLatest } from '../../lib/use-latest';

export interface PresenceItem {
  repo: string;
  collection: string;
  slug: string;
  /** The version on screen; no heartbeat without one (a new item). */
  sha?: string;
  branch?: string;
}

/** A heartbeat's answer, with the version it was sent for. */
export type PresenceSeen = PresenceBeat & { sentFor: string; receivedAt: number };

/** Until the service names its own pace: the spec's 30 seconds. */
const fallbackSeconds = 30;

/**
 * Says "I have this item open" while it is open and the tab visible: at once, then every
 * `heartbeatSeconds` the service answers, again at once when the tab shows again or the version on
 * screen changes (a save); nothing while the tab is hidden, so a forgotten tab drops out by itself.
 * On leaving the item it says so. A failed heartbeat is soft: nothing is shown, the next one tries again.
 */
export function usePresence(item: PresenceItem): PresenceSeen | undefined {
  const { repo, collection, slug } = item;
  const [seen, setSeen] = useState<PresenceSeen>();
  const version = useLatest({ sha: item.sha, branch: item.branch });
  const sendNow = useRef<() => void>(undefined);
  // The version the last heartbeat named, set as it is sent: a new version is sent at once.
  const sentFor = useRef<string>(undefined);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let started = false;
    const later = (seconds: number) => {
      clearTimeout(timer);
      timer = setTimeout(send, seconds * 1000);
    };
    async function send() {
      clearTimeout(timer);
      const { sha, branch } = version.current;
      if (stopped || !sha || document.visibilityState === 'hidden') return;
      started = true;
      sentFor.current = `${sha} ${branch ?? ''}`;
      try {
        const answer = await beatPresence(repo, collection, slug, {
          sha,
          ...(branch && { branch }),
        });
        if (stopped) return;
        setSeen({ ...answer, sentFor: sha, receivedAt: Date.now() });
        later(answer.heartbeatSeconds);
      } catch {
        if (!stopped) later(fallbackSeconds);
      }
    }
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void send();
      else clearTimeout(timer);
    };
    sendNow.current = () => void send();
    document.addEventListener('visibilitychange', onVisibility);
    void send();
    return () => {
      stopped = true;
      clearTimeout(timer);
      sendNow.current = undefined;
      document.removeEventListener('visibilitychange', onVisibility);
      if (started) void leavePresence(repo, collection, slug).catch(() => undefined);
    };
  }, [repo, collection, slug, version]);

  // A save gave the screen a new version: say so now, not at the next beat.
  useEffect(() => {
    if (item.sha && sentFor.current !== `${item.sha} ${item.branch ?? ''}`) sendNow.current?.();
  }, [item.sha, item.branch]);

  return seen;
}
