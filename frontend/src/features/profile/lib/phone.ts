import { formatUsPhone } from '@/lib/sanitize';

/** The spec's texts for the phone and its code (spec 002 sections 5 and 8). */
export const PHONE_MESSAGES = {
  phoneRequired: 'Phone number is required.',
  phoneInvalid: 'Invalid Phone number. Please enter a valid 10-digit number.',
  otpInvalid: 'Please enter a valid OTP.',
  wrongOtp: 'Invalid OTP. Please try again.',
  sendFailed: 'Failed to send OTP. Please try again later.',
  resendFailed: 'Failed to resend OTP. Please try again.',
  resent: 'Otp resend successfully!',
} as const;

/** A new code may be asked 30 s after the last (spec 002 section 9; the server refuses sooner). */
export const RESEND_AFTER_SECONDS = 30;

/** The 10 digits of a US number as typed ("(415) 555-0100", "+1 415 555 0100"), or the problem. */
export function phoneDigits(input: string): { digits: string } | { error: string } {
  let d = input.replace(/\D/g, '');
  if (d.length === 11 && d.startsWith('1')) d = d.slice(1);
  if (!d) return { error: PHONE_MESSAGES.phoneRequired };
  if (d.length !== 10) return { error: PHONE_MESSAGES.phoneInvalid };
  return { digits: d };
}

/** A code: digits only, 4 to 6 of them (spec 002 section 5). */
export function otpProblem(otp: string): string | null {
  return /^\d{4,6}$/.test(otp) ? null : PHONE_MESSAGES.otpInvalid;
}

/** `(xxx) xxx-xxxx`, as the spec shows a number; a number stored with the country code loses it. */
export function showPhone(stored: string | null | undefined): string {
  const d = (stored ?? '').replace(/\D/g, '');
  return formatUsPhone(d.length === 11 && d.startsWith('1') ? d.slice(1) : d);
}
