import { type FoyerTheme, lightTheme } from '@foyer/react'
import { useSyncExternalStore } from 'react'

/** The demo's theme choice: a base theme, or the light theme with a custom accent. */
export type DemoThemeChoice = { kind: 'light' | 'dark' | 'custom'; accent: string }

const STORAGE_KEY = 'foyer-demo-theme'
const DEFAULT_ACCENT = '#0f766e'

function readStored(): DemoThemeChoice {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as DemoThemeChoice | null
    if (stored && ['light', 'dark', 'custom'].includes(stored.kind) && typeof stored.accent === 'string')
      return stored
  } catch {
    // a malformed entry: the default
  }
  return { kind: 'light', accent: DEFAULT_ACCENT }
}

let choice = readStored()
const listeners = new Set<() => void>()

/** Changes the demo's theme (kept for this tab in sessionStorage) and re-renders its subscribers. */
export function setDemoTheme(next: DemoThemeChoice): void {
  choice = next
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next))
  for (const listener of listeners) listener()
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The current choice (re-renders on change). */
export function useDemoThemeChoice(): DemoThemeChoice {
  return useSyncExternalStore(subscribe, () => choice)
}

/** `appearance.theme` for a choice: 'light', 'dark', or `lightTheme({ accent })`. */
export function themeOf(current: DemoThemeChoice): 'light' | 'dark' | FoyerTheme {
  if (current.kind === 'custom') return lightTheme({ accent: current.accent })
  return current.kind === 'dark' ? 'dark' : 'light'
}
