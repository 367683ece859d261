// What a return's values read as: every status and reason has its own key, so a new one fails the type
// check here instead of showing a raw code.
import type { NewReturnRequest, ReturnRequest } from '../../../../schemas/generated/api';

type Translate = (key: string, options?: Record<string, string | number>) => string;
export type ReturnStatus = ReturnRequest['status'];
export type ReturnReason = NewReturnRequest['reason'];

const STATUS_KEYS: Record<ReturnStatus, string> = {
  requested: 'returns.status.requested',
  approved: 'returns.status.approved',
  received: 'returns.status.received',
  refunded: 'returns.status.refunded',
  rejected: 'returns.status.rejected',
};

const HELP_KEYS: Record<ReturnStatus, string> = {
  requested: 'returns.help.requested',
  approved: 'returns.help.approved',
  received: 'returns.help.received',
  refunded: 'returns.help.refunded',
  rejected: 'returns.help.rejected',
};

const REASON_KEYS: Record<ReturnReason, string> = {
  damaged: 'returns.reason.damaged',
  wrongItem: 'returns.reason.wrongItem',
  notAsDescribed: 'returns.reason.notAsDescribed',
  tooSmall: 'returns.reason.tooSmall',
  tooLarge: 'returns.reason.tooLarge',
  changedMind: 'returns.reason.changedMind',
  other: 'returns.reason.other',
};

export const RETURN_REASONS = Object.keys(REASON_KEYS) as ReturnReason[];

export const returnStatusText = (t: Translate, status: ReturnStatus) => t(STATUS_KEYS[status]);
export const returnStatusHelp = (t: Translate, status: ReturnStatus) => t(HELP_KEYS[status]);
export const returnReasonText = (t: Translate, reason: ReturnReason) => t(REASON_KEYS[reason]);
