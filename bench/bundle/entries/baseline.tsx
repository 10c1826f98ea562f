import { useState } from 'react'
import { createRoot } from 'react-dom/client'

/** React alone, rendering a button: the baseline a host app already pays for. */
function App() {
  const [count, setCount] = useState(0)
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      Clicked {count}
    </button>
  )
}

createRoot(document.getElementById('root')!).render(<App />)
