/** Search-param names of the ERP pages (kept apart from the pages; see ../list-filters.ts). */
export const ERP_PRODUCT_FILTER_NAMES = ['k', 'active'] as const;
export const ERP_COMPANY_FILTER_NAMES = ['company_name', 'erp_product_id'] as const;
