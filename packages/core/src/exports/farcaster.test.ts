import { expect, test } from 'vitest'
import * as farcaster from './farcaster'

test('exports', () => {
  expect(Object.keys(farcaster).sort()).toMatchSnapshot()
})
