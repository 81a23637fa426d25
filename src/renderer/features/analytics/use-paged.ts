import { useState } from 'react';

/** The page of a paged table, back to the first whenever `resetKey` (the page's filter query) changes. */
export function usePage(resetKey: unknown): [number, (page: number) => void] {
  const [state, setState] = useState({ key: resetKey, page: 1 });
  // Derived state, adjusted during render (React's documented pattern): a new filter starts at page 1.
  if (state.key !== resetKey) setState({ key: resetKey, page: 1 });
  return [state.key === resetKey ? state.page : 1, (page: number) => setState({ key: resetKey, page })];
}
