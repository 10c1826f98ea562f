import { expect, test } from 'vitest'
import * as wagmi from './index'

test('exports', () => {
  expect(Object.keys(wagmi).sort()).toMatchSnapshot()
})
