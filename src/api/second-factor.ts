/** The second factor's calls (server/modules/auth/factor-routes.ts). */
import { http } from './client';

export const factorStatus = () => http.get('/auth/second-factor');

export const startEnrolment = () => http.post('/auth/second-factor/enrol');

export const confirmEnrolment = (code: string) =>
  http.post('/auth/second-factor/confirm', { body: { code } });

export const verifyCode = (code: string) =>
  http.post('/auth/second-factor/verify', { body: { code } });

export const disableFactor = (code: string) =>
  http.post('/auth/second-factor/disable', { body: { code } });

export const setBusinessRequirement = (businessId: number, required: boolean) =>
  http.put('/lender-business/:id/second-factor', {
    params: { id: businessId },
    body: { required },
  });
