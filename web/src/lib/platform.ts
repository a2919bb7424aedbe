/** Apple keyboards: shortcuts use ⌘ where others use Ctrl. */
export const isMac = (): boolean =>
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
