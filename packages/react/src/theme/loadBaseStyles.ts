// The modal's static rules (`baseStyles`) are their own chunk, outside the provider's initial JavaScript
// (bundle budget, docs/architecture.md "Budgets"): the modal starts loading them when it mounts, closed, and
// opens once they are there.

let loaded: string | undefined
let loading: Promise<string> | undefined

/**
 * Loads the modal's static rules once per page and resolves with them; should the chunk fail (offline), with
 * `''` (the modal then opens with its theme variables only), and a later call tries again.
 */
export function loadBaseStyles(): Promise<string> {
  loading ??= import('./baseStyles').then(
    (module) => {
      loaded = module.baseStyles
      return loaded
    },
    () => {
      loading = undefined
      return ''
    },
  )
  return loading
}

/** The modal's static rules when already loaded (no wait), else `undefined`. */
export function loadedBaseStyles(): string | undefined {
  return loaded
}
