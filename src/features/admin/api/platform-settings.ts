/** GET and PUT /admin/settings: the platform settings (the super admin changes them). */
import { useWrite, type MutationOptions } from '../../../api/mutations';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';
import type { AnswerWith } from '../../../domain/answers';
import type {
  PlatformSettings,
  PlatformSettingsInput,
  platformSettingsView,
} from '../../../domain/approvals';

export function getPlatformSettings(): Promise<PlatformSettings> {
  return http.get('/admin/settings');
}

export const platformSettingsQuery = () =>
  queryOptions({ queryKey: ['platform-settings'], queryFn: getPlatformSettings });

export function savePlatformSettings(
  input: PlatformSettingsInput,
): Promise<AnswerWith<typeof platformSettingsView>> {
  return http.put('/admin/settings', { body: input });
}

/** Saves the settings; the saved settings become the cached read at once. */
export function useSavePlatformSettings(
  options?: MutationOptions<AnswerWith<typeof platformSettingsView>, PlatformSettingsInput>,
) {
  return useWrite(
    {
      mutationFn: savePlatformSettings,
      refresh: (queryClient, answer) =>
        void queryClient.setQueryData(platformSettingsQuery().queryKey, answer.data),
    },
    options,
  );
}
