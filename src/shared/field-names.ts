import { msg } from './messages';

/**
 * Every payload field's name as people read it (docs/api.md, "Messages name fields in Chinese"):
 * a refusal worded by the generic texts (缺少必填项, 应为整数 …) names the field with these words,
 * never with its key. A test walks every call's payload and asks each key to be here.
 */
export const FIELD_NAMES: Readonly<Record<string, string>> = {
  allocated_qty: '分配数量', circle_price_fen: '商圈价', join_fields: '入圈资料', join_info: '入圈资料', contact: '联系人', brands: '主营品牌', tel: '电话',
  // overseas companies (docs/overseas.md)
  tax_code: '税号', missing_vn: '只看越南语未填',
  // WeChat template messages (docs/wechat.md) and batch jobs (docs/batch-jobs.md)
  wx_template_id: '模板ID', auth_code: '微信授权码', auth_state: '授权状态', site_origin: '本站地址', fields: '字段', job_kind: '任务类型', job_id: '任务', label_text: '标签', filter_k: '名称或OE号', on: '加上或去掉',
  // platform settings (docs/platform-settings.md)
  slug: '页面地址', autoparts_city_id: '汽配城',
  // company types (docs/reports.md#company-types)
  business_type: '企业类型',
  // vouchers (docs/vouchers.md)
  template_id: '优惠券', claim_id: '优惠券', percent_off: '折扣', cap_fen: '最多减免', min_order_fen: '使用门槛', category_ids: '适用配件分类',
  total_count: '发放总量', tab: '状态', vouchers: '优惠券', issuer: '发放方',
  // 满减 activities (docs/activities.md "满减")
  tiers: '满减档位', threshold_fen: '满减门槛', reduce_fen: '减免金额',
  // promotion plans (docs/promotions.md)
  off_fen: '每件减免', min_price_fen: '最低促销价', part_brand_ids: '适用品牌', price_levels: '客户等级', customer_ids: '适用客户', buyers: '适用买家',
  // activities (docs/activities.md)
  activity_id: '活动', item_id: '活动商品', activity_price_fen: '活动价', activity_qty: '活动数量', per_buyer: '每家企业限购', phase: '活动阶段',
  // 组合套装 (docs/activities.md "组合套装")
  bundle_price_fen: '套装价', bundle_qty: '套装数量',
  a: '选项', accept: '文件类型', account: '账号', account_no: '账号', action: '操作', active: '启用状态', activity: '活动',
  address: '地址', agree: '同意协议', amount_fen: '金额', approve: '审核结果', area: '地区', as_no: '售后单号', as_of: '查看时间',
  b: '选项', bank: '开户银行', bank_card_id: '银行卡', bank_name: '开户银行', banner_url: '横幅图片', base64_data: '图片内容', before: '时间点',
  beneficiary: '收款人', body: '内容', branch_id: '支行', brand: '品牌', brand_id: '品牌', brand_name_new: '品牌', buyer: '买家',
  cart_ids: '购物车商品', category_name: '类别', categories: '适用配件分类', checked: '勾选', circle: '圈内搜索', circle_id: '商圈', city: '城市', clean_state: '清仓状态',
  click_url: '链接', client_id: '发送编号', client_msg_id: '消息编号', client_type: '客户端类型', cn_message: '中文内容', code: '编码', codes: '权限码',
  company: '企业资料', company_id: '公司', company_ids: '公司', company_name: '公司名称', contact_name: '联系人', contact_phone: '联系电话',
  credit_days: '账期天数', credit_limit_fen: '账期额度', credit_sellers: '账期付款的卖家', branch_company_id: '分公司', decision: '处理结果',
  content: '消息内容', conversationType: '会话类型', conversation_id: '会话', count: '数量', country: '国家', country_id: '国家', currency: '币种', cutoff: '截单时间',
  custom_brand_name: '自有品牌', custom_car_brand: '车型品牌名称', date_from: '开始日期', date_to: '结束日期', default_code: '自编码', delivery_days: '货期天数',
  delta: '调整数量', description: '说明', device: '支付设备', diagram: '图解', dismantled: '只看拆车件', display_name: '姓名', duration_months: '时长（月）',
  employee_limit: '员工上限', enabled: '启用状态', end_day: '结束日期', enquiry_id: '询价单', enquiry_no: '询价单号', entity: '对象类型', entity_id: '对象',
  expected_total_fen: '应付金额', factory_desc: '厂商说明', factory_make_id: '车型厂牌', fast: '快速模式', featured_stock_ids: '推荐商品', file_name: '文件名',
  file_path: '文件', friend_uuid: '好友', from_user_id: '发送人', group_id: '分组', group_name: '群名称', has: '条件', head_id: '负责人', head_image: '头像',
  holder_name: '持卡人', hotspots: '热点', id: '编号', ids: '所选项', ignore_invalid_price: '略去无价格', imageUri: '图片', image_url: '图片',
  images_url: '图片', images_width: '图片宽度', img_infos: '图片', import_id: '导入任务', initial: '首字母', intro: '简介', invoice_date: '开票日期',
  invoice_number: '发票号码', invoice_type: '发票类型', is_country: '只看越南库存', is_customer_service: '客服', is_default: '默认', is_in_member: '只看已加入',
  is_include_sender: '推送给自己', is_include_tax: '含税', k: '搜索内容', keep: '保留项', keep_id: '保留项', key: '键', keys: '键', keyword: '关键字',
  kind: '类型', lang: '语言', level_end: '会员到期日', level_id: '会员等级', level_type: '等级类型', licence_images: '营业执照图片', licence_no: '统一社会信用代码',
  limit: '条数', line_id: '询价行', lines: '明细', locked: '锁定', logistics_company: '物流公司', logistics_no: '物流单号', logo: '标志',
  main_brand_ids: '主营品牌', main_brands: '主营品牌', main_make_ids: '主营车型', make_id: '车型品牌', make_name: '车型品牌', mapping: '列对应',
  markup_pct: '加价', max_create_date: '创建日期止', max_price: '最高价格', max_stock_qty: '最大库存', max_uses: '总次数', members: '成员',
  members_max: '成员上限', members_min: '成员下限', merge: '合并项', merge_ids: '合并项', messageType: '消息类型', method: '方式', min_create_date: '创建日期起',
  min_price: '最低价格', min_stock_qty: '最小库存', mobile: '手机号', mode: '搜索方式', month: '月份', months: '质保月数', msg_to_uuid: '聊天对象', name: '名称', no: '单号',
  no_stock: '无货', note: '备注', oe: 'OE号', oe_list: 'OE号', oe_number: 'OE号', offline_allowed: '允许线下', offset: '起始位置', old_password: '原密码',
  operator: '操作人', order: '排序', order_line_id: '订单明细', order_no: '订单号', order_nos: '订单号', owner: '负责人', owner_codes: '负责人权限',
  pack_size: '包装数量', packs: '套餐', page_number: '页码', page_size: '每页条数', part_brand_id: '配件品牌', password: '密码', password2: '确认密码',
  pay_method: '支付方式', pay_status: '支付状态', payment_no: '支付单号', payout_ref: '付款凭证', performance: '参与业绩', permissions: '权限',
  phone: '电话', photos: '照片', position: '位置', price: '价格', price0: '批发价(不含税)', price1: '批发价(含税)', price2: '零售价(不含税)',
  price3: '零售价(含税)', price5: '钉箱费', price99: '标准价', price_colum_name: '价格列', price_column: '价格列', price_fen: '价格', price_lock: '价格锁定',
  producing_area: '产地', product_id: '库存', product_ids: '库存', product_name: '配件名称', product_qty: '数量', product_specification: '规格',
  grain: '统计周期', province: '省份', province_ids: '业绩省份', provider: '支付渠道', purpose: '用途', q: '搜索内容', qq: 'QQ', qty: '数量', qty_version: '库存版本', quality: '品质',
  quality_id: '品质', quality_name: '品质名称', quality_name_new: '品质', quantity: '库存数量', quote_ids: '报价', quote_per_day: '每日报价次数', rate_value: '汇率', reason: '原因', red_date: '红字发票开票日期', red_number: '红字发票号码',
  recharge_no: '充值单号', refresh: '刷新', refund_method: '退款方式', related: '关联项', remark: '备注', remarks: '备注', request_no: '申请单号',
  role: '角色', role_ids: '角色', round_to: '取整', sale_state: '销售状态', scene: '场景', scope: '范围', search_mode: '搜索方式', search_type: '搜索类型',
  search_value: '搜索内容', seller: '卖家', seller_codes: '卖家权限', seller_company_id: '卖家公司', seller_id: '卖家', seller_ids: '卖家', send: '立即发送', sender: '发送人',
  service: '服务', service_uuid: '客服', short_name: '简称', show_internal: '含内部商圈', side: '方向', since: '起始时间', sms_code: '短信验证码',
  sort: '排序', sort_field: '排序字段', sort_order: '排序方向', source: '来源', spec: '规格', spot: '现货', start_day: '开始日期', state: '状态', status: '状态', stock_id: '库存',
  stock_per_day: '每日库存查询次数', subgroup_id: '分组', supplier_code: '供应商编码', supplier_oe: 'OE号', supplier_vehicle: '适用车型', target: '对象',
  targetId: '聊天对象', target_price_field: '价格字段', tax_no: '税号', terminology_id: '配件分组', text: '文字', title: '标题', title_id: '标题',
  to_curr_code: '币种', to_curr_txt: '币种名称', to_group_id: '群聊', to_uuid: '聊天对象', token: '令牌', type: '类型', type_code: '类型', type_id: '品质',
  uom_name: '单位', url: '链接', user_id: '用户', user_uuid: '用户', username: '用户名', uuid: '用户', valid_days: '报价有效天数', value: '数值',
  vehicle_id: '车型', verified: '已验证', version: '版本', videos: '视频', vin: 'VIN码', vin_count: 'VIN 解析次数', viscosity: '粘度', vn_message: '越南语内容',
  volume_ml: '容量',
  vn_price: '越南价(越南盾)', vn_quantity: '越南库存', wechat: '微信', withdrawal_no: '提现单号', x: '横坐标', y: '纵坐标', zero_stock: '只看零库存', zone: '区域',
  // the open platform (docs/open-platform.md)
  audience: '发送对象', batch_id: '批次号', bundle_id: '权限包', cursor: '翻页游标', endpoint_id: '回调地址', erp_product_id: 'ERP 产品', events: '事件',
  expires_at: '到期时间', ip_allow: 'IP 白名单', key_id: '密钥', scopes: '权限范围', stock_threshold: '库存提醒阈值', updated_since: '更新时间起', vendor: '厂商',
  // promotion prices of paid services (docs/money.md#promotion-prices)
  end_at: '结束时间', level_ids: '会员等级', per_company: '每家企业次数', promotion_id: '促销', start_at: '开始时间',
  // customers and suppliers (docs/customers.md)
  days: '有效天数', invite_code: '邀请码', preferred: '优选供应商', price_level: '客户等级', tags: '客户标签',
  interval_km: '保养里程', interval_months: '保养月数', vehicle: '适用车型',
  // points (docs/points.md)
  // the performance bonus (docs/bonus.md)
  effective_month: '生效月份', bands: '奖励档位', from_fen: '档位下限', to_fen: '档位上限', rate_bp: '奖励比例',
  points: '积分', per_100_yuan: '每100元积分', order_cap: '每单上限', month_cap: '每月上限', notice_days: '过期提醒提前天数',
  category: '配件分类', image: '商品图片', stock: '库存', redemption_no: '兑换单号',
  // the Vietnam mall (docs/overseas.md "The Vietnam mall")
  stock_ids: '库存', price_mode: '定价方式', markup_bp: '加价率', floor_fen: '人民币底价', quantity_cap: '每行最多可售数量', offered: '上架状态',
  min_dong: '起始金额', amount_dong: '充值金额（越南盾）', max_dong: '结束金额', expected_total_dong: '应付总额', expected_dong: '应付金额', delivery_term: '交货方式',
  // warehouses and locations (docs/warehouse.md)
  warehouse_id: '仓库', location_id: '库位', to_code: '结束库位码', from_location_id: '调出库位', to_location_id: '调入库位',
  // stocktakes (docs/warehouse.md "Stocktake")
  stocktake_id: '盘点单', counted: '盘点数量', counted_at: '扫描时间', client_key: '盘点记录', diff_only: '只看差异', all: '全部',
};

/** The Chinese name of a field path (`lines.0.qty` → 数量), or '' when it has none. */
export const fieldName = (path: string): string => {
  const parts = path.split('.').filter((p) => p !== '' && !/^\d+$/.test(p));
  for (let i = parts.length - 1; i >= 0; i--) {
    if (Object.hasOwn(FIELD_NAMES, parts[i])) return FIELD_NAMES[parts[i]];
  }
  return '';
};

/** The refusal the edge answers for a field (docs/api.md, "Messages name fields in Chinese"). */
export const refusalText = (field: string, detail: string) => msg.invalidPayload(field, detail, fieldName(field));
