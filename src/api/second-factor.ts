/** The second factor's calls (server/modules/auth/factor-routes.ts). */
import { http } from './client';
import type { Enrolment, FactorStatus } from '../domain/second-factor';

export const factorStatus = () => http.get<FactorStatus>('/auth/second-factor');

export const startEnrolment = () => http.post<Enrolment>('/auth/second-factor/enrol');

export const confirmEnrolment = (code: string) =>
  http.post<{ recoveryCodes: string[] }>('/auth/second-factor/confirm', { code });

export const verifyCode = (code: string) =>
  http.post<{ message: string }>('/auth/second-factor/verify', { code });

export const disableFactor = (code: string) =>
  http.post<{ message: string }>('/auth/second-factor/disable', { code });

export const setBusinessRequirement = (businessId: number, required: boolean) =>
  http.put<{ message: string }>(`/lender-business/${businessId}/second-factor`, { required });
