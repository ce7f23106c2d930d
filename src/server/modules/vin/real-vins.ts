/**
 * Real VINs of vehicles on the road, with what the NHTSA vPIC data says about them: 1HGCM82633A004352
 * is NHTSA's own example; the others are from the published test fixtures of @cardog/corgi (VINs of
 * vehicles listed for sale). The VIN tests and `npm run bench:vin` use them.
 */
export interface RealVin { vin: string; manufacturer: string; country: string; model: string | null; year: number; body: string | null; plant: string | null }

export const REAL_VINS: RealVin[] = [
  { vin: '1HGCM82633A004352', manufacturer: '本田', country: '美国', model: 'Accord', year: 2003, body: '双门轿跑', plant: null },
  { vin: '1FAGP8FF8S5112755', manufacturer: '福特', country: '美国', model: 'Mustang', year: 2025, body: '敞篷车', plant: 'Flat Rock，美国' },
  { vin: '4S4SLDB69T3023252', manufacturer: '斯巴鲁', country: '美国', model: 'Forester', year: 2026, body: 'SUV', plant: 'Lafayette，美国' },
  { vin: '5J8YE1H01SL802400', manufacturer: '讴歌', country: '美国', model: 'MDX', year: 2025, body: 'SUV', plant: null },
  { vin: 'WBAVL1C5XFVY41004', manufacturer: '宝马', country: '德国', model: 'X1', year: 2015, body: 'SUV', plant: null },
  { vin: 'W1KWF8EB3MR649946', manufacturer: '奔驰', country: '德国', model: 'C-Class', year: 2021, body: '三厢轿车', plant: null },
  { vin: 'WVWJF7CD8TW190545', manufacturer: '大众', country: '德国', model: 'Golf R', year: 2026, body: '两厢车', plant: 'Wolfsburg，德国' },
  { vin: 'WAUM2AF27KN066221', manufacturer: '奥迪', country: '德国', model: 'A6', year: 2019, body: '三厢轿车', plant: 'Neckarsulm，德国' },
  { vin: 'WP0AB2Y18LSA50759', manufacturer: '保时捷', country: '德国', model: 'Taycan', year: 2020, body: '三厢轿车', plant: null },
  { vin: 'JTDBBRBE6LJ007243', manufacturer: '丰田', country: '日本', model: null, year: 2020, body: null, plant: 'Toyota City，日本' },
  { vin: 'JM3KFBCM8P0225916', manufacturer: '马自达', country: '日本', model: 'CX-5', year: 2023, body: 'SUV', plant: null },
  { vin: 'JF2SLDRC1SH457958', manufacturer: '斯巴鲁', country: '日本', model: 'Forester', year: 2025, body: 'SUV', plant: 'Ota，日本' },
  { vin: 'JN8BT3AB4SW412749', manufacturer: '日产', country: '日本', model: 'Rogue', year: 2025, body: 'SUV', plant: 'Kyushu，日本' },
  { vin: 'JTHCK262785015684', manufacturer: '雷克萨斯', country: '日本', model: 'IS', year: 2008, body: '三厢轿车', plant: 'Tahara，日本' },
  { vin: 'KM8JDDD23SU377666', manufacturer: '现代', country: '韩国', model: 'Tucson', year: 2025, body: 'SUV', plant: 'Ulsan，韩国' },
  { vin: 'KL77LJE29TC062289', manufacturer: '雪佛兰', country: '韩国', model: 'Trax', year: 2026, body: 'SUV', plant: 'Changwon，韩国' },
  { vin: '3VV4B7AX5MM144910', manufacturer: '大众', country: '墨西哥', model: 'Tiguan', year: 2021, body: 'SUV', plant: 'Puebla，墨西哥' },
  { vin: '2HKRW2H20NH207506', manufacturer: '本田', country: '加拿大', model: 'CR-V', year: 2022, body: 'SUV', plant: 'Alliston，加拿大' },
  { vin: '2T3B1RFV0SC582226', manufacturer: '丰田', country: '加拿大', model: 'RAV4', year: 2025, body: 'SUV', plant: 'Cambridge，加拿大' },
  { vin: 'SALYB2RV4JA756586', manufacturer: '路虎', country: '英国', model: 'Range Rover Velar', year: 2018, body: 'SUV', plant: 'Solihull，英国' },
];
