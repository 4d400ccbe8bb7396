import { useQuery } from '@tanstack/react-query'
import { loadApplicationConfiguration, sessionKeys } from '../api/session'
import { useToken } from './useToken'

/** The application configuration of the logged-in user (loaded once by the route guard). */
export function useAppConfig() {
  const token = useToken()
  return useQuery({
    queryKey: sessionKeys.config,
    queryFn: () => loadApplicationConfiguration(),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    enabled: !!token,
  })
}
