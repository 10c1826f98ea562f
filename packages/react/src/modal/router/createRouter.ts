/** One entry of the history: a screen id and that screen's params, typed together. */
export type Route<ParamsMap> = {
  [Id in keyof ParamsMap]: { id: Id; params: ParamsMap[Id] }
}[keyof ParamsMap]

/** Arguments of a navigation: the params argument is required only for screens that take params. */
export type NavigateArgs<ParamsMap, Id extends keyof ParamsMap> = undefined extends ParamsMap[Id]
  ? [id: Id, params?: ParamsMap[Id]]
  : [id: Id, params: ParamsMap[Id]]

/**
 * The modal's screen router (docs/conventions.md "The modal: a screen registry and a router"): a history
 * stack with typed params and no shared data bag.
 */
export type Router<ParamsMap> = {
  /** The history, oldest first; never empty. Immutable: a new array on every change. */
  getHistory(): readonly Route<ParamsMap>[]
  /** Registers a listener called after each change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void
  /** Goes to a screen, keeping the current one in the history (Back returns to it). */
  push<Id extends keyof ParamsMap>(...args: NavigateArgs<ParamsMap, Id>): void
  /** Goes to a screen in place of the current one. */
  replace<Id extends keyof ParamsMap>(...args: NavigateArgs<ParamsMap, Id>): void
  /** Returns to the previous screen; does nothing on the first one. */
  back(): void
  /** Clears the history down to the initial screen (or to `args` when given). */
  reset<Id extends keyof ParamsMap>(...args: NavigateArgs<ParamsMap, Id> | []): void
  /** Puts back a history read earlier with `getHistory()` (after an interrupting flow). */
  restore(history: readonly Route<ParamsMap>[]): void
}

/**
 * Creates a router over a history stack, starting at `initial` (docs/conventions.md "The modal: a screen
 * registry and a router"; reown appkit's `RouterController` without its untyped data bag).
 *
 * @param initial - the first screen, e.g. `{ id: 'landing', params: undefined }`
 * @returns a {@link Router}; read it from React with `useSyncExternalStore(router.subscribe, router.getHistory)`
 *
 * @example
 * const router = createRouter<{ landing: undefined; awaitingCode: { email: string } }>({ id: 'landing', params: undefined })
 * router.push('awaitingCode', { email: 'a@example.com' })
 * router.back()
 */
export function createRouter<ParamsMap>(initial: Route<ParamsMap>): Router<ParamsMap> {
  let history: readonly Route<ParamsMap>[] = [initial]
  const listeners = new Set<() => void>()

  const set = (next: readonly Route<ParamsMap>[]) => {
    history = next
    for (const listener of listeners) listener()
  }
  const route = (id: keyof ParamsMap, params: unknown) => ({ id, params }) as Route<ParamsMap>

  return {
    getHistory: () => history,
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    push: (id, params?) => set([...history, route(id, params)]),
    replace: (id, params?) => set([...history.slice(0, -1), route(id, params)]),
    back() {
      if (history.length > 1) set(history.slice(0, -1))
    },
    reset(...args) {
      const [id, params] = args
      const first = id === undefined ? initial : route(id, params)
      if (history.length === 1 && history[0] === first) return
      set([first])
    },
    restore(saved) {
      if (saved.length > 0 && saved !== history) set(saved)
    },
  }
}
