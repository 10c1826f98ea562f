import { type ComponentType, lazy } from 'react'
import type { ScreenDefinition } from './ScreenDefinition'
import type { ScreenId, ScreenProps } from './screenParams'

/** A lazily loaded screen component whose code can be fetched ahead of its first render. */
export type PreloadableScreen<Props extends object> = ComponentType<Props> & {
  /**
   * Starts loading the screen's code (once; later calls share the load) and resolves when it is ready, so a
   * navigation awaited on it renders the screen at once, without the loading state. Rejects when the chunk
   * fails to load (the render then suspends and fails as any lazy screen does).
   */
  preload(): Promise<void>
}

/**
 * `React.lazy` with a preload: `load` resolves to the component (e.g.
 * `() => import('./Foo').then((m) => m.Foo)`). Before its code has loaded the screen suspends (the modal shows
 * its loading state); once loaded, by a render or by `preload()`, it renders synchronously, so a screen
 * preloaded while a request is in flight appears with no loading frame (docs/modal.md "Loading a screen").
 */
export function lazyScreen<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): PreloadableScreen<Props> {
  let loaded: ComponentType<Props> | undefined
  let loading: Promise<ComponentType<Props>> | undefined
  const start = () => {
    loading ??= load().then(
      (component) => {
        loaded = component
        return component
      },
      (error: unknown) => {
        loading = undefined // a later preload or render tries again
        throw error
      },
    )
    return loading
  }
  const Lazy = lazy(() => start().then((component) => ({ default: component })))
  // biome-ignore lint/correctness/noComponentHookFactories: called once per screen at module level, as `lazy` is.
  const Screen = (props: Props) => {
    const Loaded = loaded
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />
  }
  Screen.preload = () => start().then(() => undefined)
  return Screen
}

/** A registry entry (`ScreenDefinition`) whose component is a {@link PreloadableScreen}. */
export type PreloadableScreenDefinition<Id extends ScreenId> = ScreenDefinition<Id> & {
  component: PreloadableScreen<ScreenProps<Id>>
}

/**
 * The registry entry of a screen whose code a flow fetches ahead of showing it (`entry.component.preload()`):
 * `load` resolves to the component (its own chunk, as {@link lazyScreen}), `title` names the screen while it
 * loads, `closable` as in `ScreenDefinition`.
 */
export function preloadableScreen<Id extends ScreenId>(
  load: () => Promise<ComponentType<ScreenProps<Id>>>,
  entry: Omit<ScreenDefinition<Id>, 'component'>,
): PreloadableScreenDefinition<Id> {
  return { component: lazyScreen(load), ...entry }
}
