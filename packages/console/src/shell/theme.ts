import { useCallback, useEffect, useState } from 'react'

/** The console's two themes. */
export type ConsoleTheme = 'light' | 'dark'

const STORAGE_KEY = 'foyer-console-theme'

function initialTheme(): ConsoleTheme {
  const stored = window.localStorage.getItem(STORAGE_KEY)
  if (stored === 'light' || stored === 'dark') return stored
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'
}

/**
 * The console's theme: the operator's last choice (kept in `localStorage`), else the system's. Sets
 * `data-theme` on `<html>`, which the console's style sheet reads.
 */
export function useConsoleTheme(): [ConsoleTheme, (theme: ConsoleTheme) => void] {
  const [theme, setThemeState] = useState<ConsoleTheme>(initialTheme)
  useEffect(() => {
    document.documentElement.dataset.theme = theme
  }, [theme])
  const setTheme = useCallback((next: ConsoleTheme) => {
    window.localStorage.setItem(STORAGE_KEY, next)
    setThemeState(next)
  }, [])
  return [theme, setTheme]
}
