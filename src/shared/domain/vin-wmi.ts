/**
 * World manufacturer identifiers (positions 1–3 of a VIN) → the maker as our users name it
 * ("many real VINs — Korean, American, most European plants — decode to no maker").
 * Sources: the WMIs the makers publish in their VIN guides and the SAE / NHTSA assignments; each
 * entry names the maker and, where a maker builds in several countries under its own WMI, the plant
 * country. Chinese joint ventures are named as they are sold in China. A WMI not listed decodes with
 * the country alone and a warning, never a guess.
 */
export const WMI_MAKERS: Readonly<Record<string, string>> = {
  // Germany
  WVW: '大众', WVG: '大众 SUV', WV1: '大众商用车', WV2: '大众商用车', WV3: '大众商用车', WAU: '奥迪', WA1: '奥迪 SUV', WUA: '奥迪 quattro',
  WBA: '宝马', WBS: '宝马 M', WBY: '宝马 i', WMW: 'MINI', WDB: '奔驰', WDD: '奔驰', WDC: '奔驰 SUV', WDF: '奔驰商用车', W1K: '奔驰',
  W1N: '奔驰 SUV', W1V: '奔驰商用车', WMX: '梅赛德斯-AMG', WME: 'smart', WP0: '保时捷', WP1: '保时捷 SUV', WF0: '福特(德国)', W0L: '欧宝',
  W0V: '欧宝', WMA: '曼恩(MAN)',
  // United Kingdom
  SAL: '路虎', SAJ: '捷豹', SAR: '罗孚', SCA: '劳斯莱斯', SCB: '宾利', SCC: '路特斯', SCF: '阿斯顿·马丁', SHH: '本田(英国)', SHS: '本田(英国)',
  SJN: '日产(英国)', SB1: '丰田(英国)', SFD: '亚历山大·丹尼斯',
  // France, Spain
  VF1: '雷诺', VF3: '标致', VF7: '雪铁龙', VR3: '标致', VR7: '雪铁龙', VR1: 'DS', VNK: '丰田(法国)', VF6: '雷诺卡车',
  VSS: '西雅特', VS6: '福特(西班牙)', VSK: '日产(西班牙)', VWV: '大众(西班牙)',
  // Italy
  ZFA: '菲亚特', ZFB: '菲亚特', ZAR: '阿尔法·罗密欧', ZLA: '蓝旗亚', ZFF: '法拉利', ZHW: '兰博基尼', ZAM: '玛莎拉蒂', ZCF: '依维柯',
  // Sweden, Czech Republic, Hungary, Russia
  YV1: '沃尔沃', YV4: '沃尔沃 SUV', YV2: '沃尔沃卡车', YS3: '萨博', YS2: '斯堪尼亚', TMB: '斯柯达', TMA: '现代(捷克)', TRU: '奥迪(匈牙利)',
  TSM: '铃木(匈牙利)', XTA: '拉达',
  // Japan
  JTD: '丰田', JTE: '丰田', JTN: '丰田', JT2: '丰田', JT3: '丰田', JTM: '丰田', JTH: '雷克萨斯', JTJ: '雷克萨斯 SUV', JHM: '本田',
  JHL: '本田', JH4: '讴歌', JN1: '日产', JN8: '日产', JNK: '英菲尼迪', JM1: '马自达', JM3: '马自达', JMZ: '马自达', JF1: '斯巴鲁',
  JF2: '斯巴鲁', JS2: '铃木', JS3: '铃木', JSA: '铃木', JA3: '三菱', JA4: '三菱', JMB: '三菱', JAA: '五十铃', JAL: '五十铃', JDA: '大发',
  // Korea
  KMH: '现代', KM8: '现代 SUV', KMF: '现代商用车', KNA: '起亚', KND: '起亚', KNE: '起亚', KNM: '雷诺三星', KPT: '双龙', KL1: '雪佛兰(韩国)',
  KLA: '大宇',
  // United States, Canada, Mexico
  '1G1': '雪佛兰', '1GC': '雪佛兰', '1GN': '雪佛兰', '1G6': '凯迪拉克', '1GY': '凯迪拉克', '1GT': 'GMC', '1GK': 'GMC', '1G4': '别克',
  '1FA': '福特', '1FM': '福特', '1FT': '福特', '1FD': '福特', '1LN': '林肯', '1C3': '克莱斯勒', '1C4': '克莱斯勒', '1C6': 'Ram', '1D7': '道奇',
  '1J4': 'Jeep', '1J8': 'Jeep', '1HG': '本田(美国)', '19X': '本田(美国)', '5FN': '本田(美国)', '5J6': '本田(美国)', '1N4': '日产(美国)',
  '1N6': '日产(美国)', '5N1': '日产(美国)', '4T1': '丰田(美国)', '4T3': '丰田(美国)', '5TD': '丰田(美国)', '5TF': '丰田(美国)',
  '4S3': '斯巴鲁(美国)', '4S4': '斯巴鲁(美国)', '4JG': '奔驰(美国)', '4US': '宝马(美国)', '5UX': '宝马(美国)', '5YJ': '特斯拉', '7SA': '特斯拉',
  '5NP': '现代(美国)', '5NM': '现代(美国)', '5XX': '起亚(美国)', '5XY': '起亚(美国)', '1VW': '大众(美国)', '1YV': '马自达(美国)',
  '2HG': '本田(加拿大)', '2HK': '本田(加拿大)', '2T1': '丰田(加拿大)', '2T3': '丰田(加拿大)', '2G1': '雪佛兰(加拿大)', '2C3': '克莱斯勒(加拿大)',
  '3VW': '大众(墨西哥)', '3FA': '福特(墨西哥)', '3GN': '雪佛兰(墨西哥)', '3N1': '日产(墨西哥)', '3MZ': '马自达(墨西哥)', '3KP': '起亚(墨西哥)',
  // Brazil, India, Southeast Asia, Australia, Turkey
  '9BW': '大众(巴西)', '9BG': '雪佛兰(巴西)', '9BD': '菲亚特(巴西)', '93Y': '雷诺(巴西)', MA1: '马恒达', MA3: '玛鲁蒂铃木', MAL: '现代(印度)',
  MAT: '塔塔', MAJ: '福特(印度)', MEE: '雷诺(印度)', MR0: '丰田(泰国)', MMB: '三菱(泰国)', MPA: '五十铃(泰国)', MHF: '丰田(印度尼西亚)',
  '6T1': '丰田(澳大利亚)', '6G1': '霍顿', '6FP': '福特(澳大利亚)', NMT: '丰田(土耳其)', NM0: '福特(土耳其)',
  // China: joint ventures and Chinese makers
  LSV: '上汽大众', LFV: '一汽-大众', LFP: '一汽轿车', LFM: '一汽丰田', LTV: '天津一汽丰田', LVG: '广汽丰田', LHG: '广汽本田',
  LVH: '东风本田', LGB: '东风日产', LDC: '神龙汽车', LBV: '华晨宝马', LE4: '北京奔驰', LSG: '上汽通用', LRB: '上汽通用别克', LNB: '北京现代',
  LBE: '北京现代', LJD: '东风悦达起亚', LVS: '长安福特', LVR: '长安马自达', LS5: '长安汽车', LVV: '奇瑞', L6T: '吉利', LB3: '吉利', LGX: '比亚迪',
  LC0: '比亚迪', LGW: '长城汽车', LRW: '特斯拉(上海)', LZW: '上汽通用五菱', LSJ: '上汽乘用车', LNP: '南京依维柯', LMG: '广汽乘用车',
  LWV: '广汽菲克', LYV: '沃尔沃(中国)',
};
