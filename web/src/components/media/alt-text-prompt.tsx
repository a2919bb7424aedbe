import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';

// The dialog loads with the first image placed, so the editor's first download stays as it was.
const AltTextDialog = lazy(() =>
  import('./alt-text-dialog').then((module) => ({ default: module.AltTextDialog })),
);

interface Asking {
  name: string;
  answer(alt: string): void;
}

/**
 * Asks for an image's alternative text before it goes into the body (uploaded, pasted, dropped or
 * chosen from the library), so the body says what the image shows instead of its file name. An
 * empty answer, or closing the dialog, marks the image decorative (`![](…)`): the image is placed
 * either way, since it was asked for.
 */
export function useAltTextPrompt(): { dialog: ReactNode; ask(name: string): Promise<string> } {
  const [asking, setAsking] = useState<Asking | undefined>();
  // Several images pasted at once are asked about one after the other.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const ask = (name: string) => {
    const answer = queue.current.then(
      () =>
        new Promise<string>((resolve) =>
          setAsking({
            name,
            answer: (alt) => {
              setAsking(undefined);
              resolve(alt);
            },
          }),
        ),
    );
    queue.current = answer;
    return answer;
  };
  return {
    dialog: asking && (
      <Suspense fallback={null}>
        <AltTextDialog key={asking.name} {...asking} />
      </Suspense>
    ),
    ask,
  };
}
