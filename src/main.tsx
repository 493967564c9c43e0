import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/inspector';
import { App } from './app/App';
import { startApp } from './app/startApp';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App actors={startApp()} />
  </StrictMode>,
);
