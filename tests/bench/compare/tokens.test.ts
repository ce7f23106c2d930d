import { describe, expect, it } from 'vitest';
import { indexTokens, naivePatterns, percentile, queryTokens, speedup } from './tokens';

describe('the comparison bench helpers', () => {
  it('gives the obvious implementation one pattern per exact word and one per character when fuzzy', () => {
    expect(naivePatterns('刹车片', 'exact')).toEqual(['%刹车片%']);
    expect(naivePatterns('片车片', 'fuzzy')).toEqual(['%片%', '%车%']);
    // wildcards typed by the user are matched literally
    expect(naivePatterns('50%_x', 'exact')).toEqual(['%50\\%\\_x%']);
  });

  it('indexes Chinese as characters and neighbour pairs, Latin and digit runs whole', () => {
    expect(indexTokens('博世 刹车片 BOSCH-0986')).toEqual(['博', '博世', '世', '刹', '刹车', '车', '车片', '片', 'bosch', '0986']);
  });

  it('asks the engine for bigrams when exact, characters when fuzzy, and an OE number typed with separators as one prefix', () => {
    expect(queryTokens('刹车片', 'exact').map((t) => t.term)).toEqual(['刹车', '车片']);
    expect(queryTokens('片', 'exact').map((t) => t.term)).toEqual(['片']);
    expect(queryTokens('片车刹', 'fuzzy').map((t) => t.term)).toEqual(['片', '车', '刹']);
    expect(queryTokens('06a-115-561', 'exact')).toEqual([{ term: '06a115561', prefix: true, fuzzy: false }]);
    expect(queryTokens('HCSOB', 'fuzzy')).toEqual([{ term: 'hcsob', prefix: false, fuzzy: true }]);
  });

  it('reports the nearest-rank p95 and the speed-up as naive over ours', () => {
    const xs = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(xs, 95)).toBe(96);
    expect(speedup(120, 24)).toBe(5);
    expect(speedup(undefined, 24)).toBeNull();
  });
});
