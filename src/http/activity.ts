type Listener = (change: 'start' | 'finish') => void;
const listeners = new Set<Listener>();

/** Work in flight (API calls, route chunks), for the loading bar. */
export const activity = {
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  start: () => listeners.forEach((l) => l('start')),
  finish: () => listeners.forEach((l) => l('finish')),
  async track<T>(work: Promise<T>): Promise<T> {
    activity.start();
    try {
      return await work;
    } finally {
      activity.finish();
    }
  },
};
