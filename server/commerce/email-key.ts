/** What an email is looked up and kept unique by (accounts, proofs, sign-in limits, once-per-email coupons): trimmed and lowercased (Ann@Example.com is ann@example.com). */
export const emailKey = (email: string): string => email.trim().toLowerCase();
