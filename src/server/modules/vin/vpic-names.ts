/**
 * Chinese names for what vPIC writes in English: makes as Chinese buyers name them, countries,
 * and corgi's body styles. A name not listed is shown as vPIC writes it, never guessed.
 */
const MAKES: Record<string, string> = {
  ACURA: '讴歌', 'ALFA ROMEO': '阿尔法·罗密欧', 'ASTON MARTIN': '阿斯顿·马丁', AUDI: '奥迪', BENTLEY: '宾利', BMW: '宝马', BUICK: '别克',
  BYD: '比亚迪', CADILLAC: '凯迪拉克', CHEVROLET: '雪佛兰', CHRYSLER: '克莱斯勒', CITROEN: '雪铁龙', DODGE: '道奇', FERRARI: '法拉利',
  FIAT: '菲亚特', FORD: '福特', GENESIS: '捷尼赛思', GMC: 'GMC', HONDA: '本田', HYUNDAI: '现代', INFINITI: '英菲尼迪', ISUZU: '五十铃',
  JAGUAR: '捷豹', JEEP: 'Jeep', KIA: '起亚', LAMBORGHINI: '兰博基尼', 'LAND ROVER': '路虎', LEXUS: '雷克萨斯', LINCOLN: '林肯',
  LOTUS: '路特斯', MASERATI: '玛莎拉蒂', MAZDA: '马自达', 'MERCEDES-BENZ': '奔驰', MINI: 'MINI', MITSUBISHI: '三菱', NISSAN: '日产',
  PEUGEOT: '标致', POLESTAR: '极星', PORSCHE: '保时捷', RAM: 'Ram', RENAULT: '雷诺', 'ROLLS-ROYCE': '劳斯莱斯', SAAB: '萨博',
  SMART: 'smart', SUBARU: '斯巴鲁', SUZUKI: '铃木', TESLA: '特斯拉', TOYOTA: '丰田', VOLKSWAGEN: '大众', VOLVO: '沃尔沃',
};

const COUNTRIES: Record<string, string> = {
  'UNITED STATES (USA)': '美国', 'UNITED STATES': '美国', CANADA: '加拿大', MEXICO: '墨西哥', BRAZIL: '巴西', ARGENTINA: '阿根廷',
  GERMANY: '德国', 'UNITED KINGDOM (UK)': '英国', 'UNITED KINGDOM': '英国', FRANCE: '法国', ITALY: '意大利', SPAIN: '西班牙',
  PORTUGAL: '葡萄牙', BELGIUM: '比利时', NETHERLANDS: '荷兰', AUSTRIA: '奥地利', SWEDEN: '瑞典', FINLAND: '芬兰', 'CZECH REPUBLIC': '捷克',
  SLOVAKIA: '斯洛伐克', HUNGARY: '匈牙利', POLAND: '波兰', SLOVENIA: '斯洛文尼亚', ROMANIA: '罗马尼亚', RUSSIA: '俄罗斯', TURKEY: '土耳其',
  SWITZERLAND: '瑞士', JAPAN: '日本', 'SOUTH KOREA': '韩国', 'KOREA (SOUTH)': '韩国', CHINA: '中国', TAIWAN: '中国台湾', INDIA: '印度',
  THAILAND: '泰国', INDONESIA: '印度尼西亚', MALAYSIA: '马来西亚', PHILIPPINES: '菲律宾', VIETNAM: '越南', AUSTRALIA: '澳大利亚',
  'SOUTH AFRICA': '南非', MOROCCO: '摩洛哥', SERBIA: '塞尔维亚',
};

const BODIES: Record<string, string> = {
  Sedan: '三厢轿车', Coupe: '双门轿跑', Convertible: '敞篷车', Hatchback: '两厢车', SUV: 'SUV', Crossover: '跨界SUV', Wagon: '旅行车',
  Van: '厢式车', Minivan: 'MPV', Pickup: '皮卡', Truck: '卡车', Tractor: '牵引车', Trailer: '挂车', Bus: '客车', Motorcycle: '摩托车',
};

export const makeZh = (make: string | null): string | null => (make ? MAKES[make.toUpperCase()] ?? make : null);
export const countryZh = (country: string | null): string | null => (country ? COUNTRIES[country.toUpperCase()] ?? country : null);
/** corgi's "Other" says nothing a buyer can use: no body then. */
export const bodyZh = (body: string | null): string | null => (body && body !== 'Other' ? BODIES[body] ?? body : null);

/** vPIC writes plant cities in capitals (FREMONT, TOYOTA CITY): shown as Fremont, Toyota City. */
export const cityName = (city: string | null): string | null =>
  city ? city.toLowerCase().replace(/(^|[\s-])([a-z])/g, (_m, sep: string, c: string) => sep + c.toUpperCase()) : null;
