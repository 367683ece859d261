// The mail a customer gets when the merchant moves their return (issue 25), as the domain hands it to the
// app; server/mail/return-mail.ts writes it in the customer's language.
import type { Money } from '../../../schemas/generated/api';
import type { ReturnStatus } from '../../db/customer-schema';

export interface ReturnStatusMail {
  kind: 'returnStatus';
  to: string;
  locale: string;
  firstName: string;
  orderNumber: string;
  /** The customer's order page in the account (`orderId`), where the return is shown. */
  orderId: number;
  status: Exclude<ReturnStatus, 'requested'>;
  /** What the merchant wrote. */
  note: string | null;
  /** With `refunded`: what was given back. */
  refund: Money | null;
}

export type SendReturnMail = (mail: ReturnStatusMail) => void;
