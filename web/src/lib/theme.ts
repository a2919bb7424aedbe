/** The colour theme: the system's by default, or the reader's choice, remembered in this browser. */
export type ThemeChoice = 'system' | 'light' | 'dark';
const key = 'cms:theme';

export function readTheme(): ThemeChoice {
  const stored = localStorage.getItem(key);
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

export function applyTheme(choice: ThemeChoice): void {
  if (choice === 'system') {
    localStorage.removeItem(key);
    delete document.documentElement.dataset.theme;
  } else {
    localStorage.setItem(key, choice);
    document.documentElement.dataset.theme = choice;
  }
}
