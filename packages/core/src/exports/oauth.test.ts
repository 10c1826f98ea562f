import { expect, test } from 'vitest'
import * as oauth from './oauth'

test('exports', () => {
  expect(Object.keys(oauth).sort()).toMatchSnapshot()
})
