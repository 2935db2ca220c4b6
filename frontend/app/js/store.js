// A small state store: one object, `set` merges, subscribers hear every change.

export function createStore(initial) {
  let state = { ...initial };
  const listeners = new Set();
  return {
    get: () => state,
    set(patch) {
      state = { ...state, ...patch };
      for (const fn of listeners) fn(state);
    },
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
}

// The app's session: who is signed in and whether the network is there.
export const session = createStore({ user: null, online: navigator.onLine });
