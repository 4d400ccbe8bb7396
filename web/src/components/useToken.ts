import { useSyncExternalStore } from 'react'
import { getToken, subscribeToken } from '../api/token'

/** The stored token; re-renders on login and logout. */
export function useToken() {
  return useSyncExternalStore(subscribeToken, getToken, () => null)
}
