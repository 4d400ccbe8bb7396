import { App } from 'antd'
import { useTranslation } from 'react-i18next'
import { useFriendMutations, type FriendRequest } from '../api'
import { useChatUi } from '../store'

/** Accept and refuse a friend request, with the spec's messages (spec 002 §8). */
export function useAnswerRequest() {
  const { t } = useTranslation('chat', { useSuspense: false })
  const { message } = App.useApp()
  const { accept, refuse } = useFriendMutations()
  const drop = useChatUi((s) => s.dropValidation)
  return {
    busy: accept.isPending || refuse.isPending,
    accept: (r: FriendRequest) =>
      accept.mutateAsync(r.fromUserId).then(() => {
        drop(r.fromUserId)
        void message.success(t('friendAdded'))
      }),
    refuse: (r: FriendRequest) =>
      refuse.mutateAsync(r.fromUserId).then(() => {
        drop(r.fromUserId)
        void message.info(t('friendRefused'))
      }),
  }
}
