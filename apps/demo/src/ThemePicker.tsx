import { setDemoTheme, useDemoThemeChoice } from './demoTheme'

/** The demo's theme picker: Light, Dark, or a custom accent on the light theme. */
export function ThemePicker() {
  const choice = useDemoThemeChoice()
  return (
    <fieldset style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
      <legend>Theme</legend>
      <select
        aria-label="Theme"
        value={choice.kind}
        onChange={(event) =>
          setDemoTheme({ ...choice, kind: event.target.value as 'light' | 'dark' | 'custom' })
        }
      >
        <option value="light">Light</option>
        <option value="dark">Dark</option>
        <option value="custom">Custom accent</option>
      </select>
      {choice.kind === 'custom' ? (
        <input
          type="color"
          aria-label="Accent colour"
          value={choice.accent}
          onChange={(event) => setDemoTheme({ ...choice, accent: event.target.value })}
        />
      ) : null}
    </fieldset>
  )
}
