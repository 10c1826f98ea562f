import { configure } from '@testing-library/react'

// The React tests' `findBy…` and `waitFor` wait up to 5 s, not Testing Library's 1 s: a first modal render loads
// its screens' chunks, which takes over a second when both cores are busy (docs/testing.md). A wait that is not
// met still fails, only later.
configure({ asyncUtilTimeout: 5_000 })
