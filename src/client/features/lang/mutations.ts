import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/request';
import { sessionStore } from '../../session/session-store';
import { setLang, type Lang } from '../../i18n/lang';
import { sessionKeys } from '../session/queries';

/**
 * Shows the chosen language at once; a signed-in user's choice is kept on the server too
 * (docs/i18n.md), and the stored user follows. Offline the choice holds on this device until the
 * user is fetched again.
 */
export const useChooseLang = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (lang: Lang) => {
      await setLang(lang);
      const user = sessionStore.user();
      if (!user) return;
      sessionStore.setUser({ ...user, lang, lang_chosen: lang });
      const fresh = await request('put', 'accountLangSet', { lang }, undefined, { silent: true });
      sessionStore.setUser(fresh);
      queryClient.setQueryData(sessionKeys.profile(), fresh);
    },
  });
};
