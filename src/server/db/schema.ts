import type { ColumnType, Generated } from 'kysely';

/** Row types of the tables in migrations/ (Kysely's view of the database). */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface DB {
  // the Vietnam mall (migration 0620, docs/overseas.md "The Vietnam mall")
  vn_offer: {
    stock_id: number; company_id: number; price_mode: 'direct' | 'markup';
    vn_price: ColumnType<string | null, number | null, number | null>; markup_bp: number | null;
    floor_fen: ColumnType<string, number, number>; vn_quantity: number; user_id: number; updated_at: Timestamp;
  };
  vn_offer_rule: {
    id: Generated<number>; company_id: number; part_brand_id: number | null; make_id: number | null; category_name: Generated<string>;
    markup_bp: number; floor_fen: ColumnType<string, number, number>; quantity_cap: number | null; user_id: number; created_at: Timestamp;
  };
  vn_removal: { stock_id: number; company_id: number; reason: string; removed_at: Timestamp; user_id: number; username: string };
  // a whole part out of the mall (migration 0780, docs/overseas.md "Parts (海外商品)")
  // translated lines, one per source text and target (migration 0781, docs/i18n.md "Translated lines")
  text_translation: { source_hash: string; target: 'vi' | 'zh'; source_text: string; translated: string; created_at: Timestamp };
  vn_part_removal: { oe_norm: string; brand_name: string; supplier_oe: string; reason: string; removed_at: Timestamp; user_id: number; username: string };
  service_charge_rule: {
    id: Generated<number>; min_dong: ColumnType<string, number, number>; max_dong: ColumnType<string | null, number | null, number | null>;
    kind: 'percent' | 'fixed'; value: ColumnType<string, number, number>; updated_at: Timestamp; username: string;
  };
  vn_cart_item: { id: Generated<number>; company_id: number; user_id: number; stock_id: number; qty: number; created_at: CreatedAt };
  vn_order: {
    order_id: string; rate_value: string; rate_day: string; goods_dong: ColumnType<string, number, number>; service_dong: ColumnType<string, number, number>;
    service_fen: ColumnType<string, number, number>; total_dong: ColumnType<string, number, number>; service_rule: string;
    delivery_term: 'border' | 'forwarder' | 'door';
    // the dong payment (migration 0761, docs/money.md "Paying a mall order in dong")
    paid_dong: ColumnType<string | null, number | undefined, number>; paid_goods_dong: ColumnType<string | null, number | undefined, number>;
    paid_service_dong: ColumnType<string | null, number | undefined, number>; credited_fen: ColumnType<string | null, number | undefined, number>;
    paid_service_fen: ColumnType<string | null, number | undefined, number>; pay_rate: ColumnType<string | null, string | undefined, string>;
    pay_rate_day: ColumnType<string | null, string | undefined, string>; paid_at: ColumnType<Date | null, Date | undefined, Date>;
    refunded_dong: ColumnType<string, number | undefined, number>;
  };
  vn_order_refund: {
    id: Generated<string>; order_id: string; refund_no: string; amount_fen: ColumnType<string, number, number>; goods_dong: ColumnType<string, number, number>;
    service_fen: ColumnType<string, number, number>; service_dong: ColumnType<string, number, number>; ledger_transaction_id: number; created_at: Date;
  };
  vn_order_line: { line_id: string; order_id: string; unit_price_dong: ColumnType<string, number, number>; amount_dong: ColumnType<string, number, number> };
  company_level: {
    id: Generated<number>; name: string; level_type: 'free' | 'paid'; is_trial: Generated<boolean>;
    employee_limit: number; stock_per_day: number; vin_type: 'date' | 'count'; vin_count: Generated<number>; sort: Generated<number>;
    // daily free quotes, null: no limit (migration 0470, docs/money.md#paid-services)
    quote_per_day: Generated<number | null>;
    price_fen: Generated<number | null>; duration_months: Generated<number | null>;
    owner_codes: ColumnType<string[], string[] | undefined, string[]>; seller_codes: ColumnType<string[], string[] | undefined, string[]>;
  };
  platform_list_entry: {
    id: Generated<number>; kind: 'dictionary' | 'trade_area' | 'label'; group_name: Generated<string>; code: Generated<string>; name: string;
    sort: Generated<number>; active: Generated<boolean>; created_at: CreatedAt; updated_at: CreatedAt;
  };
  notice_template: { scene: string; body: string; updated_at: Timestamp | null };
  // WeChat template messages (migration 0810, docs/wechat.md)
  wechat_template: {
    scene: string; template_id: Generated<string>; fields: ColumnType<Array<{ key: string; value: string }>, string | undefined, string>;
    enabled: Generated<boolean>; updated_at: Timestamp | null; updated_by: Generated<string>;
  };
  wechat_binding: { user_id: number; openid: string; bound_at: CreatedAt };
  // the one-time states of the binding's web authorisation (migration 0816, docs/wechat.md "Binding")
  wechat_oauth_state: { state: string; user_id: number; session_id: string; created_at: Timestamp; expires_at: Timestamp; used_at: Timestamp | null };
  // the operators' batch jobs (migration 0811, docs/batch-jobs.md)
  batch_job: {
    id: Generated<number>; kind: 'reindex' | 'prices' | 'label'; company_id: number | null;
    params: ColumnType<{ label?: 'clearance' | 'promotion'; on?: boolean; k?: string }, string, string>;
    state: 'running' | 'done' | 'cancelled' | 'failed'; total: number; done: Generated<number>; changed: Generated<number>;
    cursor_id: Generated<number>; last_id: number; started_by: number; started_name: string;
    created_at: Timestamp; updated_at: Timestamp; finished_at: Timestamp | null; cancelled_by: Generated<string>;
  };
  batch_job_log: { id: Generated<string>; job_id: number; at: Timestamp; text: string };
  price_ratio_next: { x: string; y: string; r: number };
  wechat_message: {
    id: Generated<string>; scene: string; user_id: number; openid: string | null; template_id: string;
    data: ColumnType<Record<string, string>, string, string>; link: Generated<string>; ref_no: Generated<string>;
    state: 'pending' | 'sent' | 'failed' | 'skipped'; reason: Generated<string>; provider: Generated<string>; attempts: Generated<number>;
    created_at: Timestamp; sent_at: Timestamp | null;
  };
  // the open platform's keys, nonces, call log and scope bundles (migration 0370, docs/open-platform.md)
  open_key: {
    id: string; company_id: number; name: string; created_by: number; scopes: ColumnType<string[], string[] | undefined, string[]>;
    ip_allow: ColumnType<string[], string[] | undefined, string[]>; secret_enc: string; prev_secret_enc: string | null; prev_valid_until: Timestamp | null;
    expires_at: Timestamp | null; revoked_at: Timestamp | null; revoked_by: number | null; rotated_at: Timestamp | null; last_call_at: Timestamp | null; created_at: CreatedAt;
  };
  open_nonce: { key_id: string; nonce: string; seen_at: CreatedAt };
  open_call_log: {
    id: Generated<string>; key_id: string; company_id: number; call_name: string; method: string; path: string; status: number;
    duration_ms: number; request_id: string; at: CreatedAt;
  };
  open_scope_bundle: { id: Generated<number>; name: string; scopes: ColumnType<string[], string[] | undefined, string[]>; updated_at: CreatedAt };
  open_level_bundle: { level_id: number; bundle_id: number; updated_at: CreatedAt };
  // ERP products and a company's ERP choice (migration 0410, docs/open-platform.md)
  erp_product: {
    id: Generated<number>; name: string; vendor: Generated<string>; note: Generated<string>; sort: Generated<number>; active: Generated<boolean>;
    created_at: CreatedAt; updated_at: CreatedAt;
  };
  company_erp: { company_id: number; erp_product_id: number; version: Generated<string>; chosen_by: number | null; updated_at: CreatedAt };
  package_order: {
    id: Generated<string>; order_no: string; company_id: number; user_id: number; level_id: number; level_name: string;
    amount_fen: number; duration_months: number; state: Generated<'pending' | 'paid' | 'cancelled'>; provider: string | null; trade_no: string | null;
    created_at: CreatedAt; paid_at: Timestamp | null; cancelled_at: Timestamp | null; level_end_before: Timestamp | null; level_end_after: Timestamp | null;
    promotion_code_id: Generated<number | null>; discount_fen: Generated<number>;
  };
  promotion_code: {
    id: Generated<number>; code: string; name: string; kind: 'percent' | 'amount'; value: number; level_id: number | null;
    starts_at: Timestamp; ends_at: Timestamp; max_uses: number | null; active: Generated<boolean>; created_by: number | null; created_at: CreatedAt;
  };
  payment_secret: { provider: string; secret: string; created_at: CreatedAt };
  sandbox_trade: {
    order_no: string; amount_fen: number; subject: Generated<string>; state: Generated<'open' | 'paid' | 'closed'>; trade_no: string | null;
    expires_at: Timestamp; created_at: CreatedAt; finished_at: Timestamp | null;
  };
  sandbox_refund: { refund_no: string; order_no: string; amount_fen: number; reason: Generated<string>; created_at: CreatedAt };
  company: {
    id: Generated<number>; name: string; short_name: string; is_seller: Generated<boolean>; level_id: number;
    level_end_at: Timestamp | null; vin_sum_qty: Generated<number>; vin_end_at: Timestamp | null;
    province: Generated<string>; city: Generated<string>; address: Generated<string>; phone: Generated<string>; qq: Generated<string>;
    created_at: CreatedAt;
    logo: Generated<string>; main_brand_ids: ColumnType<number[], number[] | undefined, number[]>; main_make_ids: ColumnType<number[], number[] | undefined, number[]>;
    suspended_at: Generated<Date | null>; suspend_reason: Generated<string>;
    /** the end of the bought platform warranty (docs/warranty.md) */
    warranty_until: Generated<Date | null>;
    /** where the company is registered (migration 0600, docs/overseas.md) */
    country: Generated<'CN' | 'VN'>;
    /** 企业类型 (migration 0792, docs/reports.md#company-types) */
    business_type: Generated<'repair' | 'parts_dealer' | 'dealer_4s' | 'fleet' | 'other'>;
  };
  company_contact: {
    id: Generated<number>; company_id: number; name: string; phone: string; qq: Generated<string>; wechat: Generated<string>;
    position: Generated<string>; sort: Generated<number>; created_at: CreatedAt;
  };
  app_user: {
    id: Generated<number>; uuid: string; company_id: number; username: string; display_name: string; password_hash: string;
    head_image: Generated<string>; is_owner: Generated<boolean>; allow_im: Generated<boolean>; active: Generated<boolean>;
    permissions: ColumnType<string[], string[], string[]>; created_at: CreatedAt;
    mobile: string | null; contact_phone: Generated<string>; is_customer_service: Generated<boolean>;
    /** the chosen language; null = the default of the company's country (migration 0600) */
    lang: ColumnType<'zh' | 'vi' | null, 'zh' | 'vi' | null | undefined, 'zh' | 'vi' | null>;
  };
  session: {
    id: Generated<string>; user_id: number; device: string; family_id: string; access_hash: string; access_expires_at: Timestamp;
    created_at: CreatedAt; revoked_at: Timestamp | null; revoked_reason: string | null;
  };
  refresh_token: { token_hash: string; session_id: string; expires_at: Timestamp; used_at: Timestamp | null; parent_hash: Generated<string | null> };
  login_throttle: {
    scope: 'pair' | 'address' | 'account'; key: string; account: string | null; failures: number; window_start: Timestamp; locked_until: Timestamp | null; lock_count: number;
  };
  idempotency_key: {
    user_id: number; endpoint: string; key: string; body_hash: string; status: number;
    answer: ColumnType<unknown, string, string>; created_at: CreatedAt;
  };
  system_param: { key: string; value: string; description: Generated<string> };
  ad: {
    id: Generated<number>; code: string; images_url: string; images_width: Generated<number>; click_url: Generated<string>;
    start_at: Timestamp; end_at: Timestamp; sort: Generated<number>;
  };
  operator_audit: {
    id: Generated<string>; at: Timestamp; user_id: number; username: string; entity: string; entity_id: string; action: string;
    old_value: ColumnType<unknown, string | null, never>; new_value: ColumnType<unknown, string | null, never>; note: Generated<string>;
  };
  exchange_rate_history: {
    id: Generated<string>; to_curr_code: string; old_value: ColumnType<string | null, string | number | null, never>;
    rate_value: ColumnType<string, string | number, never>; set_at: Timestamp; user_id: number | null; username: Generated<string>;
  };
  search_miss: { day: string; kind: 'oe' | 'keyword'; text: string; n: Generated<number> };
  operator_role: { id: Generated<number>; name: string; codes: ColumnType<string[], string[], string[]>; note: Generated<string>; created_at: CreatedAt };
  operator_role_member: { role_id: number; user_id: number };
  exchange_rate: {
    id: Generated<number>; to_curr_code: string; to_curr_txt: string; rate_value: ColumnType<string, string | number, string | number>; updated_at: CreatedAt;
  };
  sms_code: {
    id: Generated<string>; mobile: string; purpose: 'register' | 'reset'; salt: string; code_hash: string; address: string;
    attempts: Generated<number>; created_at: Timestamp; expires_at: Timestamp; consumed_at: Timestamp | null;
  };
  search_history: { user_id: number; search_type: 'oe' | 'keyword' | 'circle' | 'dismantle' | 'company'; search_value: string; search_mode: 'exact' | 'fuzzy' | null; created_at: Timestamp };
  make: { id: Generated<number>; name: string; initial: string; logo: Generated<string>; country: Generated<string>; active: Generated<boolean> };
  factory_make: { id: Generated<number>; make_id: number; name: string; initial: string; logo: Generated<string> };
  part_quality: { id: Generated<number>; name: string; is_original: Generated<boolean>; sort: Generated<number> };
  part_brand: { id: Generated<number>; name: string; active: Generated<boolean>; merged_into: ColumnType<number | null, number | null | undefined, number | null>; merged_at: ColumnType<Date | null, Date | null | undefined, Date | null> };
  terminology: { id: Generated<number>; name: string };
  product: { id: Generated<number>; oe_number: string; oe_norm: string; name: string; make_id: number; terminology_id: number; vehicle: Generated<string>; list_price: number };
  oe_relation: { oe_norm: string; related_norm: string; kind: 'supersession' | 'alias'; newer: ColumnType<boolean | null, boolean | null | undefined, boolean | null> };
  oe_merge: { merged_norm: string; kept_norm: string; merged_at: Timestamp; username: string };
  brand_merge: {
    id: Generated<number>; kept_id: number; merged_at: Timestamp; username: string; stock_rows: number; companies: number;
    undone_at: ColumnType<Date | null, Date | null | undefined, Date | null>; undone_by: ColumnType<string | null, string | null | undefined, string | null>;
    stock_restored: ColumnType<number | null, number | null | undefined, number | null>; stock_left: ColumnType<number | null, number | null | undefined, number | null>;
    companies_restored: ColumnType<number | null, number | null | undefined, number | null>; companies_left: ColumnType<number | null, number | null | undefined, number | null>;
  };
  brand_merge_brand: { merge_id: number; brand_id: number; chosen: boolean; name: string; was_active: boolean; was_merged_into: number | null; was_merged_at: Date | null };
  brand_merge_stock: { merge_id: number; stock_id: number; from_brand_id: number; written_at: Date };
  brand_merge_company: { merge_id: number; company_id: number; old_ids: number[]; new_ids: number[] };
  brand_merge_term: { merge_id: number; term_id: number; from_ref_id: number };
  stock: {
    id: Generated<number>; company_id: number; product_id: number | null; oe_norm: string; supplier_oe: string; supplier_code: Generated<string>; name: string;
    part_brand_id: number | null; quality_id: number; make_id: number | null; terminology_id: number | null; supplier_vehicle: Generated<string>;
    product_specification: Generated<string>; producing_area: Generated<string>; uom_name: Generated<string>;
    length_mm: number | null; height_mm: number | null; weight_g: number | null; volume_cm3: number | null; packing_count: number | null; usage_per_car: number | null;
    note: Generated<string>; quantity: Generated<number>;
    price99: number | null; price0: number | null; price1: number | null; price2: number | null; price3: number | null; price5: number | null;
    price_lock: Generated<boolean>; performance: Generated<boolean>; province_ids: Generated<number[]>; state: Generated<'on' | 'off' | 'suspended'>; rank_key: Generated<number>;
    create_date: CreatedAt; prod_write_date: CreatedAt; price_write_date: CreatedAt; stock_write_date: CreatedAt;
    default_code: Generated<string>; custom_brand_name: Generated<string>; category_name: Generated<string>;
    factory_make_id: number | null; country_id: number | null; width_mm: number | null;
    op_off_reason: ColumnType<string | null, string | null | undefined, string | null>; op_off_at: ColumnType<Date | null, Date | null | undefined, Date | null>; op_off_by: ColumnType<string | null, string | null | undefined, string | null>;
    vn_price: ColumnType<number | null, number | null | undefined, number | null>; vn_quantity: Generated<number>;
    sale_state: Generated<'normal' | 'promotion'>; clean_state: Generated<'normal' | 'clearance'>;
    qty_version: Generated<number>;
    /** the quantity is the sum of stock_location (migration 0540, docs/warehouse.md) */
    located: Generated<boolean>;
    // 现货 (migration 0500, docs/spot-goods.md)
    spot: Generated<boolean>;
  };
  stock_change: {
    id: Generated<string>; stock_id: number; company_id: number; user_id: number; at: Timestamp; action: string;
    changes: ColumnType<Array<{ field: string; old: string | number | boolean | null; new: string | number | boolean | null }>, string, string>;
  };
  country: { id: Generated<number>; code: string; name_cn: string };
  oe_search_grant: { company_id: number; day: string; oe_norm: string };
  search_term: { id: Generated<number>; kind: 'name' | 'brand' | 'make' | 'vehicle'; term: string; ref_id: number | null };
  trade_circle: {
    id: Generated<number>; name: string; owner_company: number; is_internal: Generated<boolean>;
    description: Generated<string>; area: Generated<string>; created_at: CreatedAt; join_fields: Generated<string[]>;
  };
  trade_circle_allocation: {
    circle_id: number; stock_id: number; company_id: number; qty: number; price_fen: number; created_at: CreatedAt; updated_at: CreatedAt;
  };
  company_group: {
    id: Generated<number>; name: string; description: Generated<string>; created_by: number | null; created_at: CreatedAt; updated_at: CreatedAt;
  };
  company_group_member: { group_id: number; company_id: number; added_by: number | null; added_at: CreatedAt };
  company_group_message: {
    id: Generated<number>; group_id: number | null; group_name: string; audience: 'owners' | 'all'; body: string; companies: number; users: number;
    sent_by: number; sent_by_name: string; sent_at: CreatedAt; idem_key: string;
  };
  trade_circle_member: {
    circle_id: number; company_id: number; member_state: 'pending' | 'approved' | 'rejected';
    requested_at: CreatedAt; decided_at: Timestamp | null; join_info: Generated<Record<string, string>>;
  };
  seller_application: {
    id: Generated<number>; company_id: number; applicant_user_id: number; company_name: string; contact_name: string; contact_phone: string;
    province: string; city: string; address: string; licence_no: string; main_brands: string; note: Generated<string>;
    licence_images: ColumnType<string[], string[] | undefined, string[]>;
    state: Generated<'pending' | 'approved' | 'rejected'>; reject_reason: string | null; reviewer_user_id: number | null;
    reviewed_at: Timestamp | null; created_at: CreatedAt;
  };
  stock_query_count: { company_id: number; day: string; used: number };
  // the day's free quotes of a company (migration 0470, docs/money.md#paid-services)
  quote_count: { company_id: number; day: string; used: number };
  vin_query_log: { id: Generated<string>; company_id: number; user_id: number; vin: string; created_at: CreatedAt };
  epc_vehicle: {
    id: Generated<number>; make_name: string; factory_name: string; model: string; model_en: Generated<string>; chassis: Generated<string>;
    year_from: number; year_to: number; engine_code: string; displacement: string; power_kw: number; transmission: string; body: Generated<string>; sort: Generated<number>;
    /** when the vehicle entered the catalogue (migration 0440, 新车型) */
    created_at: CreatedAt;
  };
  /** the oil and fluid catalogue (migration 0440, docs/search.md 油品) */
  oil_product: {
    id: Generated<number>; oe_number: string; oe_norm: string; brand: string; series: string; name: string;
    kind: '机油' | '柴机油' | '变速箱油' | '齿轮油' | '刹车油' | '防冻液'; viscosity: Generated<string>;
    specs: ColumnType<string[], string[] | undefined, string[]>; volume_ml: number; created_at: CreatedAt;
  };
  epc_vehicle_vin: { vehicle_id: number; wmi: string; vds: string };
  epc_group: { id: Generated<number>; code: string; name: string; icon: Generated<string>; sort: Generated<number> };
  epc_subgroup: { id: Generated<number>; vehicle_id: number; group_id: number; code: string; name: string; sort: Generated<number> };
  epc_part: { id: Generated<number>; subgroup_id: number; position: number; oe_number: string; oe_norm: string; name: string; qty: number; note: Generated<string> };
  epc_diagram: { subgroup_id: number; image_url: string; schematic_svg: string | null; updated_at: CreatedAt; updated_by: number | null };
  epc_hotspot: { subgroup_id: number; position: number; x: number; y: number };
  company_shop: {
    company_id: number; banner_url: string; intro: string; factory_desc: string;
    featured_stock_ids: ColumnType<string[], number[], number[]>; updated_at: Timestamp;
  };
  company_shop_media: { company_id: number; kind: 'photo' | 'video'; sort: number; url: string; title: string };
  company_view: { id: Generated<string>; company_id: number; viewer_company_id: number; viewer_user_id: number; viewed_at: Timestamp };
  company_view_gate: { company_id: number; viewer_company_id: number; last_at: Timestamp };
  company_view_seen: { user_id: number; seen_at: Timestamp };
  uploaded_file: { name: string; company_id: number; user_id: number; original_name: string; content_type: string; size: number; created_at: CreatedAt };
  im_conversation: {
    id: Generated<number>; user_low: number; user_high: number; last_message_id: ColumnType<string | null, string | number | null, string | number | null>;
    last_sent_at: Timestamp | null; created_at: CreatedAt;
  };
  im_member: { conversation_id: number; user_id: number; unread: Generated<number>; read_at: Timestamp | null };
  im_message: {
    id: ColumnType<string, never, never>; conversation_id: number | null; sender_id: number; recipient_id: number | null; client_msg_id: string;
    message_type: 'RC:TxtMsg' | 'RC:ImgMsg' | 'QPH:BizMsg'; text: Generated<string>; image_uri: Generated<string>; sent_at: Timestamp;
    group_id: Generated<number | null>;
  };
  im_friend: { user_id: number; friend_id: number; note: Generated<string>; created_at: CreatedAt };
  im_group: {
    id: Generated<number>; uuid: string; name: string; owner_id: number; is_service: Generated<boolean>;
    last_message_id: ColumnType<string | null, string | number | null, string | number | null>; last_sent_at: Timestamp | null; created_at: CreatedAt;
  };
  im_group_member: { group_id: number; user_id: number; unread: Generated<number>; read_at: Timestamp | null; joined_at: CreatedAt };
  im_block: { user_id: number; blocked_id: number; created_at: CreatedAt };
  im_rong_token: { user_id: number; app_key: string; token: string; created_at: CreatedAt };
  membership_notice: { company_id: number; kind: 'expiring' | 'expired'; level_end_at: Timestamp; posted_at: CreatedAt };
  im_rong_outbox: {
    id: Generated<string>; key: string; kind: 'publish' | 'group' | 'block'; payload: ColumnType<unknown, string | undefined, string>; version: Generated<number>;
    attempts: Generated<number>; next_at: ColumnType<Date, Date | string | undefined, Date | string>; last_error: Generated<string>; created_at: CreatedAt;
  };
  im_quick_reply: { id: Generated<number>; company_id: number; cn_message: string; vn_message: Generated<string>; sort: Generated<number>; created_at: CreatedAt };
  basket_line: {
    id: Generated<number>; company_id: number; key: string; oe: string; oe_norm: string; name: Generated<string>; quality: Generated<string>;
    brand: Generated<string>; qty: number; note: Generated<string>; created_by: number; created_at: CreatedAt; updated_at: CreatedAt;
  };
  follow: {
    id: Generated<number>; user_id: number; kind: 'seller' | 'oe'; seller_id: number | null; oe_norm: string | null; oe: Generated<string>;
    name: Generated<string>; low_fen: number | null; in_stock: Generated<boolean>; notified_day: string | null; created_at: CreatedAt;
  };
  follow_change: { id: Generated<number>; oe_norm: string; changed_at: Generated<Date> };
  cart_item: {
    id: Generated<number>; user_id: number; company_id: number; stock_id: number | null; quote_id: number | null; type_code: '配件产品' | '临时产品'; qty: number;
    include_tax: Generated<boolean>; checked: Generated<boolean>; created_at: CreatedAt; updated_at: CreatedAt;
    circle_id: Generated<number | null>;
  };
  wanted_request: {
    id: Generated<number>; company: number; user: number; content: string; make_id: number; vin: Generated<string>;
    img_infos: ColumnType<string[], string, string>; quote_count: Generated<number>; created: CreatedAt;
  };
  goods_order: {
    id: Generated<string>; order_no: string; checkout_no: string; buyer_company_id: number; buyer_user_id: number; seller_company_id: number;
    status: Generated<import('../../shared/domain/orders').OrderStatus>; pay_status: Generated<import('../../shared/domain/orders').PayStatus>;
    line_count: number; total_qty: number; total_fen: ColumnType<string, number | string, number | string>;
    contact_name: string; contact_phone: string; address: string; remark: Generated<string>;
    reject_reason: string | null; cancel_reason: string | null; logistics_company: string | null; logistics_no: string | null;
    pay_method: string | null; pay_note: string | null;
    created_at: CreatedAt; confirmed_at: Timestamp | null; shipped_at: Timestamp | null; received_at: Timestamp | null;
    completed_at: Timestamp | null; cancelled_at: Timestamp | null; rejected_at: Timestamp | null; paid_at: Timestamp | null;
    // paying orders (migration 0310, docs/money.md "Paying orders")
    pay_channel: 'offline' | 'wallet' | 'provider' | 'vnd_wallet' | null; payment_id: string | null;
    paid_fen: Generated<number>; refunded_fen: Generated<number>; paid_out_at: Timestamp | null; payout_fen: Generated<number>; payout_fee_fen: Generated<number>;
    // 现货订单 (migration 0500, docs/spot-goods.md): the seller confirms before confirm_by or the spot sweep cancels it
    spot: Generated<boolean>; confirm_by: ColumnType<Date | null, Date | null | undefined, Date | null>;
    // 账期 (migration 0520, docs/customers.md "Credit terms"): whose term the order used and its China due date (YYYY-MM-DD)
    credit_company_id: ColumnType<number | null, number | null | undefined, number | null>;
    credit_due_date: ColumnType<string | null, string | null | undefined, string | null>;
    /** the voucher discount; total_fen is the lines less it (migration 0720, docs/vouchers.md) */
    voucher_fen: ColumnType<string, number | string | undefined, number | string>;
    /** the 满减 taken off and its activity; total_fen is the lines less it and the voucher (migration 0791, docs/activities.md "满减") */
    reduction_fen: ColumnType<string, number | string | undefined, number | string>;
    reduction_activity_id: ColumnType<number | null, number | null | undefined, number | null>;
  };
  seller_spot_setting: { company_id: number; cutoff_minute: number | null; updated_by: number | null; updated_at: CreatedAt };
  // 保养套餐 (migration 0530, docs/maintenance.md)
  maintenance_package: {
    id: Generated<number>; company_id: number; name: string; make_id: number | null; vehicle: Generated<string>;
    interval_km: number | null; interval_months: number | null; note: Generated<string>; active: Generated<boolean>;
    created_by: number; created_at: CreatedAt; updated_at: CreatedAt;
  };
  maintenance_package_line: { package_id: number; position: number; stock_id: number; qty: number };
  // paying orders (migration 0310, docs/money.md "Paying orders")
  order_payment: {
    id: Generated<string>; payment_no: string; buyer_company_id: number; user_id: number; amount_fen: number; method: 'wallet' | 'provider' | 'vnd_wallet';
    state: Generated<'pending' | 'paid' | 'cancelled'>; provider: string | null; trade_no: string | null; ledger_transaction_id: number | null;
    created_at: CreatedAt; paid_at: Timestamp | null; cancelled_at: Timestamp | null;
  };
  order_payment_order: { payment_id: string; order_id: string; amount_fen: number };
  order_refund: {
    id: Generated<string>; refund_no: string; order_id: string; after_sale_id: string | null; amount_fen: number;
    source: 'clearing' | 'seller_wallet' | 'offline'; destination: 'wallet' | 'provider' | 'offline' | 'vnd_wallet'; provider: string | null; trade_no: string | null; payment_no: string | null;
    state: 'pending' | 'done'; ledger_transaction_id: number | null; created_at: CreatedAt; done_at: Timestamp | null;
  };
  seller_pay_setting: { company_id: number; offline_allowed: Generated<boolean>; updated_by: number | null; updated_at: CreatedAt };
  goods_order_line: {
    id: Generated<string>; order_id: string; stock_id: number | null; quote_id: number | null; type_code: string; supplier_oe: string; name: string;
    brand_name: string; quality_name: string; uom_name: string; qty: number; include_tax: boolean; price_column: string;
    unit_price_fen: number; amount_fen: ColumnType<string, number | string, number | string>; circle_id: Generated<number | null>;
    /** charged under a promotion plan: the plan and the unit price before it (migration 0730, docs/promotions.md) */
    promo_plan_id: Generated<number | null>; list_price_fen: Generated<number | null>;
    /** the line's share of its order's 满减 (migration 0791, docs/activities.md "满减") */
    reduction_fen: ColumnType<string, number | string | undefined, number | string>;
  };
  goods_order_event: {
    id: Generated<string>; order_id: string; action: string; actor_user_id: number; from_status: string | null; to_status: string;
    note: Generated<string>; created_at: CreatedAt;
  };
  /** upper bounds of one price over another, widened by stock's triggers (migration 0283) */
  price_ratio: { x: string; y: string; r: number };
  // after-sale (migration 0230)
  warranty_term: {
    id: Generated<number>; name: string; months: number; categories: ColumnType<string[], string[] | undefined, string[]>; description: Generated<string>;
    enabled: Generated<boolean>; created_by: number | null; created_at: CreatedAt; updated_by: number | null; updated_at: CreatedAt;
  };
  after_sale: {
    id: Generated<string>; as_no: string; order_id: string; buyer_company_id: number; buyer_user_id: number; seller_company_id: number;
    type: import('../../shared/domain/aftersale').AfterSaleType; status: Generated<import('../../shared/domain/aftersale').AfterSaleStatus>;
    reason: string; description: Generated<string>; img_infos: ColumnType<string[], string, string>;
    total_qty: number; refund_fen: ColumnType<string, number | string, number | string>;
    reject_reason: string | null; cancel_reason: string | null; close_reason: string | null; logistics_company: string | null; logistics_no: string | null;
    refund_method: string | null; refund_note: string | null;
    created_at: CreatedAt; agreed_at: Timestamp | null; returned_at: Timestamp | null; received_at: Timestamp | null; completed_at: Timestamp | null;
    rejected_at: Timestamp | null; cancelled_at: Timestamp | null; closed_at: Timestamp | null; updated_at: CreatedAt;
    /** 质保售后: opened under the seller's warranty past the ordinary window (docs/warranty.md) */
    warranty_term_id: Generated<number | null>; warranty_months: Generated<number | null>;
  };
  after_sale_line: {
    id: Generated<string>; after_sale_id: string; order_line_id: string; qty: number; unit_price_fen: number;
    amount_fen: ColumnType<string, number | string, number | string>; open: Generated<boolean>;
  };
  after_sale_event: {
    id: Generated<string>; after_sale_id: string; action: string; actor_user_id: number; from_status: string | null; to_status: string;
    note: Generated<string>; created_at: CreatedAt;
  };
  // head and branch companies (migration 0120)
  company_recommend: { company_id: number; sort: number; created_at: CreatedAt };
  product_recommend: { stock_id: number; sort: number; created_at: CreatedAt };
  company_relation: { branch_id: number; head_id: number; created_at: CreatedAt; invite_id: ColumnType<string | null, string | number | null | undefined, string | null> };
  // 分公司 invitations (migration 0520, docs/customers.md "Branch companies")
  company_branch_invite: {
    id: Generated<string>; head_id: number; branch_id: number; state: Generated<'pending' | 'accepted' | 'declined' | 'withdrawn'>;
    invited_by: number; invited_at: Timestamp; decided_by: number | null; decided_at: Timestamp | null;
  };
  company_change: {
    id: Generated<number>; company_id: number; old_value: ColumnType<Record<string, string>, string, string>; new_value: ColumnType<Record<string, string>, string, string>;
    state: Generated<'pending' | 'approved' | 'rejected' | 'withdrawn'>; reason: Generated<string>; submitted_by: number; submitted_at: Timestamp;
    decided_by: number | null; decided_at: Timestamp | null;
  };
  // invoices (migration 0330, docs/money.md#invoices); bigint columns arrive as numbers
  invoice_title: {
    id: Generated<number>; company_id: number; kind: import('../../shared/domain/invoice').InvoiceTitleKind; invoice_type: import('../../shared/domain/invoice').InvoiceType;
    name: string; tax_no: Generated<string>; address: Generated<string>; phone: Generated<string>; bank: Generated<string>; account: Generated<string>;
    is_default: Generated<boolean>; created_at: CreatedAt; updated_at: CreatedAt;
  };
  invoice_request: {
    id: Generated<number>; request_no: string; buyer_company_id: number; buyer_user_id: number; seller_company_id: number;
    status: Generated<import('../../shared/domain/invoice').InvoiceStatus>;
    title_kind: string; invoice_type: string; title_name: string; tax_no: Generated<string>; address: Generated<string>; phone: Generated<string>;
    bank: Generated<string>; account: Generated<string>; remark: Generated<string>; amount_fen: number;
    invoice_number: string | null; invoice_date: string | null; issued_fen: number | null; file_path: string | null; refuse_reason: string | null;
    created_at: CreatedAt; updated_at: CreatedAt; issued_at: Timestamp | null; refused_at: Timestamp | null; withdrawn_at: Timestamp | null;
    red_number: string | null; red_date: string | null; red_file_path: string | null; red_reason: string | null; reversed_at: Timestamp | null;
  };
  invoice_request_order: { id: Generated<number>; request_id: number; order_id: string; order_no: string; amount_fen: number; open: Generated<boolean> };
  invoice_event: {
    id: Generated<number>; request_id: number; action: string; actor_user_id: number; from_status: string | null; to_status: string;
    note: Generated<string>; created_at: CreatedAt;
  };
  // the money ledger (migration 0300, docs/money.md); bigint columns arrive as numbers (client.ts)
  ledger_account: {
    id: Generated<number>; kind: 'wallet_available' | 'wallet_frozen' | 'cash_pledge_held' | 'platform_clearing' | 'provider' | 'fee_income' | 'vnd_wallet' | 'vnd_provider' | 'fx';
    // migration 0760 (docs/money.md#money-in-dong): balance_fen is in the currency's unit (whole dong for VND)
    currency: Generated<'CNY' | 'VND'>;
    company_id: number | null; provider: string | null; balance_fen: Generated<number>; created_at: CreatedAt;
  };
  ledger_transaction: {
    id: Generated<number>; kind: string; reference: Generated<string>; idempotency_key: string; created_at: CreatedAt; created_by: number | null;
    fx_rate_micro: ColumnType<number | null, number | null | undefined, never>;
  };
  ledger_entry: {
    id: Generated<number>; transaction_id: number; account_id: number; amount_fen: number; balance_after_fen: Generated<number>; created_at: CreatedAt;
  };
  // paid services and the service agreement (migration 0360, docs/money.md#paid-services)
  paid_service_product: {
    id: Generated<number>; service: 'user' | 'stock' | 'vin' | 'quote' | 'warranty'; level_id: number; pack_size: number; price_fen: number; enabled: Generated<boolean>;
    updated_by: number | null; updated_at: CreatedAt;
  };
  paid_service_purchase: {
    id: Generated<number>; purchase_no: string; company_id: number; user_id: number; service: 'user' | 'stock' | 'vin' | 'quote' | 'warranty'; level_id: number;
    pack_size: number; packs: number; units: number; amount_fen: number; method: 'wallet' | 'provider';
    state: Generated<'pending' | 'paid' | 'cancelled'>; provider: string | null; trade_no: string | null; ledger_transaction_id: number | null;
    created_at: CreatedAt; paid_at: Timestamp | null; cancelled_at: Timestamp | null;
  };
  paid_service_balance: { company_id: number; service: 'user' | 'stock' | 'quote'; bought: Generated<number>; remaining: Generated<number> };
  paid_service_use: { company_id: number; service: 'stock' | 'quote'; day: string; used: number };
  // promotion prices of paid services (migration 0420, docs/money.md#promotion-prices)
  paid_service_promotion: {
    id: Generated<number>; name: string; service: 'user' | 'stock' | 'vin' | 'quote' | 'warranty'; level_ids: ColumnType<number[], number[], number[]>; kind: 'price' | 'percent';
    value: number; starts_at: Timestamp; ends_at: Timestamp; max_uses: number | null; per_company: number | null; used: Generated<number>;
    enabled: Generated<boolean>; created_by: number | null; created_at: CreatedAt; updated_by: number | null; updated_at: CreatedAt;
  };
  paid_service_promotion_use: {
    id: Generated<number>; promotion_id: number; purchase_id: number; company_id: number; service: 'user' | 'stock' | 'vin' | 'quote' | 'warranty'; level_id: number;
    packs: number; original_fen: number; charged_fen: number; holding: Generated<boolean>; created_at: CreatedAt;
  };
  service_agreement: { id: Generated<number>; version: number; title: string; body: string; published_by: number | null; published_at: CreatedAt };
  service_agreement_acceptance: { agreement_id: number; company_id: number; user_id: number; accepted_at: CreatedAt };
  // cash pledges (migration 0340, docs/money.md#cash-pledges)
  cash_pledge_level: { level_id: number; amount_fen: number; updated_by: number | null; updated_at: CreatedAt };
  cash_pledge_payment: {
    id: Generated<number>; payment_no: string; company_id: number; user_id: number; amount_fen: number; method: 'wallet' | 'provider';
    state: Generated<'pending' | 'paid' | 'cancelled'>; provider: string | null; trade_no: string | null; ledger_transaction_id: number | null;
    created_at: CreatedAt; paid_at: Timestamp | null; cancelled_at: Timestamp | null;
  };
  cash_pledge_event: {
    id: Generated<number>; event_no: string; company_id: number; action: 'pay' | 'deduct' | 'return'; amount_fen: number; reference: Generated<string>;
    beneficiary: 'buyer' | 'platform' | null; buyer_company_id: number | null; reason: Generated<string>; user_id: number | null;
    ledger_transaction_id: number; created_at: CreatedAt;
  };
  wallet_recharge: {
    id: Generated<number>; recharge_no: string; company_id: number; user_id: number; amount_fen: number;
    state: Generated<'pending' | 'paid' | 'cancelled'>; provider: string | null; trade_no: string | null; ledger_transaction_id: number | null;
    created_at: CreatedAt; paid_at: Timestamp | null; cancelled_at: Timestamp | null;
  };
  // dong wallet recharges (migration 0760, docs/money.md#money-in-dong)
  vnd_recharge: {
    id: Generated<number>; recharge_no: string; company_id: number; user_id: number; amount_dong: number;
    state: Generated<'pending' | 'paid' | 'cancelled'>; provider: string | null; trade_no: string | null; ledger_transaction_id: number | null;
    created_at: CreatedAt; paid_at: Timestamp | null; cancelled_at: Timestamp | null;
  };
  // bank cards, withdrawals and manual adjustments (migration 0320, docs/money.md)
  bank_card: {
    id: Generated<number>; company_id: number; kind: 'personal' | 'corporate'; holder_name: string; bank_name: string; account_no: string;
    state: Generated<'pending' | 'verified' | 'rejected'>; reason: Generated<string>; created_by: number; created_at: CreatedAt;
    decided_by: number | null; decided_at: Timestamp | null; removed_at: Timestamp | null; removed_by: number | null;
  };
  withdrawal: {
    id: Generated<number>; withdrawal_no: string; company_id: number; user_id: number; bank_card_id: number;
    holder_name: string; bank_name: string; account_no: string; amount_fen: number;
    state: Generated<'applied' | 'approved' | 'paid' | 'rejected'>; reason: Generated<string>; payout_ref: Generated<string>; created_at: CreatedAt;
    freeze_tx: number; approved_by: number | null; approved_at: Timestamp | null; paid_by: number | null; paid_at: Timestamp | null; payout_tx: number | null;
    rejected_by: number | null; rejected_at: Timestamp | null; release_tx: number | null;
  };
  wallet_adjustment: {
    id: Generated<number>; company_id: number; amount_fen: number; reason: string; state: Generated<'pending' | 'posted' | 'rejected'>;
    created_by: number; created_at: CreatedAt; decided_by: number | null; decided_at: Timestamp | null; decision_note: Generated<string>; ledger_tx: number | null;
  };
  // customers and suppliers (migration 0450, docs/customers.md)
  customer_invitation: {
    id: Generated<number>; seller_company_id: number; code: string; note: Generated<string>; created_by: number; created_at: Timestamp;
    expires_at: Timestamp; used_at: Timestamp | null; used_by_company_id: number | null; revoked_at: Timestamp | null;
  };
  company_customer: {
    seller_company_id: number; buyer_company_id: number; price_level: Generated<'member' | 'wholesale' | 'retail' | 'standard'>;
    note: Generated<string>; tags: ColumnType<string[], string[] | undefined, string[]>; invitation_id: number | null; invited_by: number | null;
    invited_at: Timestamp | null; preferred: Generated<boolean>; preferred_at: Timestamp | null; created_at: Timestamp; updated_at: Timestamp;
    // 账期 (migration 0520): both or neither
    credit_days: ColumnType<number | null, number | null | undefined, number | null>;
    credit_limit_fen: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  };
  // overseas (Vietnam) company registrations (migration 0610, docs/overseas.md)
  overseas_registration: {
    id: Generated<number>; company_id: number; applicant_user_id: number; province: string; tax_code: string;
    state: Generated<'pending' | 'approved' | 'rejected'>; reject_reason: string | null; reviewer_user_id: number | null;
    reviewed_at: Timestamp | null; submitted_at: CreatedAt; created_at: CreatedAt;
  };
  // warehouses and shelf locations (migration 0540, docs/warehouse.md)
  warehouse: {
    id: Generated<number>; company_id: number; name: string; address: Generated<string>; note: Generated<string>;
    active: Generated<boolean>; created_at: CreatedAt;
  };
  warehouse_location: {
    id: Generated<number>; company_id: number; warehouse_id: number; code: string; note: Generated<string>;
    active: Generated<boolean>; created_at: CreatedAt;
  };
  stock_location: { stock_id: number; location_id: number; company_id: number; quantity: number };
  stock_move: {
    id: Generated<number>; stock_id: number; location_id: number; company_id: number; delta: number; quantity_after: number;
    reason: string; at: CreatedAt;
  };
  // stocktakes (migration 0550, docs/warehouse.md "Stocktake")
  stocktake: {
    id: Generated<number>; company_id: number; warehouse_id: number; note: Generated<string>; state: Generated<'open' | 'closed'>;
    opened_by: number; opened_at: CreatedAt; closed_by: number | null; closed_at: Timestamp | null;
  };
  stocktake_count: {
    id: Generated<number>; stocktake_id: number; company_id: number; location_id: number; stock_id: number; counted: number;
    counted_at: Timestamp; expected: number; delta: number; client_key: string; counted_by: number;
    state: 'matched' | 'pending' | 'approved' | 'rejected' | 'superseded';
    decided_by: number | null; decided_at: Timestamp | null; applied: number | null; received_at: CreatedAt;
  };
  // vouchers (migration 0720, docs/vouchers.md)
  // sellers' promotion plans (migration 0730, docs/promotions.md)
  promo_plan: {
    id: Generated<number>; company_id: number; name: string; kind: 'percent' | 'amount'; percent_off: number;
    off_fen: ColumnType<string, number, number>; min_price_fen: ColumnType<string, number, number>;
    scope: 'all' | 'brands' | 'categories'; part_brand_ids: number[]; category_ids: number[];
    buyers: 'all' | 'levels' | 'customers'; price_levels: string[]; customer_ids: number[];
    start_at: Timestamp; end_at: Timestamp; state: 'draft' | 'active' | 'paused' | 'ended';
    created_by: number | null; created_at: Timestamp; updated_at: Timestamp; ended_at: Timestamp | null;
  };
  voucher_template: {
    id: Generated<number>; issuer_company_id: number | null; name: string; kind: 'amount' | 'percent';
    amount_fen: ColumnType<string, number | string | undefined, number | string>; percent_off: Generated<number>;
    cap_fen: ColumnType<string, number | string | undefined, number | string>; min_order_fen: ColumnType<string, number | string | undefined, number | string>;
    seller_ids: ColumnType<number[], number[] | undefined, number[]>; category_ids: ColumnType<number[], number[] | undefined, number[]>;
    start_at: Timestamp; end_at: Timestamp; valid_days: Generated<number>; total_count: number; claimed: Generated<number>; per_company: number;
    state: Generated<'active' | 'stopped'>; created_by: number | null; created_at: CreatedAt; stopped_at: Timestamp | null;
  };
  voucher_company_count: { template_id: number; company_id: number; n: number };
  voucher_claim: {
    id: Generated<string>; template_id: number; company_id: number; user_id: number; claimed_at: Timestamp; valid_from: Timestamp; valid_until: Timestamp;
    state: Generated<'unused' | 'used'>;
  };
  voucher_use: {
    id: Generated<string>; claim_id: string; template_id: number; order_id: string; issuer_company_id: number | null;
    discount_fen: ColumnType<string, number | string, number | string>; state: Generated<'applied' | 'returned'>; created_at: Timestamp;
    returned_at: Timestamp | null; subsidy_transaction_id: number | null;
  };
  // platform settings (migration 0800, docs/platform-settings.md)
  autoparts_city: {
    id: Generated<number>; name: string; province: string; city: string; address: Generated<string>; enabled: Generated<boolean>;
    updated_by: number | null; created_at: CreatedAt; updated_at: CreatedAt;
  };
  company_autoparts_city: { company_id: number; autoparts_city_id: number; updated_at: CreatedAt };
  autoparts_alliance: {
    id: Generated<number>; name: string; description: Generated<string>; enabled: Generated<boolean>; updated_by: number | null; created_at: CreatedAt; updated_at: CreatedAt;
  };
  autoparts_alliance_member: { alliance_id: number; company_id: number; added_at: CreatedAt };
  free_city: {
    id: Generated<number>; province: string; city: string; min_order_fen: ColumnType<string, number | string, number | string>; enabled: Generated<boolean>;
    updated_by: number | null; created_at: CreatedAt; updated_at: CreatedAt;
  };
  pub_page: {
    id: Generated<number>; slug: string; title: string; body: Generated<string>; status: Generated<'draft' | 'published'>; sort: Generated<number>;
    published_at: Timestamp | null; updated_by: number | null; created_at: CreatedAt; updated_at: CreatedAt;
  };
  // the performance bonus (migration 0750, docs/bonus.md)
  bonus_rule: { id: Generated<number>; effective_month: string; bands: ColumnType<import('../../shared/domain/bonus').BonusBand[], string, string>; updated_by: number | null; updated_at: CreatedAt };
  bonus_settlement: {
    id: Generated<number>; month: string; company_id: number; order_count: number; sales_fen: ColumnType<string, number | string, number | string>;
    bands: ColumnType<import('../../shared/domain/bonus').BonusBand[], string, string>; band: number; rate_bp: number;
    bonus_fen: ColumnType<string, number | string, number | string>; ledger_transaction_id: ColumnType<string | null, number | null, number | null>;
    settled_by: number | null; settled_at: CreatedAt;
  };
  // points (migration 0700, docs/points.md)
  points_setting: {
    id: number; enabled: Generated<boolean>; per_100_yuan: Generated<number>; order_cap: Generated<number>; month_cap: Generated<number>;
    notice_days: Generated<number>; updated_by: number | null; updated_at: CreatedAt;
  };
  points_category_rate: { category: string; per_100_yuan: number };
  points_account: { id: Generated<number>; kind: 'company' | 'issued' | 'redeemed' | 'expired'; company_id: number | null; balance: Generated<number>; created_at: CreatedAt };
  points_transaction: {
    id: Generated<number>; kind: string; company_id: number; reference: Generated<string>; note: Generated<string>; idempotency_key: string;
    created_at: CreatedAt; created_by: number | null;
  };
  points_entry: { id: Generated<number>; transaction_id: number; account_id: number; points: number; balance_after: Generated<number>; created_at: CreatedAt };
  points_order_earning: { order_id: string; order_no: string; company_id: number; base_fen: number; points: number; created_at: CreatedAt };
  points_product: {
    id: Generated<number>; name: string; description: Generated<string>; image: Generated<string>; points: number; stock: number; enabled: Generated<boolean>;
    created_by: number | null; created_at: CreatedAt; updated_by: number | null; updated_at: CreatedAt;
  };
  points_redemption: {
    id: Generated<string>; redemption_no: string; company_id: number; user_id: number; product_id: number; product_name: string; qty: number;
    points_each: number; points_total: number; contact_name: string; contact_phone: string; address: string;
    status: Generated<'pending' | 'shipped' | 'cancelled'>; logistics_company: string | null; logistics_no: string | null; cancel_reason: string | null;
    created_at: CreatedAt; shipped_at: Timestamp | null; cancelled_at: Timestamp | null;
  };
  points_expiry_notice: { company_id: number; year: number; points: number; sent_at: CreatedAt };
  // activities (migration 0740, docs/activities.md)
  activity: {
    id: Generated<number>; name: string; kind: 'seckill' | 'full_reduction' | 'bundle'; description: Generated<string>; start_at: Timestamp; end_at: Timestamp; per_buyer: number;
    /** 满减 tiers (migration 0791): [{threshold_fen, reduce_fen}], [] for 秒杀 */
    tiers: ColumnType<Array<{ threshold_fen: number; reduce_fen: number }>, string | undefined, string>;
    ended_at: Timestamp | null; settled_at: Timestamp | null; created_by: number | null; created_at: Timestamp; updated_at: Timestamp;
  };
  activity_item: {
    id: Generated<number>; activity_id: number; company_id: number; stock_id: number; activity_price_fen: number; ordinary_fen: number; activity_qty: number;
    state: Generated<'pending' | 'approved' | 'rejected' | 'expired'>; reserved: Generated<number>; sold: Generated<number>; returned: Generated<number>;
    reject_reason: Generated<string>; applied_by: number; applied_at: Timestamp; audited_by: number | null; audited_at: Timestamp | null; returned_at: Timestamp | null;
  };
  /** a bundle's rows (migration 0802, docs/activities.md "组合套装") */
  activity_bundle_line: { item_id: number; position: number; stock_id: number; qty: number; ordinary_fen: number; share_fen: number };
  activity_buyer: { item_id: number; company_id: number; qty: number };
  activity_order: { order_id: string; item_id: number; activity_id: number; company_id: number; qty: number; returned_at: Timestamp | null; created_at: Timestamp };
}
