import { App, createRoot, startApp, startInspector, StrictMode } from './app/shell';

const inspect = await startInspector();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App actors={startApp(inspect)} />
  </StrictMode>,
);
