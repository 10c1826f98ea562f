import { expect, test } from 'vitest'
import * as crossApp from './crossApp'

test('exports', () => {
  expect(Object.keys(crossApp).sort()).toMatchSnapshot()
})
