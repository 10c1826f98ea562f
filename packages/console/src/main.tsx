import './console.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { type ConsolePageConfig, ConsoleRoot } from './ConsoleRoot'

// The console page's entry (served by the server at /console; docs/console.md#the-page).
const config = JSON.parse(
  document.getElementById('foyer-console-config')?.textContent ?? '{}',
) as ConsolePageConfig
const container = document.getElementById('foyer-console')
if (container)
  createRoot(container).render(
    <StrictMode>
      <ConsoleRoot config={config} />
    </StrictMode>,
  )
