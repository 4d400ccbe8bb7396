import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { fetchMyProfile, sessionKeys, updateMyProfile } from '../../api/session'
import type { MyProfile } from '../../api/types'

export const profileKeys = { mine: sessionKeys.profile }

export function useMyProfile() {
  return useQuery({ queryKey: profileKeys.mine, queryFn: fetchMyProfile })
}

export function useUpdateMyProfile() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (body: Omit<MyProfile, 'userName'>) => updateMyProfile(body),
    onSuccess: (data) => {
      if (data) qc.setQueryData(profileKeys.mine, data)
      void qc.invalidateQueries({ queryKey: profileKeys.mine })
      void qc.invalidateQueries({ queryKey: sessionKeys.config })
    },
  })
}
