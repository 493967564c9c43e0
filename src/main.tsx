import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startInspector } from './app/inspector';
import { startApp } from './app/startApp';

const inspect = await startInspector();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App actors={startApp(inspect)} />
  </StrictMode>,
);
