/**
 * Errors the shop API answers with, as `{ message, code }` (CONVENTIONS.md). Codes are stable and
 * meant for code (`if (error.code === 'ACTIVE_ORDER_EXISTS')`); messages are Danish and meant for
 * the toast. SPEC.md texts are verbatim; the others are ours.
 */
export const apiErrors = {
  customerNameTaken: {
    code: 'CUSTOMER_NAME_TAKEN',
    message: 'Fejl: Der findes allerede en kunde med dette navn',
  },
  beadNameTaken: { code: 'BEAD_NAME_TAKEN', message: 'Fejl! Der findes allerede en nål med dette navn' },
  newBeadNameTaken: { code: 'BEAD_NAME_TAKEN', message: 'En perle med dette navn findes allerede' },
  activeOrderExists: { code: 'ACTIVE_ORDER_EXISTS', message: 'Fejl: Der er allerede en aktiv ordre' },
  orderShipped: { code: 'ORDER_SHIPPED', message: 'Fejl: Ordren er afsendt og kan ikke ændres' },
  orderNotActive: { code: 'ORDER_NOT_ACTIVE', message: 'Fejl: Linjer kan kun ændres på en aktiv ordre' },
  priceRequired: { code: 'PRICE_REQUIRED', message: 'Prisen skal være over 0' },
  idempotencyKeyReused: {
    code: 'IDEMPOTENCY_KEY_REUSED',
    message: 'Fejl: Forespørgslen er allerede brugt til en anden handling',
  },
  customerNotFound: { code: 'CUSTOMER_NOT_FOUND', message: 'Kunden findes ikke' },
  beadNotFound: { code: 'BEAD_NOT_FOUND', message: 'Perlen kun ikke findes' },
  todoNotFound: { code: 'TODO_NOT_FOUND', message: 'Todoen findes ikke' },
  orderNotFound: { code: 'ORDER_NOT_FOUND', message: 'Ordren findes ikke' },
  orderLineNotFound: { code: 'ORDER_LINE_NOT_FOUND', message: 'Linjen findes ikke' },
} as const satisfies Record<string, { code: string; message: string }>;

export type ApiErrorCode = (typeof apiErrors)[keyof typeof apiErrors]['code'] | 'VALIDATION' | 'UNAUTHORIZED';
