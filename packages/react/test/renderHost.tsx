import type { FoyerClient } from '@foyer/core'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { FoyerProvider } from '../src/FoyerProvider/FoyerProvider'
import { TEST_APP_ID } from './createTestClient'

/** Renders `host` (default a bare paragraph) in a `FoyerProvider` on `client`, as an app's page does. */
export function renderHost(client: FoyerClient, host: ReactNode = <p>host</p>) {
  return render(
    <FoyerProvider appId={TEST_APP_ID} apiUrl="http://foyer.test" client={client}>
      {host}
    </FoyerProvider>,
  )
}
