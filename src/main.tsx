import { App, AppServicesProvider, createRoot, startApp, startInspector, StrictMode } from './app/shell';

const inspect = await startInspector();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppServicesProvider services={startApp(inspect)}>
      <App />
    </AppServicesProvider>
  </StrictMode>,
);
