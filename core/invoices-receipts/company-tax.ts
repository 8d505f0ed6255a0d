/**
 * The agency's tax identity printed on its invoices and receipts (GRA: TIN, VAT registration).
 * Company name, address and contacts come from core/constants.ts COMPANY.
 */
export const COMPANY_TIN = "C0004512345";
export const COMPANY_VAT_REGISTERED = true;
export const TAX_FOOTNOTE =
  "Taxes: VAT Act, 2025 (Act 1151) — VAT 15 %, NHIL 2.5 %, GETFund 2.5 % on the same base; VAT flat rate 5 %.";
export const NO_CASH_FOOTNOTE = "We do not accept cash (Real Estate Agency Act, 2020, Act 1047).";
