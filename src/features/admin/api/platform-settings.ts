/** GET and PUT /admin/settings: the platform settings (the super admin changes them). */
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
