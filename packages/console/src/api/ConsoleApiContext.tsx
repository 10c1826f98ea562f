import { createContext, type DependencyList, useCallback, useContext, useEffect, useState } from 'react'
import type { ConsoleApiError } from './ConsoleApiError'
import type { ConsoleApi } from './consoleApi'

/** The signed-in operator, as the server's guard answered (`GET /api/v1/console/operator`). */
export type ConsoleOperator = { userId: string; email: string }

/** What the shell gives the pages: the API and the operator. */
export const ConsoleApiContext = createContext<{ api: ConsoleApi; operator: ConsoleOperator } | null>(null)

/**
 * The console's API for the signed-in operator (see `ConsoleApi`). Throws `Error` outside the console's
 * shell (a page is always inside it).
 *
 * @example const api = useConsoleApi(); const page = await api.get('/api/v1/console/audit', consoleAuditPageSchema)
 */
export function useConsoleApi(): ConsoleApi {
  const value = useContext(ConsoleApiContext)
  if (!value) throw new Error('useConsoleApi must be used inside the console shell')
  return value.api
}

/** The signed-in operator (`{ userId, email }`). Throws `Error` outside the console's shell. */
export function useConsoleOperator(): ConsoleOperator {
  const value = useContext(ConsoleApiContext)
  if (!value) throw new Error('useConsoleOperator must be used inside the console shell')
  return value.operator
}

/** What {@link useConsoleResource} returns. */
export type ConsoleResource<T> = {
  /** The last loaded value; undefined until the first load finishes. */
  data: T | undefined
  /** The failure of the last load, or null. */
  error: ConsoleApiError | null
  /** True while a load runs. */
  loading: boolean
  /** Loads again (after a change). */
  reload(): void
}

/**
 * Loads `load(api)` when the page mounts and whenever `deps` change; `reload()` loads again. Later answers
 * win over earlier ones.
 *
 * @example const audit = useConsoleResource((api) => api.get('/api/v1/console/audit', consoleAuditPageSchema), [])
 */
export function useConsoleResource<T>(
  load: (api: ConsoleApi) => Promise<T>,
  deps: DependencyList,
): ConsoleResource<T> {
  const api = useConsoleApi()
  const [state, setState] = useState<{
    data: T | undefined
    error: ConsoleApiError | null
    loading: boolean
  }>({
    data: undefined,
    error: null,
    loading: true,
  })
  const [round, setRound] = useState(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `deps` are the caller's, as for useEffect
  useEffect(() => {
    let current = true
    setState((previous) => ({ ...previous, loading: true }))
    load(api).then(
      (data) => current && setState({ data, error: null, loading: false }),
      (error: ConsoleApiError) => current && setState((previous) => ({ ...previous, error, loading: false })),
    )
    return () => {
      current = false
    }
  }, [api, round, ...deps])
  const reload = useCallback(() => setRound((value) => value + 1), [])
  return { ...state, reload }
}
