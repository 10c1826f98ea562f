import { FoyerProvider, type FoyerProviderProps } from '@foyer/react'
import { useMemo } from 'react'
import { themeOf, useDemoThemeChoice } from './demoTheme'

/** `FoyerProvider` whose `appearance.theme` follows the demo's {@link ThemePicker}. */
export function ThemedFoyerProvider({ config, ...props }: FoyerProviderProps) {
  const choice = useDemoThemeChoice()
  const themed = useMemo(
    () => ({ ...config, appearance: { ...config?.appearance, theme: themeOf(choice) } }),
    [config, choice],
  )
  return <FoyerProvider {...props} config={themed} />
}
