import { toErrorInfo } from '../../shared/domain/error-message.ts';
import { showToast } from './toast.ts';

/** Success toasts close after 2 s (docs/product/texts-and-errors.md); errors stay 6 s or until closed. */
export const SUCCESS_DURATION_MS = 2000;
export const ERROR_DURATION_MS = 6000;

export function notifySuccess(
  message: string,
  options?: { action?: { label: string; onClick: () => void } },
) {
  showToast((toast) =>
    toast.success(message, {
      duration: options?.action ? 5000 : SUCCESS_DURATION_MS,
      action: options?.action,
    }),
  );
}

/** `sticky`: stays until closed (a refusal that may come while the owner looks elsewhere). */
export function notifyError(
  error: unknown,
  prefix = '',
  options?: { description?: string; sticky?: boolean },
) {
  const { message } = toErrorInfo(error);
  showToast((toast) =>
    toast.error(`${prefix}${message}`, {
      duration: options?.sticky ? Number.POSITIVE_INFINITY : ERROR_DURATION_MS,
      closeButton: true,
      description: options?.description,
    }),
  );
}

/**
 * A warning that does not stop what she did (a sale the shelf did not cover: "Kun 2 på lager", docs/product/
 * stock.md): shown a little longer than a success, with what happened all the same under it.
 */
export function notifyWarning(message: string, description?: string) {
  showToast((toast) => toast.warning(message, { duration: 4000, description }));
}
