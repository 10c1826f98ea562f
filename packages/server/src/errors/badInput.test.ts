import { describe } from 'vitest'
import { badInputSuite } from '../test/badInputSuite'
import { useTestContext } from '../test/useTestContext'

const t = useTestContext()

describe('bad input on PGlite', () => {
  badInputSuite(() => t)
})
