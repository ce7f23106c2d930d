/**
 * Which way a chat message is translated (requirements 001-7 translation: source auto, target Vietnamese, or
 * Chinese for Vietnamese text). Vietnamese is told by the letters only it uses among the two
 * (đ, ơ, ư, ă and the tone-marked vowels); anything else goes to Vietnamese.
 */
const VIETNAMESE = /[ăâđêôơưàáảãạằắẳẵặầấẩẫậèéẻẽẹềếểễệìíỉĩịòóỏõọồốổỗộờớởỡợùúủũụừứửữựỳýỷỹỵ]/i;

export type TranslateTarget = 'vi' | 'zh';

export const translateTargetOf = (text: string): TranslateTarget => (VIETNAMESE.test(text) ? 'zh' : 'vi');

/**
 * Whether a text written by someone is worth a translated line for a reader of `target` (docs/i18n.md,
 * "Translated lines"): it holds letters (an OE number alone does not), and it is written in the other
 * language (told as above: Vietnamese text goes to Chinese, anything else to Vietnamese).
 */
export const wantsTranslation = (text: string, target: TranslateTarget) => {
  const t = text.trim();
  return t !== '' && /\p{L}/u.test(t) && translateTargetOf(t) === target;
};
