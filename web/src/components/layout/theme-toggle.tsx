import { useState } from 'react';
import { applyTheme, readTheme, type ThemeChoice } from '../../lib/theme';

const labels: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

/** System, light or dark; a select is the most accessible three-way switch. */
export function ThemeToggle() {
  const [choice, setChoice] = useState<ThemeChoice>(readTheme);
  return (
    <label className="theme-toggle">
      <span className="visually-hidden">Colour theme</span>
      <select
        value={choice}
        onChange={(event) => {
          const next = event.target.value as ThemeChoice;
          setChoice(next);
          applyTheme(next);
        }}
      >
        {(Object.keys(labels) as ThemeChoice[]).map((key) => (
          <option key={key} value={key}>
            {labels[key]} theme
          </option>
        ))}
      </select>
    </label>
  );
}
