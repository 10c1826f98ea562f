import { expect, test } from 'vitest'
import * as funding from './funding'

test('exports', () => {
  expect(Object.keys(funding).sort()).toMatchSnapshot()
})
