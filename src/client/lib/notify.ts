import { toast } from 'sonner';
import { toErrorInfo } from '../../shared/domain/error-message.ts';

/** Success toasts close after 2 s (PRODUCT.md); errors stay 6 s or until closed. */
export const SUCCESS_DURATION_MS = 2000;
export const ERROR_DURATION_MS = 6000;

export function notifySuccess(
  message: string,
  options?: { action?: { label: string; onClick: () => void } },
) {
  toast.success(message, { duration: options?.action ? 5000 : SUCCESS_DURATION_MS, action: options?.action });
}

export function notifyError(error: unknown, prefix = '') {
  const { message } = toErrorInfo(error);
  toast.error(`${prefix}${message}`, { duration: ERROR_DURATION_MS, closeButton: true });
}
