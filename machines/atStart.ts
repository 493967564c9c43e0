/** The machine is entering its first states: the event is XState's own start (`xstate.init`). */
export const atStart = (event: { type: string }) => event.type === 'xstate.init';
