import { type FoyerClient, loginWithEmailCode } from '@foyer/core'
import { act, render, renderHook, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { expect } from 'vitest'
import type { FoyerConfig } from '../src/FoyerProvider/FoyerConfig'
import { FoyerProvider } from '../src/FoyerProvider/FoyerProvider'
import { TEST_APP_ID, TEST_CODE } from './createTestClient'

/** What the render helpers take besides the client: the provider's `config`. */
export type ProviderOptions = { config?: FoyerConfig }

/** `FoyerProvider` over a `createTestClient` client (`TEST_APP_ID`, the in-test server's URL). */
function TestProvider({
  client,
  config,
  children,
}: ProviderOptions & { client: FoyerClient; children: ReactNode }) {
  return (
    <FoyerProvider
      appId={TEST_APP_ID}
      apiUrl="http://foyer.test"
      client={client}
      {...(config ? { config } : {})}
    >
      {children}
    </FoyerProvider>
  )
}

/**
 * Renders `children` (a test's host component) inside `FoyerProvider` over `client` (a `createTestClient`
 * client) and waits until the client is ready, so that a sign-in after it is not undone by the provider's
 * session restore.
 *
 * @returns a user-event instance and the render result
 */
export async function renderInProvider(
  client: FoyerClient,
  children: ReactNode,
  options: ProviderOptions = {},
) {
  const user = userEvent.setup()
  const result = render(
    <TestProvider client={client} {...options}>
      {children}
    </TestProvider>,
  )
  await waitFor(() => expect(client.getState().status).toBe('ready'))
  return { user, ...result }
}

/** Signs `client` in headless (core `loginWithEmailCode`) as ada@example.com with `TEST_CODE`, inside `act`. */
export async function signInWithTestCode(client: FoyerClient): Promise<void> {
  await act(async () => {
    await loginWithEmailCode(client, { email: 'ada@example.com', code: TEST_CODE })
  })
}

/**
 * Renders `hook` inside `FoyerProvider` over `client` (as {@link renderInProvider}) and waits until the
 * client is ready.
 *
 * @returns the `renderHook` result (`result.current` is the hook's latest value)
 */
export async function renderHookInProvider<Result>(
  client: FoyerClient,
  hook: () => Result,
  options: ProviderOptions = {},
) {
  const rendered = renderHook(hook, {
    wrapper: ({ children }) => (
      <TestProvider client={client} {...options}>
        {children}
      </TestProvider>
    ),
  })
  await waitFor(() => expect(client.getState().status).toBe('ready'))
  return rendered
}
