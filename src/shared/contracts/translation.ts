import * as v from 'valibot';
import { defineEndpoint } from './endpoint';

/**
 * Translated lines under what people write (docs/i18n.md, "Translated lines"): the page names what it
 * shows (an enquiry, the Vietnam mall's offers) and its language; the server gathers the texts of
 * those that the caller may read and answers their translations.
 */
export const TRANSLATION_KINDS = ['enquiry', 'vn_offer'] as const;
export type TranslationKind = (typeof TRANSLATION_KINDS)[number];
/** ids per call: a page of the mall (20) or one enquiry, with room to spare */
export const TRANSLATION_MAX_IDS = 50;

export const translationText = {
  kind: '翻译对象只能是询价单或越南商城商品',
  ids: '请提供要翻译的编号',
  tooMany: `一次最多翻译${TRANSLATION_MAX_IDS}个`,
  target: '目标语言只能是 vi 或 zh',
};

export const translationEndpoints = {
  textTranslations: defineEndpoint({
    method: 'post', path: '/translations', tag: 'im', access: 'user',
    summary: '所读内容的译文（询价行、询价与报价备注、越南商城商品名称）：只译调用者可读的内容，每段文字每种语言只译一次；未配置翻译服务时 on 为 false',
    payload: v.object({
      kind: v.picklist(TRANSLATION_KINDS, translationText.kind),
      ids: v.pipe(
        v.array(v.pipe(v.number(translationText.ids), v.integer(translationText.ids), v.minValue(1, translationText.ids)), translationText.ids),
        v.minLength(1, translationText.ids), v.maxLength(TRANSLATION_MAX_IDS, translationText.tooMany),
      ),
      target: v.picklist(['vi', 'zh'], translationText.target),
    }),
    answer: v.object({
      /** whether a translation service is configured; false: nothing to show */
      on: v.boolean(),
      /** each text (as written) that has a translation, and its translation */
      items: v.array(v.object({ text: v.string(), translated: v.string() })),
    }),
  }),
} as const;
